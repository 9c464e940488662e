/**
 * Dates in en-US numeric form (spec/administration-planning.md §9: 4/12/1990), or null for none or an
 * invalid one. In UTC: a date-only value ('1990-04-12') is midnight UTC, and the server's and the
 * browser's renderings of a timestamp must agree, whatever either machine's time zone.
 *
 * Written out rather than asked of Intl.DateTimeFormat, which gives the same text
 * (tests/unit/dates.test.ts): building that formatter loads the browser's locale data, a long task
 * of its own on a phone before a page with a date in it can respond.
 */
export function formatDate(value: string | null | undefined) {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`
}

/** Whether this is a time zone Intl knows ('Asia/Kolkata', 'UTC'); TIME_ZONE is checked with it at start. */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The zone of the machine this runs on: the organisation's unless TIME_ZONE says otherwise. */
export const systemTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

// One formatter per zone: building one per row would be a long task on a phone.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment (an ISO timestamp) as a person reads it: its date en-US numeric and its time, in the
 * organisation's time zone, named ('4/12/2026, 3:05 PM GMT+5:30'); null for none or an invalid one.
 * The zone comes from the server (TIME_ZONE), so the server's and the browser's renderings agree.
 */
export function formatDateTime(value: string | null | undefined, timeZone: string) {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  let format = dateTimeFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' })
    dateTimeFormats.set(timeZone, format)
  }
  return format.format(date)
}

/**
 * Every date in the product lies between these years: leave, cluster dates, Site
 * overrides, capacity periods. Outside them a date is a typing mistake, and an unbounded one makes
 * every reader pay for it (a timeline drawn from 1900 to 9999).
 */
export const FIRST_YEAR = 1900
export const LAST_YEAR = 2100
/** An ISO date or month (YYYY-MM-DD, YYYY-MM) whose year is FIRST_YEAR to LAST_YEAR. */
export const WITHIN_YEARS = /^(19\d\d|20\d\d|2100)-/
/** The sentence for a date outside those years, without a field name: the caller's error names the field. */
export const WITHIN_YEARS_MESSAGE = `Enter a date between ${FIRST_YEAR} and ${LAST_YEAR}`
/** A period whose end comes before its start: leave, cluster dates, a plan's instances. */
export const END_BEFORE_START = 'End date cannot be before start date'
