import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Attention, Capacity, Dashboard, HandOver, HireLine, ConflictsPage, PersonConflicts, ProjectTimeline } from '#domain/contracts/schedule'
import type { Permission } from '#domain/constants'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { OVERRIDES, REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * "Tell the truth at a glance" over HTTP (issue 29): the Attention strip, one reading for the
 * dashboard and the hire-by queue, conflicts upcoming and past, hand-overs apart, and Capacity's
 * requirement of clusters without dates. The API's clock stands at 5 January 2026.
 *
 * Skyline (Tower A) and Harbour (Block 1) plan the residential Tower type: Excavation (t0)
 * 12/1/2025–1/20/2026, the group Foundation + Plinth 2/20/2026–4/1/2026. Quay (Site Q) plans the
 * Site type: Site Excavation (s0) 1/20/2026–2/15/2026 by a Site override, Site MEP (s1) without
 * dates. Engineer: Excavation needs 5 per instance, the group 2, Site Excavation 1; one month of
 * lead time.
 *
 * - Crew 0: Skyline's Excavation, and leave 12/10–12/12/2025 inside it: a conflict over.
 * - Crew 1: Skyline's Excavation, and leave 1/15–1/16/2026: a conflict within 30 days.
 * - Crew 2: Skyline's Excavation (ends 1/20) then Quay's Site Excavation (starts 1/20): a hand-over.
 * - Crew 3: both groups, from 2/20/2026: a conflict within 90 days, not 30.
 *
 * The hire-by queue by hand: both Excavations hire by 11/1/2025, 65 days late (Harbour 5 people,
 * Skyline 5 − 3 = 2), each group by 1/20/2026, 15 days left (2 − 1); Quay's Site Excavation is staffed.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let skyline: Project
let harbour: Project
let quay: Project
let crew: Person[]

const person = (permissions: Permission[]) => userHolding(api, permissions)
const tag = async (project: Project, card: Card, instance: string, roleId: string, clusterIds: string[], userIds: string[]) => {
  const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, instance), roleId, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
}
const setDates = async (clusterId: string, startDate: string | null, endDate: string | null) => {
  const answer = await admin.put(`/api/clusters/${clusterId}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const leave = async (userId: string, startDate: string, endDate: string) => {
  const answer = await admin.post('/api/leave', { userId, startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
}
const names = (rows: PersonConflicts[]) => rows.map((row) => row.user.fullName)

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  crew = await makePeople(api, 4, 'Crew')
  skyline = await makeProject(admin, `Skyline Towers ${Date.now().toString(36)}`)
  harbour = await makeProject(admin, `Harbour View ${Date.now().toString(36)}`)
  const skylineCard = await makeCard(admin, skyline, plan.towerType, ['Tower A'])
  quay = await makeProject(admin, `Quay ${Date.now().toString(36)}`)
  const harbourCard = await makeCard(admin, harbour, plan.towerType, ['Block 1'])
  const quayCard = await makeCard(admin, quay, plan.siteType, ['Site Q'])
  const [t0, t1, t2] = plan.t
  await setDates(t0!._id, '2025-12-01', '2026-01-20')
  await setDates(t1!._id, '2026-02-20', '2026-03-10')
  await setDates(t2!._id, '2026-03-11', '2026-04-01')
  const override = await admin.put(OVERRIDES, { projectId: quay._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[0]!._id, startDate: '2026-01-20', endDate: '2026-02-15' })
  expect(override.status, JSON.stringify(override.body)).toBe(201)
  const [c0, c1, c2, c3] = crew.map((member) => member._id)
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t0!._id], [c0!, c1!, c2!])
  await tag(quay, quayCard, 'Site Q', plan.engineer, [plan.s[0]!._id], [c2!])
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t1!._id, t2!._id], [c3!])
  await tag(harbour, harbourCard, 'Block 1', plan.engineer, [t1!._id, t2!._id], [c3!])
  await leave(c0!, '2025-12-10', '2025-12-12')
  await leave(c1!, '2026-01-15', '2026-01-16')
  // Two plans, three projects and a dozen writes: slow on a busy two-core machine.
}, 180_000)
afterAll(() => api?.close())

/** The requirement of the projects' bars without dates, read from their timelines: what "need dates" must add up to. */
const undatedRequirement = async (projects = [skyline, harbour, quay]) => {
  const timelines = await Promise.all(projects.map((project) => admin.get<ProjectTimeline>(`/api/timeline?projectId=${project._id}`)))
  const bars = timelines.flatMap((timeline) => timeline.body.bars.filter((bar) => bar.startDate === null))
  return { people: bars.reduce((sum, bar) => sum + bar.requirement, 0), clusters: bars.filter((bar) => bar.requirement > 0).length }
}

describe('GET /api/attention', () => {
  test('overdue hires with the oldest, hires due in 30 days, conflicts within 30 and 90 days, people needing dates', async () => {
    const answer = await admin.get<Attention>('/api/attention')
    expect(answer.status).toBe(200)
    const { overdue, due, conflicts, undated } = answer.body
    expect([overdue.lines, overdue.people]).toEqual([2, 7])
    // Of two lines as late, the queue's first: the larger need.
    expect([overdue.oldest!.project.name, overdue.oldest!.clusterLabel, overdue.oldest!.hireBy, overdue.oldest!.daysLeft]).toEqual([harbour.name, 'Excavation', '2025-11-01', -65])
    expect(due).toEqual({ lines: 2, people: 2 })
    // Crew 1 within 30 days; Crew 3 within 90; Crew 0's is over and Crew 2's hand-over is none.
    expect(conflicts).toEqual({ within30: 1, within90: 2 })
    const expected = await undatedRequirement()
    expect(expected.people).toBeGreaterThan(0)
    expect(undated).toEqual(expected)
  })

  test('the dashboard has the same strip, and its next hires are the queue\'s first lines, late ones included', async () => {
    const [dashboard, strip, queue] = await Promise.all([admin.get<Dashboard>('/api/dashboard'), admin.get<Attention>('/api/attention'), admin.get<HireLine[]>('/api/hire-queue')])
    expect(dashboard.body.attention).toEqual(strip.body)
    expect(queue.body.filter((line) => line.daysLeft < 0)).toHaveLength(strip.body.overdue.lines)
    expect(dashboard.body.summary!.nextHires).toEqual(queue.body.slice(0, 5))
    expect(dashboard.body.summary!.nextHires.map((line) => [line.project.name, line.clusterLabel, line.daysLeft])).toEqual([
      [harbour.name, 'Excavation', -65],
      [skyline.name, 'Excavation', -65],
      [harbour.name, 'Foundation + Plinth', 15],
      [skyline.name, 'Foundation + Plinth', 15],
    ])
    // People in conflict: Crew 1 and Crew 3, as GET /api/conflicts lists them.
    expect(dashboard.body.summary!.peopleInConflict).toBe(2)
  })

  test('view needed: without it 403, and the dashboard leaves the strip out; signed out 401', async () => {
    const plain = await person(['add', 'edit'])
    expectRefusal(await plain.client.get('/api/attention'), 403)
    expect((await plain.client.get<Dashboard>('/api/dashboard')).body.attention).toBeNull()
    expectRefusal(await api.client().get('/api/attention'), 401)
    expect((await (await person(['view'])).client.get<Attention>('/api/attention')).status).toBe(200)
  })
})

describe('GET /api/conflicts and /api/hand-overs', () => {
  test('conflicts not yet over by default, with those clashes only; those over with when=past', async () => {
    const upcoming = await admin.get<ConflictsPage>('/api/conflicts')
    expect(upcoming.status).toBe(200)
    // The soonest first: Crew 1's leave 1/15, Crew 3's groups 2/20.
    expect(names(upcoming.body.people)).toEqual(['Crew 1', 'Crew 3'])
    expect(upcoming.body.people[0]!.assignments.map((row) => [row.project.name, row.clusterLabel, row.conflicts])).toEqual([[skyline.name, 'Excavation', ['On leave, 1/15/2026–1/16/2026']]])
    const past = await admin.get<ConflictsPage>('/api/conflicts?when=past')
    expect(names(past.body.people)).toEqual(['Crew 0'])
    expect(past.body.people[0]!.assignments.map((row) => row.conflicts)).toEqual([['On leave, 12/10/2025–12/12/2025']])
    expect(names((await admin.get<ConflictsPage>('/api/conflicts?when=upcoming')).body.people)).toEqual(['Crew 1', 'Crew 3'])
  })

  test('a hand-over (one assignment ends the day the next starts) is listed apart and is no conflict', async () => {
    const answer = await admin.get<HandOver[]>('/api/hand-overs')
    expect(answer.status).toBe(200)
    expect(answer.body.map((row) => [row.user.fullName, row.day, `${row.ending.project.name} ${row.ending.clusterLabel} ${row.ending.endDate}`, `${row.starting.project.name} ${row.starting.clusterLabel} ${row.starting.startDate}`])).toEqual([
      ['Crew 2', '2026-01-20', `${skyline.name} Excavation 2026-01-20`, `${quay.name} Site Excavation 2026-01-20`],
    ])
    expect((await admin.get<HandOver[]>('/api/hand-overs?when=past')).body).toEqual([])
    const everyone = [...(await admin.get<ConflictsPage>('/api/conflicts')).body.people, ...(await admin.get<ConflictsPage>('/api/conflicts?when=past')).body.people]
    expect(names(everyone)).not.toContain('Crew 2')
  })

  test('a page at a time: limit and offset pick the people in the same order, total counts them all; a bad page is a 400', async () => {
    const first = await admin.get<ConflictsPage>('/api/conflicts?limit=1')
    expect([first.body.total, names(first.body.people)]).toEqual([2, ['Crew 1']])
    const second = await admin.get<ConflictsPage>('/api/conflicts?limit=1&offset=1')
    expect([second.body.total, names(second.body.people)]).toEqual([2, ['Crew 3']])
    expect((await admin.get<ConflictsPage>('/api/conflicts?offset=2')).body).toEqual({ people: [], total: 2 })
    for (const [path, message] of [
      ['/api/conflicts?limit=0', 'limit must be at least 1'],
      ['/api/conflicts?limit=1001', 'limit must be at most 1000'],
      ['/api/conflicts?offset=-1', 'offset must be at least 0'],
      ['/api/conflicts?limit=ten', 'limit must be a number'],
    ]) {
      const answer = await admin.get(path!)
      expectRefusal(answer, 400)
      expect(answer.body.error).toContain(message)
    }
  })

  test('a `when` other than upcoming or past is a 400; view needed; signed out 401', async () => {
    for (const path of ['/api/conflicts?when=soon', '/api/hand-overs?when=1']) {
      const answer = await admin.get(path)
      expectRefusal(answer, 400)
      expect(answer.body.error).toContain('Choose upcoming or past')
    }
    const plain = await person(['add'])
    for (const path of ['/api/conflicts', '/api/hand-overs', '/api/conflicts?when=past']) {
      expectRefusal(await plain.client.get(path), 403)
      expectRefusal(await api.client().get(path), 401)
    }
  })
})

describe("GET /api/capacity: clusters without dates", () => {
  const engineer = (capacity: Capacity) => capacity.roles.find((row) => row.role.name === 'Engineer')

  test('each role carries the requirement of its clusters without dates, in no month', async () => {
    const expected = await undatedRequirement([quay])
    expect(expected.people).toBeGreaterThan(0)
    const answer = await admin.get<Capacity>(`/api/capacity?projectId=${quay._id}&from=2026-01-01&to=2026-03-31`)
    expect(answer.status).toBe(200)
    // Site MEP is undated and nobody is tagged to it; the dated Site Excavation counts in its months only.
    expect(engineer(answer.body)!.undated).toEqual({ demand: expected.people, supply: 0, gap: expected.people })
    expect(engineer(answer.body)!.cells.map((cell) => [cell.month, cell.demand, cell.supply])).toEqual([
      ['2026-01', 1, 1],
      ['2026-02', 1, 1],
      ['2026-03', 0, 0],
    ])
    // The Developer's Finishing is undated but needs no one: no row.
    expect((await admin.get<Capacity>(`/api/capacity?projectId=${skyline._id}&from=2026-01-01&to=2026-03-31`)).body.roles.map((row) => [row.role.name, row.undated])).toEqual([
      ['Engineer', { demand: 0, supply: 0, gap: 0 }],
    ])
  })

  test('a role whose only requirement is undated is still listed, its months empty', async () => {
    const answer = await admin.get<Capacity>(`/api/capacity?projectId=${quay._id}&from=2031-01-01&to=2031-02-28`)
    const row = engineer(answer.body)!
    expect(row.cells.map((cell) => cell.demand)).toEqual([0, 0])
    expect(row.undated.demand).toBe((await undatedRequirement([quay])).people)
    expect((await admin.get<Capacity>(`/api/capacity?projectId=${skyline._id}&from=2031-01-01&to=2031-02-28`)).body.roles).toEqual([])
  })
})

// Last: it moves the API's clock.
describe('as days pass', () => {
  test('a conflict that has ended is no longer counted, and a hand-over passed moves to the past', async () => {
    // 1/25/2026: Crew 1's leave (1/15–1/16) is over; the hand-over of 1/20 is behind.
    // Five days at a time, each with a request: a session idle a week ends.
    for (let step = 0; step < 4; step++) {
      api.advance(5 * 86_400_000)
      expect((await admin.get('/api/attention')).status).toBe(200)
    }
    const dashboard = (await admin.get<Dashboard>('/api/dashboard')).body
    expect(dashboard.summary!.peopleInConflict).toBe(1)
    expect(names((await admin.get<ConflictsPage>('/api/conflicts')).body.people)).toEqual(['Crew 3'])
    // Past ones the latest over first: Crew 1's (1/16/2026), then Crew 0's (12/12/2025).
    expect(names((await admin.get<ConflictsPage>('/api/conflicts?when=past')).body.people)).toEqual(['Crew 1', 'Crew 0'])
    // Crew 3's starts on 2/20: 26 days ahead now.
    expect(dashboard.attention!.conflicts).toEqual({ within30: 1, within90: 1 })
    expect((await admin.get<HandOver[]>('/api/hand-overs')).body).toEqual([])
    expect((await admin.get<HandOver[]>('/api/hand-overs?when=past')).body.map((row) => row.day)).toEqual(['2026-01-20'])
    // The groups' hire-by date (1/20) has passed too: four late lines now, none due.
    expect([dashboard.attention!.overdue.lines, dashboard.attention!.due.lines]).toEqual([4, 0])
  })
})
