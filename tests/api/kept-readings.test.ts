import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { keptConflicts, keptConflictsOrder, keptDashboard, keptHandOvers, keptLeave, keptPlans, keptQueue, keptRoster, keptSchedule } from '#api/read-model/answers'
import { demandOver } from '#api/read-model/demand'
import { KEYS_KEPT, freezeDeep, keptAnswers } from '#api/read-model/kept'
import { Client, signedUpUser, startApi, type Api } from '../support/api-harness'
import { makeProject } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan } from '../support/projects'

/**
 * The answers each API process keeps (api/read-model/) are right only while every table they read
 * raises a revision when written: the plans' tables and leave by the triggers of
 * api/read-model/changes.sql. These tests tie the two lists, so a reading that
 * starts to read a new table fails here until the table is watched; and they hold the kept values
 * read-only.
 */

let api: Api
let admin: Client
const queries: string[] = []
const DAY = '2026-01-05'

/** The tables a set of queries reads, by the quoted names Drizzle writes after from and join (not a column, as in `extract(epoch from "t"."c")`). */
const tablesIn = (list: readonly string[]) => new Set(list.flatMap((query) => [...query.matchAll(/\b(?:from|join)\s+"([a-z_]+)"(?![.)])/gi)].map((match) => match[1]!)))

