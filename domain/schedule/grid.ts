import { FIRST_YEAR, LAST_YEAR, formatDate } from '../dates'
import type { Conflict } from './assignments'
import { addDays, addMonths, daysBetween, intersection, monthOf, monthRange, type Day, type Range } from './calendar'
import { hireQueue, type HireNeed, type Slot } from './capacity'

/**
 * The Schedule's grid: people × weeks (or months). Pure: the API places every bar, leave
 * and overlap in the window, the page draws them, unit tests check the arithmetic
 * (tests/unit/schedule-grid.test.ts). A week starts on Monday (docs/decisions.md).
 */

export const SCHEDULE_ZOOMS = ['weeks', 'months'] as const
export type Zoom = (typeof SCHEDULE_ZOOMS)[number]

/** The default window: twelve columns, a quarter of weeks or a year of months. */
export const DEFAULT_SPAN = 12
/** The most columns a window holds: half a year of weeks, two years of months, still readable on a desk. */
export const SPAN_MAX = 26

/** A Monday (1 January 2001) to count weekdays from. */
const A_MONDAY: Day = '2001-01-01'
const FIRST_DAY_OF_YEARS: Day = `${FIRST_YEAR}-01-01`
const LAST_DAY_OF_YEARS: Day = `${LAST_YEAR}-12-31`

/** The Monday of the week holding `day`. */
export const mondayOf = (day: Day): Day => addDays(day, -(((daysBetween(A_MONDAY, day) % 7) + 7) % 7))

export type Column = Range

export interface ScheduleWindow extends Range {
  zoom: Zoom
  columns: Column[]
  /** How many days the window covers: what a bar's offsets are counted against. */
  days: number
  /** The first day of the windows either side (a whole window away); null past the product's years. */
  previous: Day | null
  next: Day | null
}

/** Where a window of `span` columns starts when asked for `day`: its week's Monday, or its month's first day. */
const startOf = (zoom: Zoom, day: Day) => (zoom === 'weeks' ? mondayOf(day) : `${monthOf(day)}-01`)

/** The columns of `span` weeks or months from `start` (already a Monday or a first day). */
function columnsFrom(zoom: Zoom, start: Day, span: number): Column[] {
  return Array.from({ length: span }, (_, at) => {
    if (zoom === 'weeks') return { start: addDays(start, 7 * at), end: addDays(start, 7 * at + 6) }
    return monthRange(addMonths(monthOf(start), at))
  })
}

/** The start of the window `by` windows away from `start` (negative: before), or null when it lies outside the product's years. */
function shifted(zoom: Zoom, start: Day, span: number, by: number): Day | null {
  const day = zoom === 'weeks' ? addDays(start, 7 * span * by) : `${addMonths(monthOf(start), span * by)}-01`
  // The link carries it as `from`, a date of the product's years (domain/dates.ts).
  return day < FIRST_DAY_OF_YEARS || day > LAST_DAY_OF_YEARS ? null : day
}

/**
 * The window shown: `span` weeks from the Monday of the week holding `from` (today when not asked),
 * or `span` months from the first of its month; and where Previous and Next lead, a window away.
 */
export function scheduleWindow(zoom: Zoom, today: Day, from?: Day, span = DEFAULT_SPAN): ScheduleWindow {
  const start = startOf(zoom, from ?? today)
  const columns = columnsFrom(zoom, start, span)
  const end = columns.at(-1)!.end
  return { zoom, start, end, columns, days: daysBetween(start, end) + 1, previous: shifted(zoom, start, span, -1), next: shifted(zoom, start, span, 1) }
}

/** Days from the window's first (0) to its last, inclusive: where a bar starts and ends inside it. */
export interface Placed {
  first: number
  last: number
  /** Whether the range runs on before or after the window (the bar is cut at its edge). */
  before: boolean
  after: boolean
}

/** A range as the window draws it, cut at its edges; null when it lies outside. */
export function place(window: Range, range: Range): Placed | null {
  const shown = intersection(window, range)
  if (!shown) return null
  return { first: daysBetween(window.start, shown.start), last: daysBetween(window.start, shown.end), before: range.start < window.start, after: range.end > window.end }
}

/** The column a day falls in (0 first), or null outside the window. */
export function columnOf(window: Pick<ScheduleWindow, 'columns'>, day: Day): number | null {
  const at = window.columns.findIndex((column) => column.start <= day && day <= column.end)
  return at < 0 ? null : at
}

