import { describe, expect, test } from 'vitest'
import { byPerson, byTime, conflicts, conflictsOfPerson, handOvers, isHandOver, sharedSpan, type Assignment, type Leave } from '#domain/schedule/assignments'
import { attention } from '#domain/schedule/attention'
import { hireQueue, hireStatus, undated, type Slot } from '#domain/schedule/capacity'
import type { HireLine } from '#domain/contracts/schedule'
import { attentionItems } from '#app/features/attention/items'

/** Issue 29, "Tell the truth at a glance": hand-overs against conflicts, due and overdue hires, undated requirement, the Attention strip. */

const assignment = (id: string, start: string | null, end: string | null, personId = 'ana'): Assignment => ({
  id,
  personId,
  projectId: 'skyline',
  instanceId: 'tower-a',
  roleId: 'engineer',
  clusterIds: [id],
  dates: start && end ? { start, end } : null,
})
const leave = (id: string, start: string, end: string, personId = 'ana'): Leave => ({ id, personId, range: { start, end }, note: '' })
const slot = (clusterKey: string, dates: { start: string; end: string } | null, requirement: number, tagged = 0, roleId = 'engineer'): Slot => ({
  roleId,
  projectId: 'skyline',
  instanceId: 'tower-a',
  clusterKey,
  clusterIds: [clusterKey],
  requirement,
  tagged,
  dates,
})

