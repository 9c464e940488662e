import { describe, expect, test } from 'vitest'
import { heat, monthLabel, periodOf, readChoice } from '#app/features/capacity/period'
import { hrefOf } from '#app/lib/search'
import { pageOfList } from '#domain/pages'
import type { TimelineBar } from '#domain/contracts/schedule'
import { MONTH_WIDTH, axisFor, barSpan, groupBars } from '#app/features/timeline/layout'

/** The capacity screen's GET form and the timeline's drawing arithmetic (issue 13). */

describe('capacity: the GET form', () => {
  test('months and ids are taken; anything else counts as not given', () => {
    const id = 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'
    expect(readChoice(new URLSearchParams({ from: '2030-03', to: '2030-13', projectId: id, roleId: 'x' }))).toEqual({
      from: '2030-03',
      to: '',
      projectId: id.toLowerCase(),
      roleId: '',
    })
  })

  test('the period runs from the first day of the first month to the last day of the last; blanks are left to the API', () => {
    expect(periodOf({ from: '2028-02', to: '2028-02', projectId: '', roleId: '' })).toEqual({ from: '2028-02-01', to: '2028-02-29', projectId: undefined, roleId: undefined })
    expect(periodOf({ from: '', to: '', projectId: 'p', roleId: '' })).toEqual({ from: undefined, to: undefined, projectId: 'p', roleId: undefined })
  })

  test('the export link carries only what was chosen', () => {
    expect(hrefOf('/capacity/export', { from: '2030-03', to: '', projectId: '', roleId: 'r' })).toBe('/capacity/export?from=2030-03&roleId=r')
  })

  test('the hire-by queue shows 50 lines a page; a page past the last reads as the last; an empty queue is one empty page', () => {
    const queue = Array.from({ length: 120 }, (_, at) => at)
    expect(pageOfList(queue, 1)).toEqual({ page: 1, rows: queue.slice(0, 50), total: 120 })
    expect(pageOfList(queue, 3)).toEqual({ page: 3, rows: queue.slice(100), total: 120 })
    expect(pageOfList(queue, 9)).toEqual({ page: 3, rows: queue.slice(100), total: 120 })
    expect(pageOfList([], 4)).toEqual({ page: 1, rows: [], total: 0 })
  })

  test('the heat scale: nothing open is 0, all of it open is 4, in quarters between', () => {
    expect([heat({ demand: 0, gap: 0 }), heat({ demand: 8, gap: 0 }), heat({ demand: 8, gap: 1 }), heat({ demand: 8, gap: 4 }), heat({ demand: 8, gap: 7 }), heat({ demand: 8, gap: 8 })]).toEqual([0, 0, 1, 2, 4, 4])
  })

  test('months read as column headings', () => {
    expect(monthLabel('2030-03')).toBe('Mar 2030')
  })
})

describe('timeline: the axis and the bars', () => {
  const bar = (startDate: string | null, endDate: string | null, deployedBy: string | null) => ({ startDate, endDate, deployedBy })

  test('the axis spans every dated bar and its Deployed By date, a month each; undated bars do not count', () => {
    const axis = axisFor([bar('2030-03-01', '2030-04-15', '2030-02-01'), bar(null, null, null)])!
    expect(axis.months).toEqual(['2030-02', '2030-03', '2030-04'])
    expect(axis.width).toBe(3 * MONTH_WIDTH)
    expect(axis.x('2030-02-01')).toBe(0)
    expect(axis.x('2030-03-01')).toBe(MONTH_WIDTH)
    // Halfway through a 30-day month: 15 days in.
    expect(axis.x('2030-04-16')).toBe(2 * MONTH_WIDTH + MONTH_WIDTH / 2)
    expect(axisFor([bar(null, null, null)])).toBeNull()
  })

  test('days off the axis are pinned to its ends; a one-day bar is still visible', () => {
    const axis = axisFor([bar('2030-03-01', '2030-03-01', '2030-02-01')])!
    expect(axis.x('2026-11-25')).toBe(0)
    expect(axis.x('2031-01-01')).toBe(axis.width)
    expect(barSpan(axis, '2030-03-01', '2030-03-01').width).toBeGreaterThanOrEqual(2)
  })

  test('bars are grouped by category / entity / type and instance, in order, each keeping only what the page shows', () => {
    const of = (instance: string, type = 'Standard'): TimelineBar => ({
      category: 'Residential',
      entity: 'Tower',
      type,
      instance: { _id: instance, name: `Tower ${instance}` },
      role: { _id: 'r1', name: 'Electrician' },
      clusterLabel: 'Excavation',
      startDate: '2030-03-01',
      endDate: '2030-04-15',
      overridden: true,
      deployedBy: '2030-02-01',
      requirement: 6,
      tagged: 4,
    })
    const groups = groupBars([of('a'), of('b'), of('a'), of('a', 'Bare')])
    expect(groups.map((group) => [group.heading, group.instance, group.bars.length])).toEqual([
      ['Residential / Tower / Standard', 'Tower a', 2],
      ['Residential / Tower / Standard', 'Tower b', 1],
      ['Residential / Tower / Bare', 'Tower a', 1],
    ])
    expect(groups[0]!.bars[0]).toEqual({ role: 'Electrician', cluster: 'Excavation', startDate: '2030-03-01', endDate: '2030-04-15', overridden: true, deployedBy: '2030-02-01', requirement: 6, tagged: 4 })
  })
})
