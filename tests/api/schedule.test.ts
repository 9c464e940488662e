import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Availability, Capacity, CapacityScreen, Dashboard, HireLine, LeaveRow, ConflictsPage, PersonSchedule, ProjectTimeline } from '#domain/contracts/schedule'
import type { Permission } from '#domain/constants'
import { roles } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * People over time over HTTP (issue 13): assignments with their conflicts, leave, capacity, the
 * hire-by queue, the timeline and a role's lead time. The API's clock stands at 5 January 2026.
 *
 * Two projects plan the residential Tower type on one instance each. Tower clusters: Excavation
 * (t0) 3/1/2030–4/15/2030, the group Foundation + Plinth (t1 4/10/2030–5/1/2030, t2
 * 5/2/2030–6/1/2030), Finishing (t3) undated. Engineer t0 needs 5 per instance (2 direct and 3
 * from Site clusters outside the plan), the group 2, Developer t3 0. Ana is tagged to Skyline's
 * Excavation and to Harbour's Foundation + Plinth: they share 4/10–4/15.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let skyline: Project
let harbour: Project
let skylineCard: Card
let harbourCard: Card
let ana: Person
let ben: Person

const person = (permissions: Permission[]) => userHolding(api, permissions)
const tag = async (project: Project, card: Card, instance: string, roleId: string, clusterIds: string[], userIds: string[]) => {
  const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, instance), roleId, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
}
const setDates = async (clusterId: string, startDate: string | null, endDate: string | null) => {
  const answer = await admin.put(`/api/clusters/${clusterId}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  ;[ana, ben] = await makePeople(api, 2, 'Planner')
  skyline = await makeProject(admin, `Skyline Towers ${Date.now().toString(36)}`)
  harbour = await makeProject(admin, `Harbour View ${Date.now().toString(36)}`)
  skylineCard = await makeCard(admin, skyline, plan.towerType, ['Tower A'])
  harbourCard = await makeCard(admin, harbour, plan.towerType, ['Block 1'])
  const [t0, t1, t2] = plan.t
  await setDates(t0!._id, '2030-03-01', '2030-04-15')
  await setDates(t1!._id, '2030-04-10', '2030-05-01')
  await setDates(t2!._id, '2030-05-02', '2030-06-01')
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t0!._id], [ana!._id])
  await tag(harbour, harbourCard, 'Block 1', plan.engineer, [t1!._id, t2!._id], [ana!._id])
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t1!._id, t2!._id], [ben!._id])
})
afterAll(() => api?.close())

const assignmentsOf = (client: Client, id: string) => client.get<PersonSchedule>(`/api/users/${id}/assignments`)

describe('GET /api/users/{id}/assignments', () => {
  test("a person's assignments, dated by the clusters, each conflict named with the other booking's place and dates", async () => {
    const answer = await assignmentsOf(admin, ana._id)
    expect(answer.status).toBe(200)
    expect(answer.body.user).toEqual({ _id: ana._id, fullName: ana.fullName, email: ana.email })
    expect(answer.body.assignments.map((row) => [row.project.name, row.instance.name, row.role.name, row.clusterLabel, row.startDate, row.endDate])).toEqual([
      [skyline.name, 'Tower A', 'Engineer', 'Excavation', '2030-03-01', '2030-04-15'],
      [harbour.name, 'Block 1', 'Engineer', 'Foundation + Plinth', '2030-04-10', '2030-06-01'],
    ])
    expect(answer.body.assignments.map((row) => row.conflicts)).toEqual([
      [`On ${harbour.name} / Block 1 / Foundation + Plinth, 4/10/2030–6/1/2030`],
      [`On ${skyline.name} / Tower A / Excavation, 3/1/2030–4/15/2030`],
    ])
    expect(answer.body.leave).toEqual([])
  })

  test('one assignment alone has no conflict; someone tagged nowhere has none', async () => {
    const benAnswer = await assignmentsOf(admin, ben._id)
    expect(benAnswer.body.assignments.map((row) => [row.clusterLabel, row.conflicts])).toEqual([['Foundation + Plinth', []]])
    const nobody = (await makePeople(api, 1, 'Idle'))[0]!
    expect((await assignmentsOf(admin, nobody._id)).body.assignments).toEqual([])
  })

  test('everyone reads their own; another person needs view; an unknown or malformed id is 404', async () => {
    const plain = await person([])
    expect((await assignmentsOf(plain.client, plain.id)).status).toBe(200)
    expect((await assignmentsOf(plain.client, ana._id)).status).toBe(403)
    expect((await assignmentsOf((await person(['view'])).client, ana._id)).status).toBe(200)
    expect((await assignmentsOf(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await assignmentsOf(admin, 'not-an-id')).status).toBe(404)
    expect((await assignmentsOf(api.client(), ana._id)).status).toBe(401)
  })
})

describe('leave', () => {
  test('a person records their own leave; it shows in their list and as a conflict where it meets an assignment', async () => {
    const own = await person([])
    const created = await own.client.post<LeaveRow>('/api/leave', { startDate: '2030-05-01', endDate: '2030-05-09', note: ' Holiday ' })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ _id: expect.any(String), userId: own.id, startDate: '2030-05-01', endDate: '2030-05-09', note: 'Holiday' })
    expect((await own.client.get<LeaveRow[]>('/api/leave')).body).toEqual([created.body])
  })

  test("with edit, leave is recorded for someone else and meets their assignment: 'On leave (Holiday), 5/1/2030–5/9/2030'", async () => {
    const editor = await person(['edit'])
    const created = await editor.client.post<LeaveRow>('/api/leave', { userId: ben._id, startDate: '2030-05-01', endDate: '2030-05-09', note: 'Holiday' })
    expect(created.status).toBe(201)
    const schedule = (await assignmentsOf(admin, ben._id)).body
    expect(schedule.leave).toEqual([created.body])
    expect(schedule.assignments[0]!.conflicts).toEqual(['On leave (Holiday), 5/1/2030–5/9/2030'])
    expect((await admin.delete(`/api/leave/${created.body._id}`)).status).toBe(200)
    expect((await assignmentsOf(admin, ben._id)).body.assignments[0]!.conflicts).toEqual([])
  })

  test('without edit nobody records or removes leave of others; without view nobody reads it', async () => {
    const plain = await person(['view', 'add'])
    expectRefusal(await plain.client.post('/api/leave', { userId: ana._id, startDate: '2030-01-01', endDate: '2030-01-02' }), 403)
    const others = await admin.post<LeaveRow>('/api/leave', { userId: ana._id, startDate: '2031-01-01', endDate: '2031-01-02' })
    expectRefusal(await plain.client.delete(`/api/leave/${others.body._id}`), 403)
    const stranger = await person([])
    expectRefusal(await stranger.client.get(`/api/leave?userId=${ana._id}`), 403)
    expect((await plain.client.get<LeaveRow[]>(`/api/leave?userId=${ana._id}`)).body.map((row) => row._id)).toContain(others.body._id)
    expect((await admin.delete(`/api/leave/${others.body._id}`)).status).toBe(200)
    expect((await admin.delete(`/api/leave/${others.body._id}`)).status).toBe(404)
  })

  test.each([
    ['an end before the start', { startDate: '2030-05-09', endDate: '2030-05-01' }, 'End date cannot be before start date'],
    ['no start', { endDate: '2030-05-01' }, 'startDate'],
    ['a day that does not exist', { startDate: '2030-02-30', endDate: '2030-03-01' }, 'startDate: Enter a valid start date (YYYY-MM-DD)'],
    ['a note too long', { startDate: '2030-05-01', endDate: '2030-05-01', note: 'x'.repeat(201) }, 'note must be at most 200 characters'],
    ['an unknown field', { startDate: '2030-05-01', endDate: '2030-05-01', hours: 8 }, 'Unknown field'],
    ['an unknown person', { userId: '00000000-0000-4000-8000-000000000000', startDate: '2030-05-01', endDate: '2030-05-01' }, 'User not found'],
  ])('%s is refused with a message and nothing is stored', async (_, body, message) => {
    const before = (await admin.get<LeaveRow[]>('/api/leave')).body.length
    const answer = await admin.post<{ error: string }>('/api/leave', body)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toContain(message)
    expect((await admin.get<LeaveRow[]>('/api/leave')).body).toHaveLength(before)
  })
})

describe('GET /api/availability', () => {
  const availability = (project: Project, card: Card, instance: string, clusterIds: string[], userIds: string[]) =>
    admin.get<Availability>(`/api/availability?${new URLSearchParams({ projectId: project._id, instanceId: instanceOf(card, instance), roleId: plan.engineer, clusterIds: clusterIds.join(','), userIds: userIds.join(',') })}`)

  test("each candidate's load over the slot's dates and what tagging them would clash with; the slot itself does not count", async () => {
    const idle = (await makePeople(api, 1, 'Free'))[0]!
    const answer = await availability(harbour, harbourCard, 'Block 1', [plan.t[0]!._id], [ben._id, ana._id, idle._id])
    expect(answer.status).toBe(200)
    expect([answer.body.startDate, answer.body.endDate]).toEqual(['2030-03-01', '2030-04-15'])
    expect(answer.body.people).toEqual([
      { userId: ben._id, load: 1, clashes: [`On ${skyline.name} / Tower A / Foundation + Plinth, 4/10/2030–6/1/2030`] },
      // Ana is on Skyline's Excavation (the same days) and Harbour's group, which starts inside them.
      { userId: ana._id, load: 2, clashes: [`On ${skyline.name} / Tower A / Excavation, 3/1/2030–4/15/2030`, `On ${harbour.name} / Block 1 / Foundation + Plinth, 4/10/2030–6/1/2030`] },
      { userId: idle._id, load: 0, clashes: [] },
    ])
    // Over the slot Ana holds already, only her other booking counts.
    const own = await availability(skyline, skylineCard, 'Tower A', [plan.t[0]!._id], [ana._id])
    expect(own.body.people).toEqual([{ userId: ana._id, load: 1, clashes: [`On ${harbour.name} / Block 1 / Foundation + Plinth, 4/10/2030–6/1/2030`] }])
  })

  test('a group is named by its clusters in any order; a cluster not of the role is 404; bad ids 400; view needed', async () => {
    const group = await availability(skyline, skylineCard, 'Tower A', [plan.t[2]!._id, plan.t[1]!._id], [ana._id])
    expect([group.body.startDate, group.body.endDate]).toEqual(['2030-04-10', '2030-06-01'])
    expectRefusal(await availability(skyline, skylineCard, 'Tower A', [plan.t[4]!._id], [ana._id]), 404)
    expectRefusal(await admin.get(`/api/availability?projectId=${skyline._id}&instanceId=x&roleId=${plan.engineer}&clusterIds=${plan.t[0]!._id}&userIds=`), 400)
    expectRefusal(await admin.get(`/api/availability?projectId=${skyline._id}&instanceId=${instanceOf(skylineCard, 'Tower A')}&roleId=${plan.engineer}&clusterIds=&userIds=`), 400)
    expectRefusal(await (await person(['add'])).client.get(`/api/availability?projectId=${skyline._id}`), 403)
  })
})

describe('GET /api/conflicts', () => {
  test('everyone with a conflict, with the clashing assignments only; view needed', async () => {
    const answer = await admin.get<ConflictsPage>('/api/conflicts')
    expect(answer.status).toBe(200)
    expect(answer.body.total).toBe(1)
    expect(answer.body.people.map((row) => [row.user._id, row.assignments.map((assignment) => assignment.clusterLabel)])).toEqual([[ana._id, ['Excavation', 'Foundation + Plinth']]])
    expectRefusal(await (await person([])).client.get('/api/conflicts'), 403)
  })
})

describe('GET /api/capacity', () => {
  const cells = (capacity: Capacity, role: string) => capacity.roles.find((row) => row.role.name === role)?.cells.map((cell) => [cell.month, cell.demand, cell.supply, cell.gap])

  test('role × month: a cluster counts in each month its dates touch, per instance; undated clusters in none', async () => {
    const answer = await admin.get<Capacity>('/api/capacity?from=2030-03-01&to=2030-07-31')
    expect(answer.status).toBe(200)
    expect(answer.body.months).toEqual(['2030-03', '2030-04', '2030-05', '2030-06', '2030-07'])
    expect([answer.body.from, answer.body.to]).toEqual(['2030-03-01', '2030-07-31'])
    // March: Excavation ×2 (5 each, Ana on one). April: + both groups (2 each, Ben on Skyline's, Ana on Harbour's).
    expect(cells(answer.body, 'Engineer')).toEqual([
      ['2030-03', 10, 1, 9],
      ['2030-04', 14, 3, 11],
      ['2030-05', 4, 2, 2],
      ['2030-06', 4, 2, 2],
      ['2030-07', 0, 0, 0],
    ])
    expect(cells(answer.body, 'Developer')).toBeUndefined()
  })

  test('the hire-by queue comes with the grid, as GET /api/hire-queue answers it for the same project and role', async () => {
    for (const filter of ['', `?projectId=${skyline._id}`, `?roleId=${plan.developer}`]) {
      const [grid, queue] = await Promise.all([admin.get<Capacity>(`/api/capacity${filter}`), admin.get<HireLine[]>(`/api/hire-queue${filter}`)])
      expect(grid.body.hireQueue).toEqual(queue.body)
      // Sent from the kept bytes: still JSON, with its length.
      for (const answer of [grid, queue]) expect([answer.headers.get('content-type'), Number(answer.headers.get('content-length'))]).toEqual(['application/json; charset=utf-8', Buffer.byteLength(JSON.stringify(answer.body))])
    }
    expect((await admin.get<Capacity>(`/api/capacity?projectId=${skyline._id}`)).body.hireQueue.map((line) => line.project.name)).toEqual([skyline.name, skyline.name])
  })

  test('filtered by project and by role', async () => {
    expect(cells((await admin.get<Capacity>(`/api/capacity?from=2030-03-01&to=2030-03-31&projectId=${skyline._id}`)).body, 'Engineer')).toEqual([['2030-03', 5, 1, 4]])
    expect((await admin.get<Capacity>(`/api/capacity?from=2030-03-01&to=2030-03-31&roleId=${plan.developer}`)).body.roles).toEqual([])
  })

  test('twelve months from this one by default; a period backwards, too long or malformed is a 400; view needed', async () => {
    const answer = await admin.get<Capacity>('/api/capacity')
    expect([answer.body.from, answer.body.to, answer.body.months.length]).toEqual(['2026-01-01', '2026-12-31', 12])
    expectRefusal(await admin.get('/api/capacity?from=2030-05-01&to=2030-04-01'), 400)
    expectRefusal(await admin.get('/api/capacity?from=2030-01-01&to=2036-01-01'), 400)
    expectRefusal(await admin.get('/api/capacity?from=yesterday'), 400)
    expectRefusal(await admin.get('/api/capacity?projectId=42'), 400)
    expectRefusal(await (await person([])).client.get('/api/capacity'), 403)
  })

  test("GET /api/capacity/screen: the same grid, one page of the same queue with its length, and the queue's late lines; the same refusals", async () => {
    for (const filter of ['', `?projectId=${skyline._id}`, `?roleId=${plan.developer}`, '?from=2030-03-01&to=2030-07-31']) {
      const [whole, screen] = await Promise.all([admin.get<Capacity>(`/api/capacity${filter}`), admin.get<CapacityScreen>(`/api/capacity/screen${filter}`)])
      const { hireQueue, ...grid } = whole.body
      expect(screen.body).toEqual({ ...grid, queue: { page: 1, rows: hireQueue.slice(0, 50), total: hireQueue.length }, overdue: hireQueue.filter((line) => line.daysLeft < 0).length })
    }
    // A page past the last reads as the last.
    const far = await admin.get<CapacityScreen>('/api/capacity/screen?page=400')
    expect(far.body.queue.page).toBe(Math.max(1, Math.ceil(far.body.queue.total / 50)))
    for (const bad of ['?from=2030-05-01&to=2030-04-01', '?from=2030-01-01&to=2036-01-01', '?from=yesterday', '?projectId=42', '?page=0', '?page=two']) {
      const [whole, screen] = await Promise.all([admin.get(`/api/capacity${bad}`), admin.get(`/api/capacity/screen${bad}`)])
      expectRefusal(screen, 400)
      if (!bad.startsWith('?page')) expect(screen.body).toEqual(whole.body)
    }
    expectRefusal(await (await person([])).client.get('/api/capacity/screen'), 403)
  })
})

describe('GET /api/hire-queue and PUT /roles/{id}', () => {
  test('one line per role, project and cluster with a gap, by hire-by date (start minus the lead time), then the larger need, then by name', async () => {
    const answer = await admin.get<HireLine[]>('/api/hire-queue')
    expect(answer.status).toBe(200)
    expect(answer.body.map((line) => [line.project.name, line.role.name, line.clusterLabel, line.needed, line.startDate, line.hireBy, line.daysLeft])).toEqual([
      [harbour.name, 'Engineer', 'Excavation', 5, '2030-03-01', '2030-02-01', 1488],
      [skyline.name, 'Engineer', 'Excavation', 4, '2030-03-01', '2030-02-01', 1488],
      [harbour.name, 'Engineer', 'Foundation + Plinth', 1, '2030-04-10', '2030-03-10', 1525],
      [skyline.name, 'Engineer', 'Foundation + Plinth', 1, '2030-04-10', '2030-03-10', 1525],
    ])
  })

  test('a longer lead time moves the hire-by date back on the calendar rule; it needs edit and a whole number 0–24', async () => {
    const set = await admin.put(`/roles/${plan.engineer}`, { leadMonths: 3 })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ _id: plan.engineer, name: 'Engineer', leadMonths: 3 })
    const [first] = (await admin.get<HireLine[]>(`/api/hire-queue?projectId=${skyline._id}`)).body
    expect([first!.hireBy, first!.startDate]).toEqual(['2029-12-01', '2030-03-01'])
    expectRefusal(await (await person(['view', 'add'])).client.put(`/roles/${plan.engineer}`, { leadMonths: 2 }), 403)
    for (const leadMonths of [-1, 25, 1.5, 'soon']) expectRefusal(await admin.put(`/roles/${plan.engineer}`, { leadMonths }), 400)
    expectRefusal(await admin.put('/roles/00000000-0000-4000-8000-000000000000', { leadMonths: 1 }), 404)
    const [stored] = await api.db.select({ leadMonths: roles.leadMonths }).from(roles).where(eq(roles.id, plan.engineer))
    expect(stored!.leadMonths).toBe(3)
    await admin.put(`/roles/${plan.engineer}`, { leadMonths: 1 })
  })
})

describe('GET /api/timeline', () => {
  test("a project's bars: one per instance, role and cluster item, with dates, Deployed By, tagged and requirement", async () => {
    const answer = await admin.get<ProjectTimeline>(`/api/timeline?projectId=${skyline._id}`)
    expect(answer.status).toBe(200)
    expect(answer.body.project).toEqual({ _id: skyline._id, name: skyline.name })
    expect(answer.body.today).toBe('2026-01-05')
    expect(answer.body.bars.map((bar) => [bar.instance.name, bar.role.name, bar.clusterLabel, bar.startDate, bar.endDate, bar.deployedBy, `${bar.tagged}/${bar.requirement}`, bar.overridden])).toEqual([
      ['Tower A', 'Engineer', 'Excavation', '2030-03-01', '2030-04-15', '2030-02-01', '1/5', false],
      ['Tower A', 'Engineer', 'Foundation + Plinth', '2030-04-10', '2030-06-01', '2030-03-10', '1/2', false],
      ['Tower A', 'Developer', 'Finishing', null, null, null, '0/0', false],
    ])
    expect(answer.body.bars[0]).toMatchObject({ category: plan.category.name, entity: 'Tower', type: plan.towerType.typeName })
  })

  test('an unknown project is 404, a missing or malformed one 400; view needed', async () => {
    expectRefusal(await admin.get('/api/timeline?projectId=00000000-0000-4000-8000-000000000000'), 404)
    expectRefusal(await admin.get('/api/timeline'), 400)
    expectRefusal(await admin.get('/api/timeline?projectId=x'), 400)
    expectRefusal(await (await person([])).client.get(`/api/timeline?projectId=${skyline._id}`), 403)
  })
})

// Last: it tags one more person into Harbour, which the answers above do not expect.
describe('GET /api/dashboard', () => {
  test("with view, the planning figures: User Entity Mapping's totals over every project, people in conflict, the next five hire-by dates", async () => {
    const answer = await admin.get<Dashboard>('/api/dashboard')
    expect(answer.status).toBe(200)
    // Per project: Excavation 5 + the group 2 + Finishing 0 = 7 required; Skyline tags Ana and Ben, Harbour Ana.
    const summary = answer.body.summary!
    expect([summary.totalRequirement, summary.totalTagged, summary.yetToBeRecruited, summary.peopleInConflict]).toEqual([14, 3, 11, 1])
    expect(summary.nextHires.map((line) => [line.project.name, line.clusterLabel, line.hireBy])).toEqual([
      [harbour.name, 'Excavation', '2030-02-01'],
      [skyline.name, 'Excavation', '2030-02-01'],
      [harbour.name, 'Foundation + Plinth', '2030-03-10'],
      [skyline.name, 'Foundation + Plinth', '2030-03-10'],
    ])
    // The administrator is tagged nowhere and has recorded no leave.
    expect([answer.body.assignments, answer.body.leave]).toEqual([[], []])
  })

  test("everyone's own next assignments with their conflicts and their leave not yet over; the figures only with view; signed out, 401", async () => {
    const own = await person(['add', 'edit'])
    await tag(harbour, harbourCard, 'Block 1', plan.engineer, [plan.t[0]!._id], [own.id])
    // The API's clock stands at 5 January 2026: leave that ended the day before is over.
    expect((await own.client.post('/api/leave', { startDate: '2025-12-20', endDate: '2026-01-04', note: 'Over' })).status).toBe(201)
    const ahead = await own.client.post<LeaveRow>('/api/leave', { startDate: '2030-04-01', endDate: '2030-04-02', note: 'Ahead' })
    const answer = await own.client.get<Dashboard>('/api/dashboard')
    expect(answer.status).toBe(200)
    expect(answer.body.assignments.map((row) => [row.project.name, row.instance.name, row.clusterLabel, row.startDate, row.endDate, row.conflicts])).toEqual([
      [harbour.name, 'Block 1', 'Excavation', '2030-03-01', '2030-04-15', ['On leave (Ahead), 4/1/2030–4/2/2030']],
    ])
    expect(answer.body.leave).toEqual([ahead.body])
    expect(answer.body.summary).toBeNull()
    expectRefusal(await api.client().get('/api/dashboard'), 401)
  })
})
