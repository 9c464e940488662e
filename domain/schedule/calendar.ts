/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), in UTC so that a server and a browser in any time
 * zone agree. Ranges are inclusive at both ends: a cluster from 1 March to 15 April covers both days.
 */

export type Day = string
/** A period with both ends set, inclusive. */
export interface Range {
  start: Day
  end: Day
}
/** A month as YYYY-MM. */
export type Month = string

const pad = (value: number, width = 2) => String(value).padStart(width, '0')
const parts = (day: Day) => day.split('-').map(Number) as [number, number, number]
const asUtc = (day: Day) => {
  const [year, month, date] = parts(day)
  return Date.UTC(year, month - 1, date)
}
const fromUtc = (time: number) => {
  const date = new Date(time)
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/**
 * `months` calendar months before `day`. A day the target month does not have becomes its last day:
 * one month before 31 March is 28 February (29 in a leap year), the rule of Deployed By (§9).
 */
export function monthsBefore(day: Day, months: number): Day {
  const [year, month, date] = parts(day)
  const index = year * 12 + (month - 1) - months
  const targetYear = Math.floor(index / 12)
  const targetMonth = (index % 12) + 1
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate()
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(date, lastDay))}`
}

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
  const [year, index] = month.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate()
  return { start: `${month}-01`, end: `${month}-${pad(last)}` }
}

/** Every month from the one holding `from` to the one holding `to`, in order; none when `to` comes first. */
export function monthsFrom(from: Day, to: Day): Month[] {
  const [startYear, startMonth] = parts(from)
  const [endYear, endMonth] = parts(to)
  const months: Month[] = []
  for (let index = startYear * 12 + startMonth - 1; index <= endYear * 12 + endMonth - 1; index++) {
    months.push(`${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`)
  }
  return months
}

