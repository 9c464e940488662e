import type { TimelineBar } from '#domain/contracts/schedule'
import { daysBetween, monthRange, monthsFrom, type Day } from '#domain/schedule/calendar'
import { windowDays, type TimelineWindow } from '#domain/schedule/window'

/**
 * Where the timeline's bars go: a month axis wide enough for every dated bar and its Deployed By
 * date, within the window when one is given (at most three years, domain/schedule/window.ts), each
 * month the same width, a day's x found within its month. Pure, so the server draws the chart and
 * a test checks the arithmetic.
 */
/** The most a month is wide: a few months' plan reads at this scale. */
export const MONTH_WIDTH = 64
/** The most the axis is wide, whatever its months: with the names and the staffing, the chart fits its card at 1024 px. */
export const AXIS_WIDTH = 360
export const LABEL_WIDTH = 200
/** The staffing column right of the axis ("10/12 part"): nothing is written past the chart's edge. */
export const STAFFING_WIDTH = 80
/** The room a month label needs at 12 px ("Sep 2026"): labels are written every few months when months are narrower. */
const MONTH_LABEL_WIDTH = 60

export interface Axis {
  months: string[]
  start: Day
  /** The x of a day, from the axis start (months of any length are MONTH_WIDTH wide). */
  x: (day: Day) => number
  /** Whether a day lies on the axis (days off it are pinned to its ends by `x`). */
  has: (day: Day) => boolean
  width: number
  /** How wide each month is: MONTH_WIDTH, or less when that many months would pass AXIS_WIDTH. */
  monthWidth: number
  /** Label every this many months, so that no two labels overlap. */
  labelEvery: number
}

export function axisFor(bars: readonly Pick<TimelineBar, 'startDate' | 'endDate' | 'deployedBy'>[], window?: Pick<TimelineWindow, 'from' | 'to'>): Axis | null {
  const limits = window ? windowDays(window) : null
  // Within the window: a bar running past it reaches its edge, and no further.
  const clip = (day: Day) => (limits ? (day < limits.start ? limits.start : day > limits.end ? limits.end : day) : day)
  const days = bars.flatMap((bar) => (bar.startDate && bar.endDate ? [bar.startDate, bar.endDate, bar.deployedBy ?? bar.startDate].map(clip) : []))
  if (days.length === 0) return null
  const first = days.reduce((a, b) => (a < b ? a : b))
  const last = days.reduce((a, b) => (a > b ? a : b))
  const months = monthsFrom(first, last)
  const monthWidth = Math.min(MONTH_WIDTH, AXIS_WIDTH / months.length)
  const index = new Map(months.map((month, position) => [month, position]))
  // Worked out once per day: a plan's thousand bars share a few hundred dates.
  const placed = new Map<Day, number>()
  const x = (day: Day) => {
    let at = placed.get(day)
    if (at === undefined) placed.set(day, (at = place(day)))
    return at
  }
  const place = (day: Day) => {
    const month = day.slice(0, 7)
    const position = index.get(month)
    // Days off the axis (today, far from the plan) are pinned to its ends.
    if (position === undefined) return day < first ? 0 : months.length * monthWidth
    const range = monthRange(month)
    const length = daysBetween(range.start, range.end) + 1
    return position * monthWidth + (daysBetween(range.start, day) / length) * monthWidth
  }
  const has = (day: Day) => index.has(day.slice(0, 7))
  return { months, start: `${months[0]}-01`, x, has, width: months.length * monthWidth, monthWidth, labelEvery: Math.ceil(MONTH_LABEL_WIDTH / monthWidth) }
}

/** A bar's staffing: nobody tagged, some of its requirement, or all of it. */
export type Staffing = 'none' | 'part' | 'full'
export const staffingOf = ({ tagged, requirement }: { tagged: number; requirement: number }): Staffing => (tagged >= requirement ? 'full' : tagged > 0 ? 'part' : 'none')

/** A bar's left edge and width: from the start of its first day to the end of its last. */
export function barSpan(axis: Axis, startDate: Day, endDate: Day) {
  const left = axis.x(startDate)
  const right = axis.x(endDate) + axis.monthWidth / 31
  return { left, width: Math.max(2, right - left) }
}

/** A bar as the page draws it: what is shared with its group said once, by the group. */
export type ShownBar = Pick<TimelineBar, 'startDate' | 'endDate' | 'overridden' | 'deployedBy' | 'requirement' | 'tagged'> & { role: string; cluster: string }
export interface BarGroup {
  heading: string
  instance: string
  bars: ShownBar[]
}

/**
 * The bars grouped as the screen lists them: by category / entity / type, then instance, in plan
 * order. Only what the page shows is kept, because the loader's answer is sent twice (as HTML and
 * as the data that hydrates it): for the largest bench project this halves the document.
 */
export function groupBars(bars: readonly TimelineBar[]): BarGroup[] {
  const groups = new Map<string, BarGroup>()
  for (const bar of bars) {
    const key = `${bar.category}/${bar.entity}/${bar.type}/${bar.instance._id}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { heading: `${bar.category} / ${bar.entity} / ${bar.type}`, instance: bar.instance.name, bars: [] }))
    const { startDate, endDate, overridden, deployedBy, requirement, tagged } = bar
    group.bars.push({ role: bar.role.name, cluster: bar.clusterLabel, startDate, endDate, overridden, deployedBy, requirement, tagged })
  }
  return [...groups.values()]
}

/**
 * The months an axis spans, as data a loader can send (an Axis holds functions), and the axis
 * again from them: every page of the chart draws the same months, so months line up from page to page.
 */
export const axisMonths = (axis: Axis | null) => (axis ? { from: axis.months[0]!, to: axis.months.at(-1)! } : null)
export const axisOver = (months: { from: string; to: string }) => axisFor([{ startDate: `${months.from}-01`, endDate: monthRange(months.to).end, deployedBy: null }])!

/**
 * The most bars one page of the chart or the table draws: a project of 960 clusters
 * drawn at once is a 25,000-pixel chart and half a megabyte of page, which no phone renders in
 * time and no planner reads whole. Groups stay whole; a group larger than this is a page alone.
 */
export const BARS_PER_PAGE = 200

/** The groups of one page (1 the first; one past the last reads as the last), how many pages there are, and the bars in all. */
export function pageOfGroups(groups: readonly BarGroup[], page: number) {
  const pages: BarGroup[][] = [[]]
  let count = 0
  for (const group of groups) {
    if (count > 0 && count + group.bars.length > BARS_PER_PAGE) {
      pages.push([])
      count = 0
    }
    pages.at(-1)!.push(group)
    count += group.bars.length
  }
  const shown = Math.min(Math.max(1, page), pages.length)
  return { groups: pages[shown - 1]!, page: shown, pages: pages.length }
}
