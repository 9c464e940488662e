import { monthsBefore } from '#domain/schedule/calendar'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ScheduleGroup, ScheduleRow, ScheduleView } from '#domain/contracts/schedule'
import { profiles, users } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * GET /api/schedule over HTTP (issue 29): people × weeks, grouped by role or project, with bars,
 * leave, overlaps and unfilled demand, filtered and paged. The API's clock stands at Monday
 * 5 January 2026, so the default window is 1/5/2026–3/29/2026.
 *
 * Skyline (Tower A) and Harbour (Block 1) plan the residential Tower type. Excavation (t0)
 * 1/12/2026–2/15/2026; the group Foundation + Plinth 2/10/2026–4/30/2026 (past the window's end).
 * Ana (Engineer, at Site) is on Skyline's Excavation and Harbour's Foundation + Plinth: they share
 * 2/10–2/15. Ben is on Skyline's Foundation + Plinth, on leave 3/10–3/12. Cleo is on nothing.
 * Engineer's Excavation needs 5 per instance; the group 2.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let skyline: Project
let harbour: Project
let ana: Person
let ben: Person
let cleo: Person
let harbourCard: Card

const tag = async (project: Project, card: Card, instance: string, roleId: string, clusterIds: string[], userIds: string[]) => {
  const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, instance), roleId, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
}
const setDates = async (clusterId: string, startDate: string, endDate: string) => {
  expect((await admin.put(`/api/clusters/${clusterId}`, { startDate, endDate })).status).toBe(200)
}

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  ;[ana, ben, cleo] = await makePeople(api, 3, 'Sched')
  await api.db.update(users).set({ roleId: plan.engineer, role: 'Engineer' }).where(eq(users.id, ana!._id))
  await api.db.insert(profiles).values({ userId: ana!._id, personal: {} as never, professional: { workLocation: 'Site' } as never, financial: {} as never, updatedAt: new Date() })
  skyline = await makeProject(admin, `Skyline Towers ${Date.now().toString(36)}`)
  harbour = await makeProject(admin, `Harbour View ${Date.now().toString(36)}`)
  const skylineCard = await makeCard(admin, skyline, plan.towerType, ['Tower A'])
  harbourCard = await makeCard(admin, harbour, plan.towerType, ['Block 1'])
  const [t0, t1, t2] = plan.t
  await setDates(t0!._id, '2026-01-12', '2026-02-15')
  await setDates(t1!._id, '2026-02-10', '2026-03-01')
  await setDates(t2!._id, '2026-03-02', '2026-04-30')
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t0!._id], [ana!._id])
  await tag(harbour, harbourCard, 'Block 1', plan.engineer, [t1!._id, t2!._id], [ana!._id])
  await tag(skyline, skylineCard, 'Tower A', plan.engineer, [t1!._id, t2!._id], [ben!._id])
  expect((await admin.post('/api/leave', { userId: ben!._id, startDate: '2026-03-10', endDate: '2026-03-12', note: 'Course' })).status).toBe(201)
})
afterAll(() => api?.close())

const schedule = (client: Client, query = '') => client.get<ScheduleView>(`/api/schedule${query}`)
const rowsOf = (view: ScheduleView) => view.groups.flatMap((group) => group.rows.map((row) => ({ group: group.key.name, row })))
const rowOf = (view: ScheduleView, person: Person): ScheduleRow | undefined => rowsOf(view).find(({ row }) => row.person._id === person._id)?.row
const groupNamed = (view: ScheduleView, name: string): ScheduleGroup | undefined => view.groups.find((group) => group.key.name === name)
const ours = (view: ScheduleView) => rowsOf(view).filter(({ row }) => [ana, ben, cleo].some((person) => person._id === row.person._id))