/** The tables whose triggers call `fn`: what a revision watches. */
async function watchedBy(fn: string) {
  const answer = await api.db.execute(
    sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where p.proname = ${fn} order by 1`,
  )
  return new Set((answer as unknown as { rows: { name: string }[] }).rows.map((row) => row.name))
}

/** Every kept reading, as the API's answers ask for them; the queries they ran are added to `read`. */
async function readAll(read: string[] = []) {
  queries.length = 0
  const all = await Promise.all([
    keptPlans(api.db),
    keptLeave(api.db),
    keptConflicts(api.db),
    keptHandOvers(api.db),
    keptDashboard(api.db, DAY),
    keptRoster(api.db),
    keptSchedule(api.db, { conflictsOnly: false, unfilledOnly: false }, DAY),
    keptConflictsOrder(api.db, DAY),
  ])
  read.push(...queries)
  return all
}

beforeAll(async () => {
  api = await startApi({ onQuery: (query) => queries.push(query) })
  admin = (await signedUpUser(api)).client
  const plan = await residentialPlan(api, admin)
  const [ana] = await makePeople(api, 1, 'Kept')
  const project = await makeProject(admin, `Kept Park ${Date.now().toString(36)}`)
  const card = await makeCard(admin, project, plan.towerType, ['Tower A'])
  await admin.put(`/api/clusters/${plan.t[0]!._id}`, {
    startDate: '2030-03-01',
    endDate: '2030-04-15',
  })
  expect(
    (
      await admin.post(REPLACE, {
        projectId: project._id,
        projectEntityId: instanceOf(card, 'Tower A'),
        roleId: plan.engineer,
        clusterIds: [plan.t[0]!._id],
        userIds: [ana!._id],
      })
    ).status,
  ).toBeLessThan(300)
  expect(
    (
      await admin.post('/api/leave', {
        userId: ana!._id,
        startDate: '2030-03-02',
        endDate: '2030-03-03',
        note: '',
      })
    ).status,
  ).toBe(201)
})
afterAll(() => api?.close())

describe('the kept readings and the tables the revisions watch', () => {
  test('every table a kept reading reads, whole or after a change, raises the revision it is kept under; the audit log raises none', async () => {
    const ran: string[] = []
    await readAll(ran)
    // After a change, the moved project alone is read again: the same tables, by other queries.
    expect(
      (
        await admin.post('/api/leave', {
          userId: (await makePeople(api, 1, 'Later'))[0]!._id as string,
          startDate: '2030-05-02',
          endDate: '2030-05-03',
          note: '',
        })
      ).status,
    ).toBe(201)
    await api.db.execute(sql`update projects set name = name || ' ' where id = (select id from projects limit 1)`)
    await readAll(ran)
    const read = tablesIn(ran)
    const plans = await watchedBy('note_plan_change')
    const leave = await watchedBy('raise_leave_revision')
    const people = await watchedBy('raise_people_revision')
    expect(read.size).toBeGreaterThan(5)
    // The revisions' own row is what every kept reading reads first.
    const unwatched = [...read].filter((table) => table !== 'plan_revision' && !plans.has(table) && !leave.has(table) && !people.has(table))
    expect(unwatched, `read by a kept reading but raising no revision: ${unwatched.join(', ')}`).toEqual([])
    expect([...leave]).toEqual(['leave'])
    // Who the Schedule lists: read by the kept roster, and the names of the conflicts' order.
    expect([...people]).toEqual(['profiles', 'users'])
    expect(read.has('users') && read.has('profiles')).toBe(true)
    // Watched but read by no kept reading: a trigger left behind, or a reading that lost a table.
    // planning_roles (a planning type's roles and their cluster groups, what templates are made
    // from) is watched since migration 0007 though no reading reads it: a write there makes the
    // readings read again, which costs time but is never wrong.
    expect([...plans].filter((table) => !read.has(table))).toEqual(['planning_roles'])
    expect(plans.has('audit_entries') || leave.has('audit_entries') || people.has('audit_entries')).toBe(false)
  })

  test('kept values are read-only: in tests they are frozen, maps and sets included', async () => {
    const [every, leaveOf, conflicts] = await readAll()
    expect(Object.isFrozen(every) && Object.isFrozen(every.plans.slots) && Object.isFrozen(conflicts.found)).toBe(true)
    expect(() => (every.plans.slots as unknown[]).push({})).toThrow(TypeError)
    expect(() => (leaveOf as Map<string, unknown>).set('someone', [])).toThrow(/read-only/)
    expect(() => (conflicts.assignmentsOf as Map<string, unknown>).clear()).toThrow(/read-only/)
  })
})

describe('answers kept with another kept value (./kept.ts keptWith)', () => {
  const year = (at: number) => ({ start: `${2030 + at}-01-01`, end: `${2030 + at}-12-31` })
  test("are read-only too: a project's hire-by lines, unfilled demand", async () => {
    const every = await keptPlans(api.db)
    const queue = keptQueue(every, DAY)
    expect(queue.length).toBeGreaterThan(0)
    expect(queue.every((line) => Object.isFrozen(line))).toBe(true)
    const demand = demandOver({ ...every, leadMonthsOf: () => 1 }, DAY, year(0))
    expect(demand.length).toBeGreaterThan(0)
    expect(Object.isFrozen(demand) && Object.isFrozen(demand[0])).toBe(true)
  })

  test('one eviction rule: a holder keeps KEYS_KEPT keys, the oldest going first', async () => {
    const reading = { ...(await keptPlans(api.db)), leadMonthsOf: () => 1 }
    const first = demandOver(reading, DAY, year(0))
    expect(demandOver(reading, DAY, year(0))).toBe(first)
    for (let at = 1; at < KEYS_KEPT; at++) demandOver(reading, DAY, year(at))
    expect(demandOver(reading, DAY, year(0))).toBe(first)
    // One more window: the oldest kept (window 0: asking again does not make it younger) goes.
    demandOver(reading, DAY, year(KEYS_KEPT))
    const again = demandOver(reading, DAY, year(0))
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  test('every kept answer says what invalidates it and is kept either under revisions or with another kept value', () => {
    for (const [name, answer] of Object.entries(keptAnswers)) {
      const by = answer.invalidatedBy as { revisions?: string; keptWith?: string }
      expect(Boolean(by.revisions) !== Boolean(by.keptWith), name).toBe(true)
      expect(answer.keyedBy && answer.afterAChange, name).toBeTruthy()
    }
  })
})

describe('freezeDeep', () => {
  test('nested objects, arrays, maps and sets refuse changes; what was frozen before is left as it is', () => {
    const inner = { dates: { start: '2030-01-01' } }
    const value = freezeDeep({
      list: [inner],
      byId: new Map([['a', [inner]]]),
      ids: new Set(['a']),
    })
    expect(() => {
      ;(inner.dates as { start: string }).start = '2031-01-01'
    }).toThrow(TypeError)
    expect(() => value.byId.get('a')!.push(inner)).toThrow(TypeError)
    expect(() => value.ids.add('b')).toThrow(/read-only/)
    expect(() => value.byId.delete('a')).toThrow(/read-only/)
    expect(freezeDeep(value)).toBe(value)
  })
})
