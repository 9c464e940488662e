import { FIRST_YEAR, LAST_YEAR } from '../dates'
import { addMonths, monthOf, monthRange, monthsBetween, overlaps, type Day, type Month } from './calendar'

/**
 * The timeline's window: the months its chart draws, at most three years, whatever the
 * dates a project holds. Without it one cluster dated 1900 to 2100 drew 2,400 months for every
 * viewer. Clusters outside the window are listed under the chart, each with a link to a window
 * that shows it. Pure: the API answers the window, the page draws it, a unit test checks the rule.
 */

/** The most months the chart draws at once. */
export const TIMELINE_WINDOW_MONTHS = 36
/** How far Earlier and Later move the window: a year, so each step keeps two years in view. */
export const TIMELINE_STEP_MONTHS = 12
/** A project longer than the window opens this many months before today's, so what began lately shows. */
export const TIMELINE_MONTHS_BEFORE_TODAY = 3

const FIRST_MONTH: Month = `${FIRST_YEAR}-01`
const LAST_MONTH: Month = `${LAST_YEAR}-12`
/** The latest month a whole window can start at. */
const LAST_START: Month = addMonths(LAST_MONTH, -(TIMELINE_WINDOW_MONTHS - 1))

export interface TimelineWindow {
  /** The first and last months drawn (YYYY-MM), at most TIMELINE_WINDOW_MONTHS apart. */
  from: Month
  to: Month
  /** Where Earlier and Later move the window (its new `from`); null when the project holds nothing that way. */
  earlier: Month | null
  later: Month | null
}

/** What the window reads of a bar: its dates and its Deployed By date. */
export interface DatedBar {
  startDate: string | null
  endDate: string | null
  deployedBy: string | null
}

const earliest = (a: Month, b: Month) => (a < b ? a : b)
const latest = (a: Month, b: Month) => (a > b ? a : b)
/** A month within the product's years (domain/dates.ts). */
const withinYears = (month: Month) => latest(FIRST_MONTH, earliest(LAST_MONTH, month))

/** The first and last months a bar touches, its Deployed By mark included; null when it is undated. */
function monthsOf(bar: DatedBar): { first: Month; last: Month } | null {
  if (!bar.startDate || !bar.endDate) return null
  const first = monthOf(bar.deployedBy && bar.deployedBy < bar.startDate ? bar.deployedBy : bar.startDate)
  return { first, last: monthOf(bar.endDate) }
}

/**
 * The window a timeline shows. Asked for (`from`, a month of the product's years): the three years
 * from it. Otherwise, around the project's dated clusters: all of them when they fit in three
 * years; else the three years from a quarter before today, moved to lie within the project's
 * months (a project that starts after them opens at its start, one that ended before them at its
 * last three years). No dated cluster: the three years around today.
 */
export function timelineWindow(bars: readonly DatedBar[], today: Day, from?: Month): TimelineWindow {
  let first: Month | null = null
  let last: Month | null = null
  for (const bar of bars) {
    const span = monthsOf(bar)
    if (!span) continue
    first = first === null ? span.first : earliest(first, span.first)
    last = last === null ? span.last : latest(last, span.last)
  }
  const aroundToday = addMonths(monthOf(today), -TIMELINE_MONTHS_BEFORE_TODAY)
  let start: Month
  if (from) start = from
  else if (first === null || last === null) start = aroundToday
  else if (monthsBetween(first, last) < TIMELINE_WINDOW_MONTHS) start = first
  else start = latest(first, earliest(aroundToday, addMonths(last, -(TIMELINE_WINDOW_MONTHS - 1))))
  start = withinYears(start)
  const to = earliest(addMonths(start, TIMELINE_WINDOW_MONTHS - 1), LAST_MONTH)
  const back = withinYears(addMonths(start, -TIMELINE_STEP_MONTHS))
  const ahead = earliest(addMonths(start, TIMELINE_STEP_MONTHS), LAST_START)
  return {
    from: start,
    to,
    earlier: first !== null && first < start && back < start ? back : null,
    later: last !== null && last > to && ahead > start ? ahead : null,
  }
}

/** The days a window covers: from the first day of its first month to the last day of its last. */
export const windowDays = (window: Pick<TimelineWindow, 'from' | 'to'>) => ({ start: `${window.from}-01`, end: monthRange(window.to).end })

/** Whether the chart draws a dated bar in the window: its dates share a day with it. Undated bars are in no window. */
export const inWindow = (bar: DatedBar, window: Pick<TimelineWindow, 'from' | 'to'>) =>
  Boolean(bar.startDate && bar.endDate) && overlaps({ start: bar.startDate!, end: bar.endDate! }, windowDays(window))

/** The window that shows a bar outside the current one: from its Deployed By month (its start's when it has none). */
export const windowFor = (bar: DatedBar): Month | null => {
  const span = monthsOf(bar)
  return span ? earliest(withinYears(span.first), LAST_START) : null
}