describe('GET /api/schedule', () => {
  test('by default twelve weeks from the Monday of this week, with Previous and Next a window away', async () => {
    const answer = await schedule(admin)
    expect(answer.status).toBe(200)
    expect(answer.body.window).toEqual({ start: '2026-01-05', end: '2026-03-29', days: 84, previous: '2025-10-13', next: '2026-03-30' })
    expect(answer.body.columns).toHaveLength(12)
    expect(answer.body.columns[1]).toEqual({ start: '2026-01-12', end: '2026-01-18' })
    expect([answer.body.today, answer.body.zoom, answer.body.group, answer.body.page, answer.body.pageSize]).toEqual(['2026-01-05', 'weeks', 'role', 1, 50])
  })

  test('rows are people grouped by role: bars over their dates, cut at the window, overlaps with each other and with leave', async () => {
    const view = (await schedule(admin)).body
    expect(ours(view).map(({ group, row }) => [group, row.person.fullName])).toEqual([
      ['Engineer', ana.fullName],
      ['No role', ben.fullName],
      ['No role', cleo.fullName],
    ])
    const anaRow = rowOf(view, ana)!
    expect(anaRow.bars.map((bar) => [bar.project.name, bar.instance.name, bar.clusterLabel, bar.startDate, bar.endDate, bar.span])).toEqual([
      [skyline.name, 'Tower A', 'Excavation', '2026-01-12', '2026-02-15', { first: 7, last: 41, before: false, after: false }],
      [harbour.name, 'Block 1', 'Foundation + Plinth', '2026-02-10', '2026-04-30', { first: 36, last: 83, before: false, after: true }],
    ])
    expect(anaRow.overlaps).toEqual([{ kind: 'assignment', startDate: '2026-02-10', endDate: '2026-02-15', span: { first: 36, last: 41, before: false, after: false } }])
    const benRow = rowOf(view, ben)!
    expect(benRow.leave).toEqual([{ startDate: '2026-03-10', endDate: '2026-03-12', note: 'Course', span: { first: 64, last: 66, before: false, after: false } }])
    expect(benRow.overlaps.map((mark) => [mark.kind, mark.startDate, mark.endDate])).toEqual([['leave', '2026-03-10', '2026-03-12']])
    expect(rowOf(view, cleo)).toMatchObject({ bars: [], leave: [], overlaps: [] })
  })

  test('unfilled demand under its role, by the hire-by queue’s rules: requirement minus tagged, per instance and cluster', async () => {
    const engineer = groupNamed((await schedule(admin, `?projectId=${skyline._id}`)).body, 'Engineer')!
    expect(engineer.placeholders.map((line) => [line.instance.name, line.clusterLabel, line.needed, line.hireBy, line.daysLeft, line.label])).toEqual([
      ['Tower A', 'Excavation', 4, '2025-12-12', -24, `Engineer × 4 needed · ${skyline.name} / Tower A / Excavation · hire by 12/12/2025`],
      ['Tower A', 'Foundation + Plinth', 1, '2026-01-10', 5, `Engineer × 1 needed · ${skyline.name} / Tower A / Foundation + Plinth · hire by 1/10/2026`],
    ])
    expect(engineer.placeholders[0]!.span).toEqual({ first: 7, last: 41, before: false, after: false })
  })

  test("after a change to one project its demand is worked out again and the other's kept; a lead time moves every hire-by date", async () => {
    const demand = async () => groupNamed((await schedule(admin)).body, 'Engineer')!.placeholders.map((line) => [line.instance.name, line.clusterLabel, line.needed, line.hireBy] as const)
    const before = await demand()
    const harbours = before.filter(([instance, cluster]) => instance === 'Block 1' && cluster === 'Foundation + Plinth')
    expect(harbours).toHaveLength(1)
    const [, t1, t2] = plan.t
    // Harbour's group needs 2: Cleo beside Ana fills it, and its line goes; Skyline's stay as they were.
    await tag(harbour, harbourCard, 'Block 1', plan.engineer, [t1!._id, t2!._id], [ana._id, cleo._id])
    try {
      expect(await demand()).toEqual(before.filter((line) => line !== harbours[0]))
    } finally {
      await tag(harbour, harbourCard, 'Block 1', plan.engineer, [t1!._id, t2!._id], [ana._id])
    }
    expect(await demand()).toEqual(before)
    // A month more of lead time: every hire-by date a calendar month earlier.
    expect((await admin.put(`/roles/${plan.engineer}`, { leadMonths: 2 })).status).toBe(200)
    try {
      expect(await demand()).toEqual(before.map(([instance, cluster, needed, hireBy]) => [instance, cluster, needed, monthsBefore(hireBy, 1)]))
    } finally {
      expect((await admin.put(`/roles/${plan.engineer}`, { leadMonths: 1 })).status).toBe(200)
    }
  })

  test('grouped by project: a person is a row under each project of the window, with its bars; people on none apart', async () => {
    const view = (await schedule(admin, '?group=project')).body
    expect(groupNamed(view, skyline.name)!.rows.map((row) => [row.person.fullName, row.bars.map((bar) => bar.clusterLabel)])).toEqual([
      [ana.fullName, ['Excavation']],
      [ben.fullName, ['Foundation + Plinth']],
    ])
    const anaAtHarbour = groupNamed(view, harbour.name)!.rows.find((row) => row.person._id === ana._id)!
    expect(anaAtHarbour.overlaps.map((mark) => [mark.startDate, mark.endDate])).toEqual([['2026-02-10', '2026-02-15']])
    expect(groupNamed(view, 'On no project in these dates')!.rows.map((row) => row.person._id)).toContain(cleo._id)
    expect(view.groups.at(-1)!.key).toEqual({ _id: null, name: 'On no project in these dates' })
    expect(groupNamed(view, harbour.name)!.placeholders.map((line) => [line.clusterLabel, line.needed])).toEqual([
      ['Excavation', 5],
      ['Foundation + Plinth', 1],
    ])
  })

  test('filters: project, role, location, only people with conflicts, only unfilled', async () => {
    const names = async (query: string) => ours((await schedule(admin, query)).body).map(({ row }) => row.person.fullName)
    expect(await names(`?projectId=${harbour._id}`)).toEqual([ana.fullName])
    expect(await names(`?roleId=${plan.engineer}`)).toEqual([ana.fullName])
    expect(await names('?location=site')).toEqual([ana.fullName])
    expect(await names('?location=Unassigned')).toEqual([ben.fullName, cleo.fullName])
    // Demand has no work location: a location leaves the placeholders out.
    expect((await schedule(admin, '?location=site')).body.groups.flatMap((group) => group.placeholders)).toEqual([])
    const conflicted = (await schedule(admin, '?conflictsOnly=1')).body
    expect(ours(conflicted).map(({ row }) => row.person.fullName)).toEqual([ana.fullName, ben.fullName])
    expect(conflicted.groups.flatMap((group) => group.placeholders)).toEqual([])
    const unfilled = (await schedule(admin, `?unfilledOnly=1&projectId=${harbour._id}`)).body
    expect(unfilled.total).toBe(2)
    expect(unfilled.groups.map((group) => [group.key.name, group.rows.length, group.placeholders.length])).toEqual([['Engineer', 0, 2]])
    // The filters' choices: the projects with a plan and the locations people work at.
    expect(unfilled.projects.map((project) => project.name)).toEqual(expect.arrayContaining([skyline.name, harbour.name]))
    expect(unfilled.locations).toEqual(expect.arrayContaining(['Site', 'Unassigned']))
  })

  test('a chosen date, zoomed to months: twelve months from its month; outside the plans, nothing but people', async () => {
    const months = (await schedule(admin, '?zoom=months&from=2026-02-17')).body
    expect(months.window).toMatchObject({ start: '2026-02-01', end: '2027-01-31', previous: '2025-02-01', next: '2027-02-01' })
    expect(months.columns[0]).toEqual({ start: '2026-02-01', end: '2026-02-28' })
    expect(rowOf(months, ana)!.bars[0]!.span).toEqual({ first: 0, last: 14, before: true, after: false })
    const later = (await schedule(admin, '?from=2027-06-01&span=4')).body
    expect(later.window).toMatchObject({ start: '2027-05-31', end: '2027-06-27' })
    expect(rowOf(later, ana)!.bars).toEqual([])
    expect(later.groups.flatMap((group) => group.placeholders)).toEqual([])
  })

  test('fifty rows a page, people and placeholders alike, the rest on the next', async () => {
    await makePeople(api, 50, 'Zz Paged')
    const count = (view: ScheduleView) => view.groups.reduce((sum, group) => sum + group.rows.length + group.placeholders.length, 0)
    const first = (await schedule(admin)).body
    expect(first.total).toBeGreaterThan(50)
    expect(count(first)).toBe(50)
    const second = (await schedule(admin, '?page=2')).body
    expect(second.page).toBe(2)
    expect(count(second)).toBe(first.total - 50)
    // Every person once, and the people by name with no role last: the paged ones at the end.
    const seen = [...rowsOf(first), ...rowsOf(second)].map(({ row }) => row.person._id)
    expect(new Set(seen).size).toBe(seen.length)
    expect(rowsOf(second).at(-1)!.row.person.fullName).toBe('Zz Paged 9')
  })

  test('needs view: 403 without it, 401 signed out', async () => {
    expect((await schedule((await userHolding(api, ['view'])).client)).status).toBe(200)
    expectRefusal(await schedule((await userHolding(api, ['add', 'edit'])).client), 403)
    expectRefusal(await schedule(api.client()), 401)
  })

  test.each([
    ['from=2026-13-01', 'from: '],
    ['from=1800-01-01', 'from: Enter a date between 1900 and 2100'],
    ['zoom=days', 'zoom: Choose weeks or months'],
    ['group=location', 'group: Choose role or project'],
    ['span=0', 'span: Must be at least 1'],
    ['span=27', 'span: Must be at most 26'],
    ['page=two', 'page: Must be a number'],
    ['projectId=nope', 'projectId'],
    ['conflictsOnly=maybe', 'conflictsOnly: Must be 1 or 0'],
    ['location=' + 'x'.repeat(201), 'location: Must be at most 200 characters'],
  ])('bad input is a 400 naming the field: %s', async (query, message) => {
    const answer = await schedule(admin, `?${query}`)
    expectRefusal(answer, 400)
    expect(answer.body.error).toContain(message)
  })
})
