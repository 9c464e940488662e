import { describe, expect, test } from 'vitest'
import { TIMELINE_WINDOW_MONTHS, inWindow, timelineWindow, windowFor } from '#domain/schedule/window'
import { AXIS_WIDTH, BARS_PER_PAGE, MONTH_WIDTH, axisFor, axisMonths, axisOver, pageOfGroups, staffingOf } from '#app/features/timeline/layout'
import { splitByWindow } from '#app/features/timeline/chart'
import { monthsBetween } from '#domain/schedule/calendar'
import type { BarGroup, ShownBar } from '#app/features/timeline/layout'

/**
 * The timeline's window (issue 28): at most three years drawn, whatever the dates; around the
 * project's clusters by default; Earlier and Later a year either way; the rest listed.
 */

const bar = (startDate: string | null, endDate: string | null, deployedBy: string | null = null) => ({ startDate, endDate, deployedBy })
const TODAY = '2026-01-05'

describe('the default window', () => {
  test('a project that fits in three years: all of it, from its first Deployed By month; nothing earlier or later', () => {
    expect(timelineWindow([bar('2030-03-01', '2030-04-15', '2030-02-01'), bar('2030-04-10', '2030-05-31', '2030-03-10'), bar(null, null)], TODAY)).toEqual({
      from: '2030-02',
      to: '2033-01',
      earlier: null,
      later: null,
    })
  })

  test('a longer project: three years from a quarter before today, moved to lie within its months', () => {
    // Ongoing: from a quarter before today.
    expect(timelineWindow([bar('2020-01-01', '2020-02-01'), bar('2035-01-01', '2035-02-01')], TODAY)).toMatchObject({ from: '2025-10', to: '2028-09', earlier: '2024-10', later: '2026-10' })
    // Starting after that: from its start.
    expect(timelineWindow([bar('2030-03-01', '2030-04-15', '2030-02-01'), bar('2036-01-01', '2036-02-01', '2035-12-01')], TODAY)).toMatchObject({ from: '2030-02', to: '2033-01', earlier: null, later: '2031-02' })
    // Over before it: its last three years.
    expect(timelineWindow([bar('2010-01-01', '2010-02-01'), bar('2020-01-01', '2020-06-30')], TODAY)).toMatchObject({ from: '2017-07', to: '2020-06', earlier: '2016-07', later: null })
  })

  test('one cluster from 1900 to 2100 draws three years, not 2,412 months', () => {
    const window = timelineWindow([bar('1900-01-01', '2100-12-31', '1899-12-01'), bar('2030-03-01', '2030-04-15', '2030-02-01')], TODAY)
    expect(window).toEqual({ from: '2025-10', to: '2028-09', earlier: '2024-10', later: '2026-10' })
    expect(monthsBetween(window.from, window.to) + 1).toBe(TIMELINE_WINDOW_MONTHS)
  })

  test('no dated cluster: three years around today', () => {
    expect(timelineWindow([bar(null, null)], TODAY)).toEqual({ from: '2025-10', to: '2028-09', earlier: null, later: null })
  })
})

describe('a window asked for', () => {
  const bars = [bar('1900-01-01', '1900-03-31', '1899-12-01'), bar('2030-03-01', '2030-04-15', '2030-02-01'), bar('2100-11-01', '2100-12-31', '2100-10-01')]

  test('three years from the month asked, Earlier and Later a year either way while the project holds something there', () => {
    expect(timelineWindow(bars, TODAY, '2030-01')).toEqual({ from: '2030-01', to: '2032-12', earlier: '2029-01', later: '2031-01' })
  })

  test('at the ends of the product years: nothing before January 1900, nothing after December 2100', () => {
    expect(timelineWindow(bars, TODAY, '1900-01')).toEqual({ from: '1900-01', to: '1902-12', earlier: null, later: '1901-01' })
    expect(timelineWindow(bars, TODAY, '2100-06')).toEqual({ from: '2100-06', to: '2100-12', earlier: '2099-06', later: null })
    expect(timelineWindow(bars, TODAY, '2097-06')).toMatchObject({ to: '2100-05', later: '2098-01' })
  })

  test('a bar is drawn when it shares a day with the window; outside ones link to a window from their Deployed By month', () => {
    const window = { from: '2030-01', to: '2032-12' }
    expect(bars.map((row) => inWindow(row, window))).toEqual([false, true, false])
    expect(inWindow(bar('1900-01-01', '2100-12-31'), window)).toBe(true)
    expect(inWindow(bar('2032-12-31', '2040-01-01'), window)).toBe(true)
    expect(inWindow(bar('2033-01-01', '2040-01-01'), window)).toBe(false)
    expect(inWindow(bar(null, null), window)).toBe(false)
    // Not before 1900, and late enough for a whole window to end by 2100.
    expect(bars.map(windowFor)).toEqual(['1900-01', '2030-02', '2098-01'])
    expect(windowFor(bar(null, null))).toBeNull()
  })
})

