/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so that a server and a browser in any time
 * zone agree. Ranges are inclusive at both ends: a cluster from 1 March to 15 April covers both days.
 *
 * Every answer is a four-digit year, 0001 to 9999: a step past either end stops at it (a month
 * "10000-01" broke the capacity screen). The product's own dates lie far inside
 * (domain/dates.ts, 1900 to 2100); the bound is what keeps arithmetic on them a date.
 */

export type Day = string
/** A period with both ends set, inclusive. */
export interface Range {
  start: Day
  end: Day
}
/** A month as YYYY-MM. */
export type Month = string

/** The first and last days four digits write. */
export const FIRST_DAY: Day = '0001-01-01'
export const LAST_DAY: Day = '9999-12-31'
const FIRST_MONTH_INDEX = 1 * 12
const LAST_MONTH_INDEX = 9999 * 12 + 11

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
const parts = (day: Day) => day.split('-').map(Number) as [number, number, number]
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
/** Days in a month (1-12), by the Gregorian rule itself: Date.UTC reads years 0-99 as 1900-1999. */
const daysIn = (year: number, month: number) => (month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31)
const asUtc = (day: Day) => {
  const [year, month, date] = parts(day)
  const time = new Date(0)
  time.setUTCFullYear(year, month - 1, date)
  return time.getTime()
}
const fromUtc = (time: number) => {
  const date = new Date(time)
  const year = date.getUTCFullYear()
  if (year > 9999) return LAST_DAY
  if (year < 1) return FIRST_DAY
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}
/** A month index (year × 12 + month − 1) as YYYY-MM, stopped at 0001-01 and 9999-12. */
const monthAt = (index: number): Month => {
  const at = Math.min(LAST_MONTH_INDEX, Math.max(FIRST_MONTH_INDEX, index))
  return `${pad(Math.floor(at / 12), 4)}-${pad((at % 12) + 1)}`
}
const indexOf = (month: Month) => {
  const [year, index] = parts(month)
  return year * 12 + index - 1
}

/**
 * `months` calendar months before `day`. A day the target month does not have becomes its last day:
 * one month before 31 March is 28 February (29 in a leap year), the rule of Deployed By (spec/administration-planning.md §9).
 */
export function monthsBefore(day: Day, months: number): Day {
  const [year, month, date] = parts(day)
  const index = year * 12 + (month - 1) - months
  if (index > LAST_MONTH_INDEX) return LAST_DAY
  if (index < FIRST_MONTH_INDEX) return FIRST_DAY
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(date, daysIn(targetYear, targetMonth)))}`
}

/** The month `months` after `month` (before it when negative), stopped at 0001-01 and 9999-12. */
export const addMonths = (month: Month, months: number): Month => monthAt(indexOf(month) + months)

/** Whole months from `from` to `to` (YYYY-MM): 0 for the same month, negative when `to` is earlier. */
export const monthsBetween = (from: Month, to: Month) => indexOf(to) - indexOf(from)

/** Whole days from `from` to `to`: negative when `to` is earlier. */
export const daysBetween = (from: Day, to: Day) => Math.round((asUtc(to) - asUtc(from)) / 86_400_000)

export const addDays = (day: Day, days: number) => fromUtc(asUtc(day) + days * 86_400_000)

/** Whether two inclusive ranges share at least one day: touching ends overlap. */
export const overlaps = (a: Range, b: Range) => a.start <= b.end && b.start <= a.end

/** The days two ranges share, or null when none. */
export function intersection(a: Range, b: Range): Range | null {
  if (!overlaps(a, b)) return null
  return { start: a.start > b.start ? a.start : b.start, end: a.end < b.end ? a.end : b.end }
}

export const monthOf = (day: Day): Month => day.slice(0, 7)

/** A month's first and last days. */
export function monthRange(month: Month): Range {
  const [year, index] = parts(month)
  return { start: `${month}-01`, end: `${month}-${pad(daysIn(year, index))}` }
}

/** Every month from the one holding `from` to the one holding `to`, in order; none when `to` comes first. */
export function monthsFrom(from: Day, to: Day): Month[] {
  const [startYear, startMonth] = parts(from)
  const [endYear, endMonth] = parts(to)
  const months: Month[] = []
  const first = Math.max(FIRST_MONTH_INDEX, startYear * 12 + startMonth - 1)
  const last = Math.min(LAST_MONTH_INDEX, endYear * 12 + endMonth - 1)
  for (let index = first; index <= last; index++) months.push(monthAt(index))
  return months
}

