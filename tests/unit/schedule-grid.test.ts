import { describe, expect, test } from 'vitest'
import { conflictsOfPerson, type Assignment } from '#domain/schedule/assignments'
import type { Slot } from '#domain/schedule/capacity'
import { columnOf, mondayOf, overlapsOf, pageOfGroups, place, placeholderLabel, placeholders, scheduleWindow } from '#domain/schedule/grid'

/**
 * The Schedule's grid (issue 29): a window of twelve weeks from this week's Monday (or twelve
 * months), moved a window at a time; bars cut at its edges; overlaps as the conflict rules find
 * them; unfilled demand by the hire-by queue's rules; fifty people a page.
 */

const TODAY = '2026-11-26' // a Thursday

describe('the window', () => {
  test('a week starts on Monday: any day of it, Monday itself and Sunday, gives that Monday', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23')
    expect(mondayOf('2026-11-23')).toBe('2026-11-23')
    expect(mondayOf('2026-11-29')).toBe('2026-11-23')
    expect(mondayOf('2026-11-30')).toBe('2026-11-30')
    // Across a year's end and a leap day.
    expect(mondayOf('2027-01-01')).toBe('2026-12-28')
    expect(mondayOf('2028-03-01')).toBe('2028-02-28')
  })

  test('by default, twelve weeks from the Monday of this week; Previous and Next a window away', () => {
    const window = scheduleWindow('weeks', TODAY)
    expect(window.start).toBe('2026-11-23')
    expect(window.end).toBe('2027-02-14')
    expect(window.days).toBe(84)
    expect(window.columns).toHaveLength(12)
    expect(window.columns[0]).toEqual({ start: '2026-11-23', end: '2026-11-29' })
    expect(window.columns[11]).toEqual({ start: '2027-02-08', end: '2027-02-14' })
    expect(window.previous).toBe('2026-08-31')
    expect(window.next).toBe('2027-02-15')
  })

  test('a chosen date opens the window at its week; a narrower window moves by its own width', () => {
    const window = scheduleWindow('weeks', TODAY, '2030-03-04', 4)
    expect([window.start, window.end, window.previous, window.next]).toEqual(['2030-03-04', '2030-03-31', '2030-02-04', '2030-04-01'])
  })

  test('zoomed to months: twelve months from the first of the chosen one, each column a calendar month', () => {
    const window = scheduleWindow('months', TODAY)
    expect([window.start, window.end, window.days]).toEqual(['2026-11-01', '2027-10-31', 365])
    expect(window.columns[3]).toEqual({ start: '2027-02-01', end: '2027-02-28' })
    expect([window.previous, window.next]).toEqual(['2025-11-01', '2027-11-01'])
    expect(scheduleWindow('months', TODAY, '2028-02-29', 1).columns).toEqual([{ start: '2028-02-01', end: '2028-02-29' }])
  })

  test('Previous and Next stop at the product’s years (1900 to 2100)', () => {
    expect(scheduleWindow('months', TODAY, '1900-03-01').previous).toBeNull()
    expect(scheduleWindow('months', TODAY, '2100-06-01').next).toBeNull()
    expect(scheduleWindow('weeks', TODAY, '2100-12-20').next).toBeNull()
  })
})

describe('bars in the window', () => {
  const window = scheduleWindow('weeks', TODAY)

  test('a bar inside the window runs from its first to its last day, counted from the window’s Monday', () => {
    expect(place(window, { start: '2026-11-25', end: '2026-12-08' })).toEqual({ first: 2, last: 15, before: false, after: false })
  })

  test('a bar running past either edge is cut there and says so; one outside is not drawn', () => {
    expect(place(window, { start: '2026-01-01', end: '2030-01-01' })).toEqual({ first: 0, last: 83, before: true, after: true })
    expect(place(window, { start: '2026-11-01', end: '2026-11-22' })).toBeNull()
    expect(place(window, { start: '2027-02-14', end: '2027-03-01' })).toEqual({ first: 83, last: 83, before: false, after: true })
  })

  test('a day’s column', () => {
    expect(columnOf(window, '2026-11-23')).toBe(0)
    expect(columnOf(window, '2026-11-30')).toBe(1)
    expect(columnOf(window, '2027-02-14')).toBe(11)
    expect(columnOf(window, '2027-02-15')).toBeNull()
  })

  test('overlaps: the days two assignments, or an assignment and leave, share, each stretch once and cut at the window', () => {
    const assignment = (id: string, start: string, end: string): Assignment => ({ id, personId: 'p', projectId: 'x', instanceId: 'i', roleId: 'r', clusterIds: [id], dates: { start, end } })
    const rows = [assignment('a', '2026-11-01', '2026-12-10'), assignment('b', '2026-12-01', '2027-01-31')]
    const leave = [{ id: 'l', personId: 'p', range: { start: '2027-01-20', end: '2027-01-22' }, note: '' }]
    const found = conflictsOfPerson(rows, leave)
    expect(overlapsOf(found, new Set(['a', 'b']), window)).toEqual([
      { kind: 'assignment', days: { start: '2026-12-01', end: '2026-12-10' } },
      { kind: 'leave', days: { start: '2027-01-20', end: '2027-01-22' } },
    ])
    // A row of one assignment shows only its own overlaps.
    expect(overlapsOf(found, new Set(['a']), window)).toEqual([{ kind: 'assignment', days: { start: '2026-12-01', end: '2026-12-10' } }])
    expect(overlapsOf(found, new Set(['a', 'b']), scheduleWindow('weeks', TODAY, '2030-01-01'))).toEqual([])
  })

  test('a hand-over (one ends the day the other starts) is no overlap: the conflict rules decide', () => {
    const assignment = (id: string, start: string, end: string): Assignment => ({ id, personId: 'p', projectId: 'x', instanceId: 'i', roleId: 'r', clusterIds: [id], dates: { start, end } })
    const found = conflictsOfPerson([assignment('a', '2026-11-23', '2026-12-01'), assignment('b', '2026-12-01', '2026-12-20')], [])
    expect(overlapsOf(found, new Set(['a', 'b']), window)).toEqual([])
  })
})