describe('the chart in a window', () => {
  test('the axis spans the drawn bars within the window only: a bar from 1900 to 2100 reaches its edges', () => {
    const axis = axisFor([bar('1900-01-01', '2100-12-31', '1899-12-01')], { from: '2025-10', to: '2028-09' })!
    expect(axis.months).toHaveLength(36)
    expect([axis.months[0], axis.months.at(-1)]).toEqual(['2025-10', '2028-09'])
    // Thirty-six months fit the card: narrower months, a label every few of them.
    expect(axis.width).toBe(AXIS_WIDTH)
    expect(axis.monthWidth).toBe(AXIS_WIDTH / 36)
    expect(axis.labelEvery).toBe(6)
    expect(axis.x('2028-09-30')).toBeLessThanOrEqual(AXIS_WIDTH)
    expect(axis.x('1900-01-01')).toBe(0)
    expect(axis.has('1899-12-01')).toBe(false)
    expect(axis.has('2026-01-05')).toBe(true)
    // Inside a window, a small project's axis is its own months, as before.
    const small = axisFor([bar('2030-03-01', '2030-04-15', '2030-02-01')], { from: '2030-02', to: '2033-01' })!
    expect(small.months).toEqual(['2030-02', '2030-03', '2030-04'])
    expect([small.width, small.monthWidth, small.labelEvery]).toEqual([3 * MONTH_WIDTH, MONTH_WIDTH, 1])
  })

  test("a bar's staffing: none tagged, part of its requirement, or all of it (more counts as full)", () => {
    expect([staffingOf({ tagged: 0, requirement: 10 }), staffingOf({ tagged: 1, requirement: 10 }), staffingOf({ tagged: 9, requirement: 10 })]).toEqual(['none', 'part', 'part'])
    expect([staffingOf({ tagged: 3, requirement: 3 }), staffingOf({ tagged: 4, requirement: 3 }), staffingOf({ tagged: 0, requirement: 0 })]).toEqual(['full', 'full', 'full'])
  })

  test('bars outside the window are taken out of their groups and listed soonest first; undated ones are listed apart', () => {
    const shown = (cluster: string, startDate: string | null, endDate: string | null): ShownBar => ({ role: 'Rigger', cluster, startDate, endDate, overridden: false, deployedBy: null, requirement: 1, tagged: 0 })
    const groups: BarGroup[] = [
      { heading: 'A / B / C', instance: 'Bay 1', bars: [shown('Late', '2040-01-01', '2040-02-01'), shown('Now', '2030-03-01', '2030-04-01'), shown('Undated', null, null)] },
      { heading: 'A / B / C', instance: 'Bay 2', bars: [shown('Early', '1950-01-01', '1950-02-01')] },
    ]
    const { drawn, outside, undated } = splitByWindow(groups, { from: '2030-01', to: '2032-12' })
    expect(drawn.map((group) => [group.instance, group.bars.map((row) => row.cluster)])).toEqual([['Bay 1', ['Now']]])
    expect(outside.map(({ group, bar: row }) => `${group.instance} ${row.cluster}`)).toEqual(['Bay 2 Early', 'Bay 1 Late'])
    expect(undated.map(({ group, bar: row }) => `${group.instance} ${row.cluster}`)).toEqual(['Bay 1 Undated'])
  })
})

describe('pages of a large project (issue 29)', () => {
  const group = (name: string, bars: number): BarGroup => ({
    heading: 'Category / Site / Plan',
    instance: name,
    bars: Array.from({ length: bars }, (_, at): ShownBar => ({ role: 'Engineer', cluster: `Phase ${at}`, startDate: '2030-01-01', endDate: '2030-01-31', overridden: false, deployedBy: '2029-12-01', requirement: 1, tagged: 0 })),
  })
  const instances = (page: ReturnType<typeof pageOfGroups>) => page.groups.map((row) => row.instance)

  test('whole groups, at most BARS_PER_PAGE bars a page; a group larger than that is a page alone', () => {
    const groups = [group('A', 80), group('B', 80), group('C', 80), group('D', BARS_PER_PAGE + 1), group('E', 1)]
    expect([1, 2, 3, 4].map((page) => instances(pageOfGroups(groups, page)))).toEqual([['A', 'B'], ['C'], ['D'], ['E']])
    expect(pageOfGroups(groups, 1).pages).toBe(4)
  })

  test('a page before the first reads as the first, one past the last as the last; no groups is one empty page', () => {
    const groups = [group('A', BARS_PER_PAGE), group('B', 1)]
    expect([instances(pageOfGroups(groups, 0)), pageOfGroups(groups, 9).page, instances(pageOfGroups(groups, 9))]).toEqual([['A'], 2, ['B']])
    expect(pageOfGroups([], 1)).toEqual({ groups: [], page: 1, pages: 1 })
  })

  test('every page draws the months of the whole window: the axis made again from its first and last month is the same', () => {
    const axis = axisFor([bar('2030-03-10', '2030-04-15', '2030-02-01'), bar('2031-01-01', '2031-06-20')], { from: '2030-01', to: '2032-12' })!
    const again = axisOver(axisMonths(axis)!)
    expect([again.months, again.width, again.x('2030-03-10'), again.x('2031-06-20')]).toEqual([axis.months, axis.width, axis.x('2030-03-10'), axis.x('2031-06-20')])
    expect(axisMonths(null)).toBeNull()
  })
})
