import { describe, expect, test } from 'vitest'
import { deployedBy } from '#domain/planning/project-plan'
import { conflicts, conflictsOfPerson, groupDates, holdsOver, loadOn, type Assignment, type Leave } from '#domain/schedule/assignments'
import { daysBetween, monthRange, monthsBefore, monthsFrom, overlaps } from '#domain/schedule/calendar'
import { capacity, hireBy, hireQueue, type Slot } from '#domain/schedule/capacity'
import { itemKey, planSlots } from '#domain/schedule/slots'
import { UPCOMING_MAX, leaveAhead, upcoming } from '#domain/schedule/upcoming'
import type { AssignmentRow, LeaveRow } from '#domain/contracts/schedule'

/** People over time (issue 13): the rules the timeline, capacity, conflicts and hire-by screens share. */

const assignment = (id: string, start: string | null, end: string | null, over: Partial<Assignment> = {}): Assignment => ({
  id,
  personId: 'ana',
  projectId: 'skyline',
  instanceId: 'tower-a',
  roleId: 'developer',
  clusterIds: [id],
  dates: start && end ? { start, end } : null,
  ...over,
})
const leave = (id: string, start: string, end: string, personId = 'ana'): Leave => ({ id, personId, range: { start, end }, note: '' })

describe('dates are inclusive', () => {
  test('ranges that touch at one day overlap; the day after does not', () => {
    expect(overlaps({ start: '2030-03-01', end: '2030-04-15' }, { start: '2030-04-15', end: '2030-05-01' })).toBe(true)
    expect(overlaps({ start: '2030-03-01', end: '2030-04-15' }, { start: '2030-04-16', end: '2030-05-01' })).toBe(false)
    expect(overlaps({ start: '2030-04-16', end: '2030-05-01' }, { start: '2030-03-01', end: '2030-04-15' })).toBe(false)
  })

  test('a month runs from its first to its last day, February of a leap year included', () => {
    expect(monthRange('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' })
    expect(monthRange('2027-02')).toEqual({ start: '2027-02-01', end: '2027-02-28' })
    expect(monthRange('2027-12')).toEqual({ start: '2027-12-01', end: '2027-12-31' })
  })

  test('the months of a period cross the year; none when the end comes first', () => {
    expect(monthsFrom('2027-11-20', '2028-02-03')).toEqual(['2027-11', '2027-12', '2028-01', '2028-02'])
    expect(monthsFrom('2027-11-20', '2027-11-21')).toEqual(['2027-11'])
    expect(monthsFrom('2028-01-01', '2027-12-31')).toEqual([])
  })

  test('days between two dates, negative backwards, across a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
    expect(daysBetween('2030-01-10', '2030-01-01')).toBe(-9)
  })
})

describe('lead times at month ends (the calendar rule of Deployed By)', () => {
  test('a day the earlier month lacks becomes its last day', () => {
    expect(monthsBefore('2027-03-31', 1)).toBe('2027-02-28')
    expect(monthsBefore('2028-03-31', 1)).toBe('2028-02-29')
    expect(monthsBefore('2027-05-31', 1)).toBe('2027-04-30')
    expect(monthsBefore('2027-08-31', 6)).toBe('2027-02-28')
  })

  test('lead times cross the year, and zero months is the start itself', () => {
    expect(monthsBefore('2027-01-15', 1)).toBe('2026-12-15')
    expect(monthsBefore('2027-02-10', 14)).toBe('2025-12-10')
    expect(hireBy('2027-06-30', 0)).toBe('2027-06-30')
  })

  test('Deployed By keeps its one month', () => {
    expect(deployedBy('2027-03-31')).toBe('2027-02-28')
    expect(deployedBy('2027-01-01')).toBe('2026-12-01')
    expect(deployedBy(null)).toBeNull()
    expect(hireBy('2027-03-31', 1)).toBe(deployedBy('2027-03-31'))
  })
})

