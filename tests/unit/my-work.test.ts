import { describe, expect, test } from 'vitest'
import type { AssignmentRow, LeaveRow } from '#domain/contracts/schedule'
import { leaveBehind, pastAssignments, whenLabel } from '#domain/schedule/upcoming'
import { leaveDays } from '#domain/schedule/leave'

/** An employee's own work (issue 30): what is over, and when an assignment is, in words. */
const ref = { _id: 'x', name: 'X' }
const row = (id: string, startDate: string | null, endDate: string | null): AssignmentRow => ({ id, project: ref, instance: ref, role: ref, clusterIds: [id], clusterLabel: id, startDate, endDate, conflicts: [] })
const period = (startDate: string, endDate: string): LeaveRow => ({ _id: startDate, userId: 'ana', startDate, endDate, note: '' })

describe('when an assignment is, counted in whole days from today', () => {
  const today = '2026-11-26'
  test.each([
    ['2026-12-01', '2026-12-20', 'Starts in 5 days'],
    ['2026-11-28', '2026-12-20', 'Starts in 2 days'],
    ['2026-11-27', '2026-12-20', 'Starts tomorrow'],
    ['2026-11-26', '2026-12-20', 'Starts today'],
    ['2026-11-20', '2026-11-30', 'Started, ends in 4 days'],
    ['2026-11-20', '2026-11-27', 'Started, ends tomorrow'],
    ['2026-11-20', '2026-11-26', 'Started, ends today'],
    ['2026-11-01', '2026-11-25', 'Ended'],
    // Across a month and a year end.
    ['2027-01-01', '2027-01-02', 'Starts in 36 days'],
  ])('%s–%s reads "%s"', (start, end, words) => {
    expect(whenLabel({ startDate: start, endDate: end }, today)).toBe(words)
  })

  test('an undated assignment says its dates are not set', () => {
    expect(whenLabel({ startDate: null, endDate: null }, today)).toBe('Dates not set yet')
  })

  test('over a clock change the count is still in calendar days', () => {
    expect(whenLabel({ startDate: '2027-04-01', endDate: '2027-04-02' }, '2027-03-01')).toBe('Starts in 31 days')
  })
})

describe("what is over: past assignments and past leave, the latest first", () => {
  test('an assignment is past once its last day is before today; undated ones never are', () => {
    const rows = [row('old', '2026-01-01', '2026-02-01'), row('newer', '2026-10-01', '2026-11-25'), row('last-day', '2026-11-01', '2026-11-26'), row('undated', null, null)]
    expect(pastAssignments(rows, '2026-11-26').map((kept) => kept.id)).toEqual(['newer', 'old'])
  })

  test('leave is past once its last day is before today, the latest first', () => {
    const periods = [period('2026-01-01', '2026-01-03'), period('2026-11-20', '2026-11-26'), period('2026-06-01', '2026-06-02')]
    expect(leaveBehind(periods, '2026-11-26').map((kept) => kept.startDate)).toEqual(['2026-06-01', '2026-01-01'])
  })
})

test('a period in words: one day "on", more "from … to"', () => {
  expect(leaveDays({ start: '2030-08-03', end: '2030-08-03' })).toBe('on 8/3/2030')
  expect(leaveDays({ start: '2030-12-01', end: '2030-12-05' })).toBe('from 12/1/2030 to 12/5/2030')
})
