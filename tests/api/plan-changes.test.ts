import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Capacity, ConflictsPage, PersonSchedule } from '#domain/contracts/schedule'
import { buildApi } from '#api/app'
import { openDatabase } from '#api/db/client'
import { projects } from '#api/db/schema'
import { loadEveryPlan } from '#api/read-model/every-plan'
import type { Plans } from '#api/schedule/load'
import { readPlanRevision, readProjectsChanged } from '#api/read-model/revision'
import { Client, signedUpUser, startApi, type Api } from '../support/api-harness'
import { makeProject, type Project } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * Issue 29, Scale: a change costs what it touches. Each writing transaction notes the projects whose
 * plans read what it wrote (migration 0009), and the kept reading of every plan reads again only
 * those (api/schedule/load.ts, `loadEveryPlan`). What must hold: every answer stays the one a whole
 * reading gives, for the project changed and for the others, in this process and in another. The
 * API's clock stands at 5 January 2026; Excavation runs 3/1/2030–4/15/2030, Foundation + Plinth
 * 4/16/2030–6/1/2030 (no overlap with it), Finishing 7/1/2030–7/31/2030.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let north: Project
let south: Project
let idle: Project
let northCard: Card
let southCard: Card
let ana: Person
let bob: Person

const tag = async (project: Project, card: Card, clusterIds: string[], userIds: string[], client = admin) => {
  const answer = await client.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Tower A'), roleId: plan.engineer, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
}
const setDates = async (clusterId: string, startDate: string | null, endDate: string | null) => {
  const answer = await admin.put(`/api/clusters/${clusterId}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
/** A person's assignments as their profile reads them: project, cluster, start, conflicts. */
const assignments = async (person: Person, client = admin) => {
  const answer = await client.get<PersonSchedule>(`/api/users/${person._id}/assignments`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.assignments.map((row) => [row.project.name, row.clusterLabel, row.startDate, row.conflicts.length] as const)
}
const conflicted = async (client = admin) => {
  const answer = await client.get<ConflictsPage>('/api/conflicts')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.people.map((row) => row.user.fullName)
}
/** The Engineer's demand and supply in March 2030 (Excavation's month). */
const march = async (client = admin) => {
  const cells = (await client.get<Capacity>('/api/capacity?from=2030-03-01&to=2030-03-31')).body.roles.find((row) => row.role._id === plan.engineer)?.cells[0]
  return [cells?.demand ?? 0, cells?.supply ?? 0]
}
/** Everything people over time reads from one reading of the plans, in its order, as data to compare. */
const plainly = (plans: Plans) => ({
  cards: plans.cards.map((card) => [card._id, card.projectName, card.names.map((name) => name.name), plans.itemsOf(card).map((row) => row.item.itemId)]),
  slots: plans.slots,
  assignments: plans.assignments,
  projectNames: [...plans.projectNames],
  instanceNames: [...plans.instanceNames],
  roleNames: [...plans.roleNames],
  labels: plans.slots.map((slot) => plans.labelOf(slot.clusterIds)),
  overridden: plans.slots.map((slot) => plans.overridden(slot.projectId, slot.clusterIds)),
})

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  ;[ana, bob] = await makePeople(api, 2, 'Moved')
  north = await makeProject(admin, `North Park ${Date.now().toString(36)}`)
  south = await makeProject(admin, `South Park ${Date.now().toString(36)}`)
  idle = await makeProject(admin, `Idle Park ${Date.now().toString(36)}`)
  northCard = await makeCard(admin, north, plan.towerType, ['Tower A'])
  southCard = await makeCard(admin, south, plan.towerType, ['Tower A'])
  await setDates(plan.t[0]!._id, '2030-03-01', '2030-04-15')
  await setDates(plan.t[1]!._id, '2030-04-16', '2030-05-01')
  await setDates(plan.t[2]!._id, '2030-05-02', '2030-06-01')
  await setDates(plan.t[3]!._id, '2030-07-01', '2030-07-31')
})
afterAll(() => api?.close())

describe('the projects a change touched (migration 0009)', () => {
  test("a tag names its project alone; a cluster's own dates every project whose plan uses it; a lead time none, though the revision moves", async () => {
    const changedSince = async (write: () => Promise<unknown>) => {
      const since = await readPlanRevision(api.db)
      await write()
      expect(await readPlanRevision(api.db)).toBe(since + 1)
      const { every, projectIds, tagsOnly } = await readProjectsChanged(api.db, since)
      return { every, projectIds: [...projectIds].sort(), tagsOnly: [...tagsOnly].sort() }
    }
    const group = [plan.t[1]!._id, plan.t[2]!._id]
    // A tag changes the project's tags alone (migration 0011): only they need reading again.
    expect(await changedSince(() => tag(north, northCard, group, [bob._id]))).toEqual({ every: false, projectIds: [north._id], tagsOnly: [north._id] })
    expect(await changedSince(() => tag(north, northCard, group, []))).toEqual({ every: false, projectIds: [north._id], tagsOnly: [north._id] })
    expect(await changedSince(() => setDates(plan.t[4]!._id, '2031-01-01', '2031-01-31'))).toEqual({ every: false, projectIds: [], tagsOnly: [] })
    expect(await changedSince(() => setDates(plan.t[3]!._id, '2030-07-02', '2030-07-31'))).toEqual({ every: false, projectIds: [north._id, south._id].sort(), tagsOnly: [] })
    expect(await changedSince(() => admin.put(`/roles/${plan.developer}`, { leadMonths: 2 }))).toEqual({ every: false, projectIds: [], tagsOnly: [] })
    // Written by hand in SQL, not through the API: noted all the same.
    expect(await changedSince(() => api.db.update(projects).set({ name: `${idle.name} renamed` }).where(eq(projects.id, idle._id)))).toEqual({ every: false, projectIds: [idle._id], tagsOnly: [] })
    expect(await changedSince(() => api.db.execute(sql`update clusters set start_date = '2030-07-01' where id = ${plan.t[3]!._id}`))).toEqual({ every: false, projectIds: [north._id, south._id].sort(), tagsOnly: [] })
    // A tag and a change of its instance in one transaction: more than the tags moved.
    expect(
      await changedSince(() =>
        api.db.transaction(async (tx) => {
          await tx.execute(sql`delete from project_entity_user_mappings where project_entity_id = ${instanceOf(northCard, 'Tower A')}`)
          await tx.execute(sql`update projects set name = name || ' ' where id = ${north._id}`)
        }),
      ),
    ).toEqual({ every: false, projectIds: [north._id], tagsOnly: [] })
    await api.db.execute(sql`update projects set name = rtrim(name) where id = ${north._id}`)
    // A TRUNCATE cannot say which rows went: every plan is read again.
    expect((await changedSince(() => api.db.execute(sql`truncate site_overrides`))).every).toBe(true)
  })
})

describe('answers after a change to one project', () => {
  test('the next read answers both projects right: the one changed and the one kept', async () => {
    await tag(north, northCard, [plan.t[0]!._id], [ana._id])
    await tag(south, southCard, [plan.t[1]!._id, plan.t[2]!._id], [bob._id])
    expect(await assignments(ana)).toEqual([[north.name, 'Excavation', '2030-03-01', 0]])
    expect(await assignments(bob)).toEqual([[south.name, 'Foundation + Plinth', '2030-04-16', 0]])
    expect(await conflicted()).toEqual([])
    expect(await march()).toEqual([10, 1])

    // South only: Ana on its Excavation too, the same days as North's.
    await tag(south, southCard, [plan.t[0]!._id], [ana._id])
    expect(await assignments(ana)).toEqual([
      [north.name, 'Excavation', '2030-03-01', 1],
      [south.name, 'Excavation', '2030-03-01', 1],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))))
    expect(await assignments(bob)).toEqual([[south.name, 'Foundation + Plinth', '2030-04-16', 0]])
    expect(await conflicted()).toEqual([ana.fullName])
    expect(await march()).toEqual([10, 2])

    // North only: Ana off it. South's assignment stays, now without a clash.
    await tag(north, northCard, [plan.t[0]!._id], [])
    expect(await assignments(ana)).toEqual([[south.name, 'Excavation', '2030-03-01', 0]])
    expect(await conflicted()).toEqual([])
    expect(await march()).toEqual([10, 1])
  })

  test("a cluster's own dates reach every project using it at the next read", async () => {
    await tag(north, northCard, [plan.t[0]!._id], [ana._id])
    expect((await assignments(ana)).map(([, , start]) => start)).toEqual(['2030-03-01', '2030-03-01'])
    await setDates(plan.t[0]!._id, '2030-08-01', '2030-08-31')
    try {
      expect(await assignments(ana)).toEqual([
        [north.name, 'Excavation', '2030-08-01', 1],
        [south.name, 'Excavation', '2030-08-01', 1],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))))
      expect(await march()).toEqual([0, 0])
    } finally {
      await setDates(plan.t[0]!._id, '2030-03-01', '2030-04-15')
      await tag(north, northCard, [plan.t[0]!._id], [])
    }
    expect(await march()).toEqual([10, 1])
  })

  test('what is kept and read again only where it moved is what a whole reading gives, in the same order', async () => {
    const since = await readPlanRevision(api.db)
    const kept = await loadEveryPlan(api.db)
    // South changes (Bob untagged, a card added after North's), a new project gets a card; North stays.
    await tag(south, southCard, [plan.t[1]!._id, plan.t[2]!._id], [])
    await makeCard(admin, south, plan.siteType, ['Site A'])
    const late = await makeProject(admin, `Late Park ${Date.now().toString(36)}`)
    await makeCard(admin, late, plan.towerType, ['Tower Z'])
    const moved = await readProjectsChanged(api.db, since)
    expect(moved.every).toBe(false)
    expect([...moved.projectIds].sort()).toEqual([south._id, late._id].sort())
    const partly = await loadEveryPlan(api.db, { kept, moved: moved.projectIds, tagsOnly: moved.tagsOnly })
    // North's part is the very one kept: not read again.
    expect(partly.parts.find((part) => part.projectId === north._id)).toBe(kept.parts.find((part) => part.projectId === north._id))
    expect(plainly(partly.plans)).toEqual(plainly((await loadEveryPlan(api.db)).plans))
  })

  test("after tags alone moved, a project's tags are read again and its cards, items and dates kept: the same as a whole reading", async () => {
    const since = await readPlanRevision(api.db)
    const kept = await loadEveryPlan(api.db)
    await tag(north, northCard, [plan.t[0]!._id], [ana._id, bob._id])
    await tag(north, northCard, [plan.t[1]!._id, plan.t[2]!._id], [bob._id])
    const moved = await readProjectsChanged(api.db, since)
    expect([moved.projectIds, moved.tagsOnly]).toEqual([[north._id], [north._id]])
    const partly = await loadEveryPlan(api.db, { kept, moved: moved.projectIds, tagsOnly: moved.tagsOnly })
    const before = kept.parts.find((part) => part.projectId === north._id)!
    const after = partly.parts.find((part) => part.projectId === north._id)!
    expect(after).not.toBe(before)
    expect([after.cards === before.cards, after.items === before.items, after.datesOf === before.datesOf]).toEqual([true, true, true])
    expect(plainly(partly.plans)).toEqual(plainly((await loadEveryPlan(api.db)).plans))
    expect(partly.plans.assignments.filter((row) => row.projectId === north._id).map((row) => row.personId).sort()).toEqual([ana._id, bob._id, bob._id].sort())
    await tag(north, northCard, [plan.t[0]!._id], [])
    await tag(north, northCard, [plan.t[1]!._id, plan.t[2]!._id], [])
  })

  test('another API process over the same database answers the same after a change to one project made through either', async (context) => {
    context.skip(!api.databaseUrl, 'PGlite is one process’s database: a second process needs PostgreSQL (DATABASE_URL)')
    const second = await openDatabase({ databaseUrl: api.databaseUrl! })
    const other = await buildApi({ db: second.db, mailer: { send: async () => {} }, now: () => new Date('2026-01-05T09:00:00Z'), publicUrl: 'http://portal.test', trustProxy: '127.0.0.1' })
    try {
      const address = await other.listen({ port: 0, host: '127.0.0.1' })
      const elsewhere = new Client('198.51.100.78', address)
      for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value)
      const both = async (client: Client) => ({ ana: await assignments(ana, client), bob: await assignments(bob, client), conflicted: await conflicted(client), march: await march(client) })
      // Both processes keep their readings.
      expect(await both(elsewhere)).toEqual(await both(admin))

      await tag(north, northCard, [plan.t[0]!._id], [ana._id])
      const here = await both(admin)
      expect(here.conflicted).toEqual([ana.fullName])
      expect(await both(elsewhere)).toEqual(here)

      await tag(south, southCard, [plan.t[0]!._id], [], elsewhere)
      const there = await both(elsewhere)
      expect(there.ana).toEqual([[north.name, 'Excavation', '2030-03-01', 0]])
      expect(await both(admin)).toEqual(there)
    } finally {
      await other.close()
      await second.close()
    }
  })
})