describe('conflicts', () => {
  // One shared day where one ends and the other starts is a hand-over, not a conflict (issue 29: tests/unit/attention.test.ts).
  test('two assignments sharing two days conflict, in the same or different projects', () => {
    const excavation = assignment('excavation', '2030-03-01', '2030-04-15')
    const framing = assignment('framing', '2030-04-14', '2030-06-01', { projectId: 'harbour' })
    const found = conflictsOfPerson([excavation, framing], [])
    expect(found.map((row) => row.assignment.id)).toEqual(['excavation', 'framing'])
    expect(found[0]!.clashes).toEqual([{ kind: 'assignment', with: framing, days: { start: '2030-04-14', end: '2030-04-15' } }])
  })

  test('back-to-back assignments (end, then the next day) do not conflict', () => {
    expect(conflictsOfPerson([assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-04-16', '2030-06-01')], [])).toEqual([])
  })

  test('undated assignments never conflict, even with leave', () => {
    expect(conflictsOfPerson([assignment('a', null, null), assignment('b', '2030-01-01', '2030-12-31')], [leave('l', '2030-01-01', '2030-12-31')])).toHaveLength(1)
    expect(conflictsOfPerson([assignment('a', null, null)], [leave('l', '2000-01-01', '2099-12-31')])).toEqual([])
  })

  test('an assignment overlapping leave conflicts, with the shared days', () => {
    const holiday = leave('holiday', '2030-04-10', '2030-04-20')
    const [found] = conflictsOfPerson([assignment('a', '2030-03-01', '2030-04-15')], [holiday])
    expect(found!.clashes).toEqual([{ kind: 'leave', with: holiday, days: { start: '2030-04-10', end: '2030-04-15' } }])
  })

  test('everyone: only people with a conflict, leave of others ignored', () => {
    const rows = [
      assignment('a', '2030-03-01', '2030-04-15'),
      assignment('b', '2030-04-01', '2030-04-02'),
      assignment('c', '2030-03-01', '2030-04-15', { personId: 'ben' }),
      assignment('d', '2030-05-01', '2030-05-02', { personId: 'ben' }),
    ]
    const found = conflicts(rows, [leave('l', '2030-05-02', '2030-05-09', 'cai'), leave('m', '2030-05-02', '2030-05-02', 'ben')])
    expect([...found.keys()]).toEqual(['ana', 'ben'])
    expect(found.get('ben')!.map((row) => row.assignment.id)).toEqual(['d'])
  })

  test('load on a day counts the dated assignments covering it', () => {
    const rows = [assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-04-15', '2030-05-01'), assignment('c', null, null)]
    expect(loadOn(rows, '2030-04-15')).toBe(2)
    expect(loadOn(rows, '2030-04-16')).toBe(1)
    expect(loadOn(rows, '2030-02-28')).toBe(0)
  })

  test('what a candidate holds over a cluster names the assignments and leave that would clash; undated cluster: nothing', () => {
    const rows = [assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-06-01', '2030-07-01')]
    const trip = leave('trip', '2030-05-30', '2030-06-02')
    expect(holdsOver({ start: '2030-04-15', end: '2030-05-30' }, rows, [trip])).toEqual({ assignments: [rows[0]], leave: [trip] })
    expect(holdsOver(null, rows, [trip])).toEqual({ assignments: [], leave: [] })
  })

  test("a group's dates run from its earliest start to its latest end; undated when one cluster is", () => {
    expect(groupDates([{ start: '2030-03-01', end: '2030-04-01' }, { start: '2030-02-01', end: '2030-03-15' }])).toEqual({ start: '2030-02-01', end: '2030-04-01' })
    expect(groupDates([{ start: '2030-03-01', end: '2030-04-01' }, { start: '2030-02-01', end: null }])).toBeNull()
    expect(groupDates([])).toBeNull()
  })
})

describe('demand, supply and gap', () => {
  const slot = (over: Partial<Slot>): Slot => ({
    roleId: 'developer',
    projectId: 'skyline',
    instanceId: 'tower-a',
    clusterKey: 'excavation',
    clusterIds: ['excavation'],
    requirement: 3,
    tagged: 1,
    dates: { start: '2030-03-31', end: '2030-04-01' },
    ...over,
  })

  test('a cluster counts in every month its dates touch, per instance', () => {
    const grid = capacity([slot({}), slot({ instanceId: 'tower-b', tagged: 0 })], ['2030-02', '2030-03', '2030-04', '2030-05'])
    expect([...grid.get('developer')!.entries()]).toEqual([
      ['2030-03', { demand: 6, supply: 1, gap: 5 }],
      ['2030-04', { demand: 6, supply: 1, gap: 5 }],
    ])
  })

  test('the gap is never below 0; undated slots are in no month; roles stay apart', () => {
    const grid = capacity([slot({ tagged: 5 }), slot({ dates: null }), slot({ roleId: 'pmo', requirement: 2, tagged: 0 })], ['2030-03'])
    expect(grid.get('developer')!.get('2030-03')).toEqual({ demand: 3, supply: 5, gap: 0 })
    expect(grid.get('pmo')!.get('2030-03')).toEqual({ demand: 2, supply: 0, gap: 2 })
  })

  test('the hire-by queue: one line per role, project and cluster with a gap, instances added, sorted by date', () => {
    const slots = [
      slot({ clusterKey: 'framing', clusterIds: ['framing'], dates: { start: '2030-06-30', end: '2030-07-30' }, requirement: 2, tagged: 0 }),
      slot({}),
      slot({ instanceId: 'tower-b', dates: { start: '2030-03-15', end: '2030-04-01' }, tagged: 0 }),
      slot({ clusterKey: 'full', tagged: 3 }),
      slot({ clusterKey: 'undated', dates: null }),
      slot({ roleId: 'pmo', dates: { start: '2030-05-31', end: '2030-06-01' } }),
    ]
    const lead = (roleId: string) => (roleId === 'pmo' ? 3 : 1)
    expect(hireQueue(slots, lead, '2030-02-20')).toEqual([
      { roleId: 'developer', projectId: 'skyline', clusterKey: 'excavation', clusterIds: ['excavation'], needed: 5, hireBy: '2030-02-15', daysLeft: -5, start: '2030-03-15' },
      { roleId: 'pmo', projectId: 'skyline', clusterKey: 'excavation', clusterIds: ['excavation'], needed: 2, hireBy: '2030-02-28', daysLeft: 8, start: '2030-05-31' },
      { roleId: 'developer', projectId: 'skyline', clusterKey: 'framing', clusterIds: ['framing'], needed: 2, hireBy: '2030-05-30', daysLeft: 99, start: '2030-06-30' },
    ])
  })
})

describe('from a plan to slots and assignments', () => {
  const dates: Record<string, { start: string | null; end: string | null }> = {
    excavation: { start: '2030-03-01', end: '2030-04-15' },
    foundation: { start: '2030-04-10', end: '2030-05-01' },
    plinth: { start: '2030-05-02', end: '2030-06-01' },
    finishing: { start: '2030-07-01', end: null },
    'site-excavation': { start: '2030-01-01', end: '2030-02-01' },
  }
  const tower = {
    entityId: 'tower',
    instanceIds: ['tower-a', 'tower-b'],
    items: [
      // 5 planned: 2 come from Site Excavation (in this plan, so tagged there) and 1 from Site Roads (outside).
      { roleId: 'engineer', item: { clusterIds: ['excavation'], plannedPeople: 5, interchanges: [interchangeFrom(2, 'site', 'site-excavation'), interchangeFrom(1, 'site', 'site-roads')] } },
      { roleId: 'engineer', item: { clusterIds: ['foundation', 'plinth'], plannedPeople: 2, interchanges: [] } },
      { roleId: 'developer', item: { clusterIds: ['finishing'], plannedPeople: 1, interchanges: [] } },
    ],
  }
  const site = { entityId: 'site', instanceIds: ['site-1'], items: [{ roleId: 'engineer', item: { clusterIds: ['site-excavation'], plannedPeople: 1, interchanges: [] } }] }
  const tags: Record<string, string[]> = { 'tower-a/engineer/foundation': ['ana'], 'tower-a/engineer/plinth': ['ana'], 'tower-b/engineer/excavation': ['ben', 'cai'] }
  const { slots, assignments } = planSlots([{ projectId: 'skyline', cards: [tower, site] }], {
    datesOf: (_, clusterId) => dates[clusterId] ?? { start: null, end: null },
    taggedTo: (instanceId, roleId, ids) => [...new Set(ids.flatMap((id) => tags[`${instanceId}/${roleId}/${id}`] ?? []))],
  })

  test('one slot per instance: demand is the Requirement column (direct plus outside interchange), supply the people tagged', () => {
    const excavation = slots.filter((slot) => slot.clusterKey === 'excavation')
    expect(excavation.map((slot) => [slot.instanceId, slot.requirement, slot.tagged])).toEqual([
      ['tower-a', 3, 0],
      ['tower-b', 3, 2],
    ])
  })

  test("a group is one slot, its key the same whatever the order, dated from the earliest start to the latest end; a tag to it is one assignment", () => {
    const group = slots.find((slot) => slot.instanceId === 'tower-a' && slot.clusterKey === itemKey(['plinth', 'foundation']))!
    expect([group.requirement, group.tagged, group.dates]).toEqual([2, 1, { start: '2030-04-10', end: '2030-06-01' }])
    expect(assignments.filter((row) => row.personId === 'ana').map((row) => [row.instanceId, row.clusterIds, row.dates])).toEqual([
      ['tower-a', ['foundation', 'plinth'], { start: '2030-04-10', end: '2030-06-01' }],
    ])
  })

  test('a cluster without an end is undated; every slot of every card is listed', () => {
    expect(slots.filter((slot) => slot.clusterKey === 'finishing').map((slot) => slot.dates)).toEqual([null, null])
    expect(slots).toHaveLength(7)
    // In plan order: item by item, each instance in turn.
    expect(assignments.map((row) => row.personId)).toEqual(['ben', 'cai', 'ana'])
  })
})

function interchangeFrom(interchangePeople: number, entityId: string, clusterId: string) {
  return { interchangePeople, interchangeFrom: { entityId, clusterId } }
}

describe("the dashboard's next assignments and leave ahead", () => {
  const ref = { _id: 'x', name: 'X' }
  const row = (id: string, startDate: string | null, endDate: string | null): AssignmentRow => ({ id, project: ref, instance: ref, role: ref, clusterIds: [id], clusterLabel: id, startDate, endDate, conflicts: [] })
  const period = (startDate: string, endDate: string): LeaveRow => ({ _id: startDate, userId: 'ana', startDate, endDate, note: '' })

  test('an assignment is upcoming until its last day has passed; undated ones stay; at most five, in the order given', () => {
    const rows = [row('over', '2026-01-01', '2026-01-04'), row('last-day', '2026-01-01', '2026-01-05'), row('later', '2026-02-01', '2026-03-01'), row('undated', null, null)]
    expect(upcoming(rows, '2026-01-05').map((kept) => kept.id)).toEqual(['last-day', 'later', 'undated'])
    const many = Array.from({ length: 7 }, (_, index) => row(`a${index}`, '2026-02-01', '2026-03-01'))
    expect(upcoming(many, '2026-01-05').map((kept) => kept.id)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4'])
    expect(UPCOMING_MAX).toBe(5)
  })

  test('leave is ahead until its last day has passed', () => {
    const periods = [period('2025-12-20', '2026-01-04'), period('2026-01-01', '2026-01-05'), period('2026-06-01', '2026-06-10')]
    expect(leaveAhead(periods, '2026-01-05').map((kept) => kept.startDate)).toEqual(['2026-01-01', '2026-06-01'])
  })
})