/**
 * Where a person's assignments overlap each other or their leave, inside the window: the days each
 * clash shares (as `conflicts`/`withLeave` found them, so a rule there, such as a hand-over not
 * being a conflict, holds here too), each stretch once, earliest first. `ids`: the assignments of
 * the row (all the person's, or one project's).
 */
export function overlapsOf(found: readonly Conflict[], ids: ReadonlySet<string>, window: Range): { kind: 'assignment' | 'leave'; days: Range }[] {
  const seen = new Map<string, { kind: 'assignment' | 'leave'; days: Range }>()
  for (const conflict of found) {
    if (!ids.has(conflict.assignment.id)) continue
    for (const clash of conflict.clashes) {
      const days = intersection(clash.days, window)
      if (!days) continue
      const key = `${clash.kind}|${days.start}|${days.end}`
      if (!seen.has(key)) seen.set(key, { kind: clash.kind, days })
    }
  }
  return [...seen.values()].sort((a, b) => a.days.start.localeCompare(b.days.start) || a.days.end.localeCompare(b.days.end) || a.kind.localeCompare(b.kind))
}

/** A placeholder row: unfilled demand of one role on one instance's cluster item, with its dates and hire-by date. */
export interface Placeholder extends HireNeed {
  instanceId: string
  dates: Range
}

/**
 * Unfilled demand in the window, one line per role, project, instance and cluster item, by the
 * hire-by queue's own rules (`hireQueue`: requirement minus tagged, hire by the start minus the
 * role's lead time), asked instance by instance so each line names where to assign. Only the lines
 * whose dates share a day with the window; by role, then hire-by date as the queue sorts them.
 */
export function placeholders(slots: readonly Slot[], leadMonthsOf: (roleId: string) => number, today: Day, window: Range): Placeholder[] {
  const byInstance = new Map<string, Slot[]>()
  for (const slot of slots) {
    if (!slot.dates || !intersection(slot.dates, window)) continue
    const list = byInstance.get(slot.instanceId)
    if (list) list.push(slot)
    else byInstance.set(slot.instanceId, [slot])
  }
  const lines: Placeholder[] = []
  for (const [instanceId, own] of byInstance) {
    const datesOf = new Map(own.map((slot) => [`${slot.roleId}|${slot.projectId}|${slot.clusterKey}`, slot.dates!]))
    for (const line of hireQueue(own, leadMonthsOf, today)) lines.push({ ...line, instanceId, dates: datesOf.get(`${line.roleId}|${line.projectId}|${line.clusterKey}`)! })
  }
  return lines.sort(placeholderOrder)
}

/** The order of placeholder lines: hire-by date, the larger need, then instance and cluster item (a stable sort keeps the rest as they came). */
export const placeholderOrder = (a: Placeholder, b: Placeholder) =>
  a.hireBy.localeCompare(b.hireBy) || b.needed - a.needed || a.instanceId.localeCompare(b.instanceId) || a.clusterKey.localeCompare(b.clusterKey)

/** "Engineer × 3 needed · Skyline Towers / Tower A / Excavation · hire by 12/1/2026": a placeholder in words. */
export const placeholderLabel = (role: string, needed: number, place: string, hireBy: Day) => `${role} × ${needed} needed · ${place} · hire by ${formatDate(hireBy)}`

/**
 * One page of grouped rows, `size` a page, groups kept in order: each group's people, then its
 * placeholders, all counted as rows, so a page is never heavier than `size` rows whatever the
 * demand (docs/decisions.md). A page past the last reads as the last.
 */
export function pageOfGroups<Group extends { rows: readonly unknown[]; placeholders: readonly unknown[] }>(groups: readonly Group[], page: number, size: number) {
  const total = groups.reduce((sum, group) => sum + group.rows.length + group.placeholders.length, 0)
  const shown = Math.min(page, Math.max(1, Math.ceil(total / size)))
  const first = (shown - 1) * size
  const last = first + size
  const paged: Group[] = []
  let before = 0
  for (const group of groups) {
    const cut = <Item>(items: readonly Item[], from: number) => items.slice(Math.max(0, first - from), Math.max(0, last - from))
    const rows = cut(group.rows, before)
    const placeholders = cut(group.placeholders, before + group.rows.length)
    if (rows.length > 0 || placeholders.length > 0) paged.push({ ...group, rows, placeholders })
    before += group.rows.length + group.placeholders.length
  }
  return { page: shown, total, groups: paged }
}