describe('placeholders of unfilled demand', () => {
  const slot = (over: Partial<Slot>): Slot => ({ roleId: 'engineer', projectId: 'skyline', instanceId: 'tower-a', clusterKey: 'exc', clusterIds: ['exc'], requirement: 5, tagged: 2, dates: { start: '2027-01-01', end: '2027-03-31' }, ...over })
  const window = scheduleWindow('weeks', TODAY)

  test('one line per role, instance and cluster with a gap: needed is requirement minus tagged, hire by its start minus the lead time', () => {
    const lines = placeholders([slot({}), slot({ instanceId: 'tower-b', tagged: 4 }), slot({ instanceId: 'tower-c', tagged: 5 })], () => 1, TODAY, window)
    expect(lines.map((line) => [line.instanceId, line.needed, line.hireBy, line.daysLeft, line.dates])).toEqual([
      ['tower-a', 3, '2026-12-01', 5, { start: '2027-01-01', end: '2027-03-31' }],
      ['tower-b', 1, '2026-12-01', 5, { start: '2027-01-01', end: '2027-03-31' }],
    ])
  })

  test('the role’s own lead time; demand outside the window or without dates is not shown', () => {
    const lines = placeholders([slot({ roleId: 'pmo' }), slot({ clusterKey: 'late', clusterIds: ['late'], dates: { start: '2028-01-01', end: '2028-02-01' } }), slot({ clusterKey: 'undated', dates: null })], (role) => (role === 'pmo' ? 3 : 1), TODAY, window)
    expect(lines.map((line) => [line.roleId, line.hireBy, line.daysLeft])).toEqual([['pmo', '2026-10-01', -56]])
  })

  test('in words: "Engineer × 3 needed · Skyline Towers / Tower A / Excavation · hire by 12/1/2026"', () => {
    expect(placeholderLabel('Engineer', 3, 'Skyline Towers / Tower A / Excavation', '2026-12-01')).toBe('Engineer × 3 needed · Skyline Towers / Tower A / Excavation · hire by 12/1/2026')
  })
})

describe('pages of rows', () => {
  const people = (count: number, prefix: string) => Array.from({ length: count }, (_, at) => `${prefix}${at}`)
  const groups = [
    { key: 'A', rows: people(30, 'a'), placeholders: ['a-need'] },
    { key: 'B', rows: [], placeholders: ['b-need'] },
    { key: 'C', rows: people(40, 'c'), placeholders: people(3, 'c-need') },
  ]

  test('fifty rows a page, people and placeholders alike, groups kept in order, each group’s people before its placeholders', () => {
    const first = pageOfGroups(groups, 1, 50)
    expect(first.total).toBe(75)
    expect(first.groups.map((group) => [group.key, group.rows.length, group.placeholders])).toEqual([
      ['A', 30, ['a-need']],
      ['B', 0, ['b-need']],
      ['C', 18, []],
    ])
    const second = pageOfGroups(groups, 2, 50)
    expect(second.groups.map((group) => [group.key, group.rows.length, group.rows[0], group.placeholders])).toEqual([['C', 22, 'c18', ['c-need0', 'c-need1', 'c-need2']]])
  })

  test('a page past the last reads as the last; only placeholders: paged the same way', () => {
    expect(pageOfGroups(groups, 9, 50).page).toBe(2)
    const unfilled = pageOfGroups([{ key: 'A', rows: [], placeholders: people(60, 'n') }], 2, 50)
    expect([unfilled.page, unfilled.total, unfilled.groups[0]!.placeholders]).toEqual([2, 60, people(10, 'n').map((_, at) => `n${50 + at}`)])
  })
})