describe('a hand-over is not a conflict', () => {
  test('one assignment ending on the day the other starts is a hand-over, shown apart and not counted', () => {
    const dig = assignment('dig', '2030-03-01', '2030-04-15')
    const pour = assignment('pour', '2030-04-15', '2030-05-31')
    expect(isHandOver(dig.dates!, pour.dates!)).toBe(true)
    expect(isHandOver(pour.dates!, dig.dates!)).toBe(true)
    expect(conflictsOfPerson([dig, pour], [])).toEqual([])
    expect(handOvers(byPerson([dig, pour]))).toEqual([{ personId: 'ana', day: '2030-04-15', ending: dig, starting: pour }])
  })

  test('two shared days, a booking inside another, or two one-day bookings on the same day are conflicts, not hand-overs', () => {
    const cases = [
      [assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-04-14', '2030-05-31')],
      [assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-04-15', '2030-04-15')],
      [assignment('a', '2030-04-15', '2030-04-15'), assignment('b', '2030-04-15', '2030-04-15')],
      [assignment('a', '2030-03-01', '2030-04-15'), assignment('b', '2030-03-01', '2030-04-15')],
    ]
    for (const [a, b] of cases) {
      expect(isHandOver(a!.dates!, b!.dates!)).toBe(false)
      expect(conflictsOfPerson([a!, b!], [])).toHaveLength(2)
      expect(handOvers(byPerson([a!, b!]))).toEqual([])
    }
  })

  test('leave starting on the last day of an assignment is a conflict: the person is away that day', () => {
    const dig = assignment('dig', '2030-03-01', '2030-04-15')
    const [found] = conflictsOfPerson([dig], [leave('holiday', '2030-04-15', '2030-04-20')])
    expect(found!.clashes.map((clash) => [clash.kind, clash.days])).toEqual([['leave', { start: '2030-04-15', end: '2030-04-15' }]])
  })

  test('a hand-over beside a real conflict: only the conflict counts', () => {
    const rows = [assignment('dig', '2030-03-01', '2030-04-15'), assignment('pour', '2030-04-15', '2030-05-31'), assignment('cure', '2030-05-01', '2030-05-10')]
    const found = conflictsOfPerson(rows, [])
    expect(found.map((conflict) => [conflict.assignment.id, conflict.clashes.map((clash) => clash.with.id)])).toEqual([
      ['pour', ['cure']],
      ['cure', ['pour']],
    ])
    expect(handOvers(byPerson(rows)).map((row) => [row.ending.id, row.starting.id])).toEqual([['dig', 'pour']])
  })
})

describe('conflicts upcoming and past', () => {
  const today = '2026-11-26'

  test('a clash is upcoming until its last shared day has passed; a person may have both', () => {
    const rows = [
      assignment('old', '2026-01-01', '2026-03-31'),
      assignment('older', '2026-03-01', '2026-04-30'),
      assignment('now', '2026-11-01', '2026-11-26'),
      assignment('next', '2026-11-20', '2026-12-31'),
    ]
    const { upcoming, past } = byTime(conflicts(rows, []), today)
    expect(upcoming.get('ana')!.map((conflict) => [conflict.assignment.id, conflict.clashes.map((clash) => clash.with.id)])).toEqual([
      ['now', ['next']],
      ['next', ['now']],
    ])
    expect(past.get('ana')!.map((conflict) => [conflict.assignment.id, conflict.clashes.map((clash) => clash.with.id)])).toEqual([
      ['old', ['older']],
      ['older', ['old']],
    ])
    // The lists' order: the first shared day of what is ahead, the last of what is over.
    expect(sharedSpan(upcoming.get('ana')!)).toEqual({ start: '2026-11-20', end: '2026-11-26' })
    expect(sharedSpan(past.get('ana')!)).toEqual({ start: '2026-03-01', end: '2026-03-31' })
  })

  test('someone whose only conflict ended yesterday is in no upcoming list', () => {
    const { upcoming, past } = byTime(conflicts([assignment('a', '2026-11-01', '2026-11-25'), assignment('b', '2026-11-20', '2026-12-31')], []), today)
    expect(upcoming.size).toBe(0)
    expect([...past.keys()]).toEqual(['ana'])
  })
})

describe('hires due and overdue', () => {
  test('overdue once the hire-by date has passed; due from today to 30 days ahead; later after that', () => {
    expect([-1, 0, 30, 31].map(hireStatus)).toEqual(['overdue', 'due', 'due', 'later'])
  })

  test('the queue counts late lines with negative days left', () => {
    // Today 11/26/2026; one month of lead time.
    const queue = hireQueue([slot('late', { start: '2026-10-01', end: '2026-12-31' }, 3), slot('soon', { start: '2027-01-10', end: '2027-02-01' }, 2)], () => 1, '2026-11-26')
    expect(queue.map((line) => [line.clusterKey, line.hireBy, line.daysLeft, hireStatus(line.daysLeft)])).toEqual([
      ['late', '2026-09-01', -86, 'overdue'],
      ['soon', '2026-12-10', 14, 'due'],
    ])
  })
})

describe('undated requirement', () => {
  test('each role sums the requirement and the tagged of its slots without dates; dated slots are not in it', () => {
    const found = undated([slot('finishing', null, 5, 1), slot('roofing', null, 3, 0), slot('dig', { start: '2030-01-01', end: '2030-02-01' }, 7), slot('paint', null, 4, 4, 'painter'), slot('none', null, 0, 0, 'idle')])
    expect(Object.fromEntries(found)).toEqual({ engineer: { demand: 8, supply: 1, gap: 7 }, painter: { demand: 4, supply: 4, gap: 0 } })
  })
})

describe('the Attention strip', () => {
  const today = '2026-11-26'
  const line = (daysLeft: number, needed: number) => ({ daysLeft, needed })

  test('overdue hires with the oldest, hires due in 30 days, conflicts in 30 and 90 days, people needing dates', () => {
    const queue = [line(-379, 2), line(-209, 1), line(0, 4), line(30, 1), line(31, 9)]
    const rows = [
      // Past: not counted.
      assignment('gone-a', '2026-01-01', '2026-02-01', 'ana'),
      assignment('gone-b', '2026-01-15', '2026-03-01', 'ana'),
      // Under way: within 30.
      assignment('now-a', '2026-11-01', '2026-12-01', 'ben'),
      assignment('now-b', '2026-11-20', '2026-12-31', 'ben'),
      // Starts in 60 days: within 90 only.
      assignment('soon-a', '2027-01-25', '2027-03-01', 'cy'),
      assignment('soon-b', '2027-01-25', '2027-02-01', 'cy'),
      // A hand-over in 10 days: not a conflict.
      assignment('hand-a', '2026-11-01', '2026-12-06', 'di'),
      assignment('hand-b', '2026-12-06', '2027-01-31', 'di'),
    ]
    const { upcoming } = byTime(conflicts(rows, [leave('far', '2027-06-01', '2027-06-02', 'ed')]), today)
    const slots = [slot('finishing', null, 60), slot('roofing', null, 8), slot('dig', { start: '2030-01-01', end: '2030-02-01' }, 7)]
    expect(attention(queue, upcoming, slots, today)).toEqual({
      overdue: { lines: 2, people: 3, oldest: queue[0] },
      due: { lines: 2, people: 5 },
      conflicts: { within30: 1, within90: 2 },
      undated: { people: 68, clusters: 2 },
    })
  })

  test('nothing to act on: every count is 0 and there is no oldest', () => {
    expect(attention([line(90, 1)], new Map(), [], today)).toEqual({
      overdue: { lines: 0, people: 0, oldest: null },
      due: { lines: 0, people: 0 },
      conflicts: { within30: 0, within90: 0 },
      undated: { people: 0, clusters: 0 },
    })
  })
})

describe("the strip's lines", () => {
  const oldest: HireLine = { role: { _id: 'r', name: 'Engineer' }, project: { _id: 'p', name: 'Skyline Towers' }, clusterLabel: 'Excavation', needed: 2, hireBy: '2025-11-12', daysLeft: -379, startDate: '2025-12-12' }

  test('most urgent first, each linking where it is acted on; only what needs doing', () => {
    const items = attentionItems({ overdue: { lines: 9, people: 23, oldest }, due: { lines: 1, people: 1 }, conflicts: { within30: 2, within90: 5 }, undated: { people: 68, clusters: 12 } })
    expect(items.map((item) => [item.headline, item.detail, item.href])).toEqual([
      ['9 hires overdue', '23 people to hire. Oldest: Engineer for Skyline Towers / Excavation, hire by 11/12/2025, 379 days late', '/capacity#hire-queue'],
      ['1 hire due within 30 days', '1 person to hire', '/capacity#hire-queue'],
      ['2 people in conflict within 30 days', '5 within 90 days', '/conflicts'],
      ['68 people need dates', '12 clusters have no dates, so no month or hire-by date counts them', '/project-cluster-timelines'],
    ])
  })

  test('conflicts only beyond 30 days say so; nothing to do lists nothing', () => {
    const none = { overdue: { lines: 0, people: 0, oldest: null }, due: { lines: 0, people: 0 }, conflicts: { within30: 0, within90: 0 }, undated: { people: 0, clusters: 0 } }
    expect(attentionItems(none)).toEqual([])
    expect(attentionItems({ ...none, conflicts: { within30: 0, within90: 1 } }).map((item) => [item.headline, item.detail])).toEqual([['1 person in conflict within 90 days', 'None within 30 days']])
  })
})
