import { eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Capacity, Dashboard, ConflictsPage, PersonSchedule } from '#domain/contracts/schedule'
import { buildApi } from '#api/app'
import { openDatabase } from '#api/db/client'
import { categories, clusters, leave, users } from '#api/db/schema'
import { readPlanRevision, readRevisions } from '#api/read-model/revision'
import { Client, signedUpUser, startApi, type Api } from '../support/api-harness'
import { makeProject, type Project } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * The cross-project answers (the dashboard, a person's assignments, conflicts, capacity, the hire-by queue) are
 * kept between requests while the plan revision stands still (api/schedule/revision.ts). What a
 * planner must be able to trust: every change, however it is made and by whichever process, shows
 * at the next read. The API's clock stands at 5 January 2026; Tower's Excavation runs
 * 3/1/2030–4/15/2030 and Foundation + Plinth 4/10/2030–6/1/2030.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let project: Project
let card: Card
let ana: Person

const summary = async (client = admin) => {
  const answer = await client.get<Dashboard>('/api/dashboard')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.summary!
}
/** Ana's assignments (cluster, start, conflicts) and leave (start), as her profile reads them. */
const schedule = async () => {
  const answer = await admin.get<PersonSchedule>(`/api/users/${ana._id}/assignments`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { dated: answer.body.assignments.map((row) => [row.clusterLabel, row.startDate, row.conflicts] as const), leave: answer.body.leave.map((period) => period.startDate) }
}
const conflicted = async (client = admin) => (await client.get<ConflictsPage>('/api/conflicts')).body.people.map((row) => row.user._id)
const tag = async (clusterIds: string[], userIds: string[]) => {
  const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Tower A'), roleId: plan.engineer, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
}
const setDates = async (clusterId: string, startDate: string | null, endDate: string | null) => {
  const answer = await admin.put(`/api/clusters/${clusterId}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const excavationHireBy = async (client = admin) => (await summary(client)).nextHires.find((line) => line.clusterLabel === 'Excavation')?.hireBy

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  ;[ana] = await makePeople(api, 1, 'Kept')
  project = await makeProject(admin, `Revision Park ${Date.now().toString(36)}`)
  card = await makeCard(admin, project, plan.towerType, ['Tower A'])
  await setDates(plan.t[0]!._id, '2030-03-01', '2030-04-15')
  await setDates(plan.t[1]!._id, '2030-04-10', '2030-05-01')
  await setDates(plan.t[2]!._id, '2030-05-02', '2030-06-01')
})
afterAll(() => api?.close())

describe('answers kept between requests', () => {
  test('the dashboard figures and the conflicts list follow each change at the next read: a tag, cluster dates, leave, a lead time', async () => {
    const before = await summary()
    expect([before.totalTagged, before.peopleInConflict]).toEqual([0, 0])
    // Read twice, unchanged: the same answer.
    expect(await summary()).toEqual(before)

    expect(await schedule()).toEqual({ dated: [], leave: [] })
    await tag([plan.t[0]!._id], [ana._id])
    expect((await summary()).totalTagged).toBe(1)
    expect((await schedule()).dated).toEqual([['Excavation', '2030-03-01', []]])
    await tag([plan.t[1]!._id, plan.t[2]!._id], [ana._id])
    expect((await summary()).peopleInConflict).toBe(1)
    expect(await conflicted()).toEqual([ana._id])
    expect((await schedule()).dated.map(([, , conflicts]) => conflicts.length)).toEqual([1, 1])

    await setDates(plan.t[1]!._id, '2030-04-16', '2030-05-01')
    expect((await summary()).peopleInConflict).toBe(0)
    expect(await conflicted()).toEqual([])
    expect((await schedule()).dated).toEqual([
      ['Excavation', '2030-03-01', []],
      ['Foundation + Plinth', '2030-04-16', []],
    ])

    const recorded = await admin.post<{ _id: string }>('/api/leave', { userId: ana._id, startDate: '2030-03-10', endDate: '2030-03-12', note: 'Holiday' })
    expect(recorded.status).toBe(201)
    expect((await summary()).peopleInConflict).toBe(1)
    expect((await schedule()).leave).toEqual(['2030-03-10'])
    expect((await admin.delete(`/api/leave/${recorded.body._id}`)).status).toBe(200)
    expect((await summary()).peopleInConflict).toBe(0)
    expect((await schedule()).leave).toEqual([])

    expect(await excavationHireBy()).toBe('2030-02-01')
    expect((await admin.put(`/roles/${plan.engineer}`, { leadMonths: 3 })).status).toBe(200)
    expect(await excavationHireBy()).toBe('2029-12-01')
    expect((await admin.put(`/roles/${plan.engineer}`, { leadMonths: 1 })).status).toBe(200)
    expect(await excavationHireBy()).toBe('2030-02-01')
  })

  test('a change written straight to the database, not through the API, shows at the next read', async () => {
    const capacityOf = async () => (await admin.get<Capacity>('/api/capacity?from=2030-03-01&to=2030-03-31')).body.roles.find((row) => row.role._id === plan.engineer)?.cells[0]?.demand ?? 0
    expect(await capacityOf()).toBe(5)
    await api.db.update(clusters).set({ startDate: '2031-03-01', endDate: '2031-04-15' }).where(eq(clusters.id, plan.t[0]!._id))
    expect(await capacityOf()).toBe(0)
    expect(await excavationHireBy()).toBe('2031-02-01')
    await api.db.execute(sql`update clusters set start_date = '2030-03-01', end_date = '2030-04-15' where id = ${plan.t[0]!._id}`)
    expect(await capacityOf()).toBe(5)
  })

  test('another API process over the same database sees a change made through this one at its next read', async (context) => {
    context.skip(!api.databaseUrl, 'PGlite is one process’s database: a second process needs PostgreSQL (DATABASE_URL)')
    const second = await openDatabase({ databaseUrl: api.databaseUrl! })
    const other = await buildApi({ db: second.db, mailer: { send: async () => {} }, now: () => new Date('2026-01-05T09:00:00Z'), publicUrl: 'http://portal.test', trustProxy: '127.0.0.1' })
    try {
      const address = await other.listen({ port: 0, host: '127.0.0.1' })
      const elsewhere = new Client('198.51.100.77', address)
      for (const [name, value] of admin.cookies) elsewhere.cookies.set(name, value)
      const before = await summary(elsewhere)
      await tag([plan.t[1]!._id, plan.t[2]!._id], [])
      const after = await summary(elsewhere)
      expect(after.totalTagged).toBe(before.totalTagged - 1)
      expect(after).toEqual(await summary(admin))

      // Leave, counted apart from the plans: recorded through this process, seen there at the next read.
      const leaveThere = async () => (await elsewhere.get<PersonSchedule>(`/api/users/${ana._id}/assignments`)).body.leave.map((period) => period.startDate)
      expect(await leaveThere()).toEqual([])
      const recorded = await admin.post<{ _id: string }>('/api/leave', { userId: ana._id, startDate: '2030-03-10', endDate: '2030-03-12' })
      expect(recorded.status).toBe(201)
      expect(await leaveThere()).toEqual(['2030-03-10'])
      expect((await summary(elsewhere)).peopleInConflict).toBe(after.peopleInConflict + 1)
      expect(await summary(elsewhere)).toEqual(await summary(admin))
      expect((await admin.delete(`/api/leave/${recorded.body._id}`)).status).toBe(200)
      expect(await leaveThere()).toEqual([])
      expect(await summary(elsewhere)).toEqual(after)
    } finally {
      await other.close()
      await second.close()
    }
  })

  test('the figures follow the date: once a hire-by date has passed, it reads as late', async () => {
    // Excavation from 2/10/2026: hire by 1/10/2026, five days from the API's today.
    await setDates(plan.t[0]!._id, '2026-02-10', '2026-03-01')
    const day = 24 * 60 * 60_000
    try {
      expect(await excavationHireBy()).toBe('2026-01-10')
      api.advance(6 * day)
      // Issue 29: a late hire stays among the next hire-by dates (never "Nobody to hire" while the queue has lines), a day late.
      expect((await summary()).nextHires.find((line) => line.clusterLabel === 'Excavation')?.daysLeft).toBe(-1)
    } finally {
      api.advance(-6 * day)
      await setDates(plan.t[0]!._id, '2030-03-01', '2030-04-15')
    }
    expect(await excavationHireBy()).toBe('2030-02-01')
  })
})

describe('the plan revision', () => {
  test('one writing transaction raises it once, however many rows it writes; one that rolls back raises nothing; other tables leave it alone', async () => {
    const start = await readPlanRevision(api.db)
    const category = (name: string) => ({ name: `${name} ${Date.now().toString(36)}`, createdAt: new Date() })
    await api.db.transaction(async (tx) => {
      await tx.insert(categories).values([category('Revision A'), category('Revision B')])
      await tx.insert(categories).values(category('Revision C'))
    })
    expect(await readPlanRevision(api.db)).toBe(start + 1)

    await expect(
      api.db.transaction(async (tx) => {
        await tx.insert(categories).values(category('Revision D'))
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    expect(await readPlanRevision(api.db)).toBe(start + 1)

    await signedUpUser(api)
    expect(await readPlanRevision(api.db)).toBe(start + 1)

    await api.db.delete(categories).where(like(categories.name, 'Revision %'))
    expect(await readPlanRevision(api.db)).toBe(start + 2)
  })

  test('leave is counted apart (issue 28): a leave write raises the leave revision once per transaction, and never the plan revision', async () => {
    const start = await readRevisions(api.db)
    const period = (day: string) => ({ userId: ana._id, startDate: day, endDate: day, note: '', createdAt: new Date() })
    await api.db.transaction(async (tx) => {
      await tx.insert(leave).values([period('2032-01-01'), period('2032-01-02')])
      await tx.insert(leave).values(period('2032-01-03'))
    })
    expect(await readRevisions(api.db)).toEqual({ plans: start.plans, leave: start.leave + 1, people: start.people })
    await expect(
      api.db.transaction(async (tx) => {
        await tx.insert(leave).values(period('2032-02-01'))
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    await api.db.delete(leave).where(eq(leave.userId, ana._id))
    expect(await readRevisions(api.db)).toEqual({ plans: start.plans, leave: start.leave + 2, people: start.people })
    await api.db.execute(sql`truncate leave`)
    expect(await readRevisions(api.db)).toEqual({ plans: start.plans, leave: start.leave + 3, people: start.people })
  })

  test('who the Schedule lists is counted apart: a person joining, renamed or leaving raises the people revision once per transaction; a sign-in or a new password none', async () => {
    const start = await readRevisions(api.db)
    const [bea] = await makePeople(api, 1, 'Counted')
    expect(await readRevisions(api.db)).toEqual({ ...start, people: start.people + 1 })
    await api.db.transaction(async (tx) => {
      await tx.update(users).set({ fullName: 'Bea Counted' }).where(eq(users.id, bea!._id))
      await tx.update(users).set({ status: 'Inactive' }).where(eq(users.id, bea!._id))
    })
    expect(await readRevisions(api.db)).toEqual({ ...start, people: start.people + 2 })
    await api.db.update(users).set({ passwordHash: 'another hash' }).where(eq(users.id, bea!._id))
    await signedUpUser(api).then(({ client }) => client.post('/auth/logout'))
    // Signing up adds a person (one transaction: the account, then its verification).
    const after = await readRevisions(api.db)
    expect([after.plans, after.leave]).toEqual([start.plans, start.leave])
    await api.db.update(users).set({ passwordHash: 'a third hash' }).where(eq(users.id, bea!._id))
    expect(await readRevisions(api.db)).toEqual(after)
  })
})
