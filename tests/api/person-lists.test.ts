import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Dashboard, PersonSchedule } from '#domain/contracts/schedule'
import { PAGE_SIZE } from '#domain/pages'
import { CONFLICTS_LISTED } from '#domain/schedule/limits'
import { leave } from '#api/db/schema'
import { type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject } from '../support/planning'
import { assignedOn, residentialSuite, type ResidentialPlan } from '../support/projects'

/**
 * One person's lists stay a page at a time whatever they hold (issue 36 §8): GET /api/dashboard and
 * GET /api/users/{id}/assignments answer a page of each list that can grow (50 rows unless asked,
 * `limit`, an offset per list) and `totals`, as /api/conflicts pages people; an assignment names at
 * most CONFLICTS_LISTED of its clashes and counts the rest. The API's clock stands at 5 January 2026.
 *
 * The employee is tagged to Excavation (3/1/2025–4/15/2025) and Foundation (6/1/2025–7/1/2025),
 * both over, and Painting (2/1/2026–12/31/2026), ahead; they hold 130 one-day periods of leave in
 * Painting's days (each a clash with it) and 60 over, in 2025, stored directly as a year of
 * recording would leave them.
 */
let api: Api
let admin: Client
let plan: ResidentialPlan
let employee: { id: string; client: Client }

const AHEAD = 130
const BEHIND = 60
/** The n-th day from `from` (YYYY-MM-DD), as YYYY-MM-DD. */
const dayAfter = (from: string, n: number) => new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** Ahead: every other day from 2/2/2026; over: every other day from 1/1/2025. */
const aheadDay = (n: number) => dayAfter('2026-02-02', 2 * n)
const behindDay = (n: number) => dayAfter('2025-01-01', 2 * n)

beforeAll(async () => {
  ;({ api, admin, plan } = await residentialSuite(1))
  employee = await userHolding(api, [])
  const project = await makeProject(admin, `Lists ${Date.now().toString(36)}`)
  const clusters = [
    [plan.t[0]!, '2025-03-01', '2025-04-15'],
    [plan.t[1]!, '2025-06-01', '2025-07-01'],
    [plan.t[4]!, '2026-02-01', '2026-12-31'],
  ] as const
  await assignedOn(admin, plan, project, employee.id, ['Tower L'], clusters)
  const periods = [...Array.from({ length: AHEAD }, (_, n) => aheadDay(n)), ...Array.from({ length: BEHIND }, (_, n) => behindDay(n))]
  await api.db.insert(leave).values(periods.map((day) => ({ userId: employee.id, startDate: day, endDate: day, note: `Day ${day}`, createdAt: new Date('2025-01-01T00:00:00Z') })))
})
afterAll(() => api?.close())

const dashboard = async (query = '') => {
  const answer = await employee.client.get<Dashboard>(`/api/dashboard${query}`)
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
  return answer.body
}
const schedule = async (query = '', client = admin) => {
  const answer = await client.get<PersonSchedule>(`/api/users/${employee.id}/assignments${query}`)
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200)
  return answer.body
}
const starts = (rows: { startDate: string | null }[]) => rows.map((row) => row.startDate)

describe('GET /api/dashboard answers a page of each list, and how many each holds', () => {
  test('50 periods of leave ahead and of leave over unless asked, the totals counting all; an offset per list moves that list alone', async () => {
    const first = await dashboard()
    expect(first.totals).toEqual({ pastAssignments: 2, leave: AHEAD, pastLeave: BEHIND })
    expect(starts(first.leave)).toEqual(Array.from({ length: PAGE_SIZE }, (_, n) => aheadDay(n)))
    // Over: the latest first.
    expect(starts(first.pastLeave)).toEqual(Array.from({ length: PAGE_SIZE }, (_, n) => behindDay(BEHIND - 1 - n)))
    expect(starts(first.pastAssignments)).toEqual(['2025-06-01', '2025-03-01'])

    const later = await dashboard('?leaveOffset=100&pastLeaveOffset=50')
    expect(starts(later.leave)).toEqual(Array.from({ length: AHEAD - 100 }, (_, n) => aheadDay(100 + n)))
    expect(starts(later.pastLeave)).toEqual(Array.from({ length: BEHIND - 50 }, (_, n) => behindDay(BEHIND - 51 - n)))
    expect(later.totals).toEqual(first.totals)

    const small = await dashboard('?limit=1&pastAssignmentsOffset=1')
    expect(starts(small.pastAssignments)).toEqual(['2025-03-01'])
    expect([small.leave.length, small.pastLeave.length]).toEqual([1, 1])
  })

  test(`an assignment names its first ${CONFLICTS_LISTED} clashes, the soonest first, and counts the rest`, async () => {
    const [painting] = (await dashboard()).assignments
    expect(painting!.conflicts).toEqual(Array.from({ length: CONFLICTS_LISTED }, (_, n) => expect.stringContaining(`On leave (Day ${aheadDay(n)})`)))
    expect(painting!.moreConflicts).toBe(AHEAD - CONFLICTS_LISTED)
  })

  test('the answer stays small whatever the person holds', async () => {
    const answer = await employee.client.get<Dashboard>('/api/dashboard')
    expect(JSON.stringify(answer.body).length).toBeLessThan(40_000)
  })

  test.each([
    ['?limit=0', /^limit: limit must be at least 1$/],
    ['?limit=201', /^limit: limit must be at most 200$/],
    ['?leaveOffset=-1', /^leaveOffset: leaveOffset must be at least 0$/],
    ['?pastLeaveOffset=many', /^pastLeaveOffset: /],
  ])('%s is refused (400) naming the field', async (query, error) => {
    const answer = await employee.client.get<{ error: string }>(`/api/dashboard${query}`)
    expectRefusal(answer, 400)
    expect(answer.body.error).toMatch(error)
  })
})

describe("GET /api/users/{id}/assignments answers a page of each of a person's lists, as the dashboard does", () => {
  test('assignments, leave ahead and leave over apart, 50 of each unless asked, with the totals', async () => {
    const first = await schedule()
    expect(first.totals).toEqual({ assignments: 3, leave: AHEAD, pastLeave: BEHIND })
    expect(starts(first.assignments)).toEqual(['2025-03-01', '2025-06-01', '2026-02-01'])
    expect(starts(first.leave)).toEqual(Array.from({ length: PAGE_SIZE }, (_, n) => aheadDay(n)))
    expect(starts(first.pastLeave)).toEqual(Array.from({ length: PAGE_SIZE }, (_, n) => behindDay(BEHIND - 1 - n)))
    expect(first.assignments[2]!.moreConflicts).toBe(AHEAD - CONFLICTS_LISTED)

    const later = await schedule('?limit=2&assignmentsOffset=2&leaveOffset=128&pastLeaveOffset=59', employee.client)
    expect(starts(later.assignments)).toEqual(['2026-02-01'])
    expect(starts(later.leave)).toEqual([aheadDay(128), aheadDay(129)])
    expect(starts(later.pastLeave)).toEqual([behindDay(0)])
    expect(JSON.stringify(first).length).toBeLessThan(40_000)
  })

  test('a bad offset is refused (400) naming the field', async () => {
    const answer = await admin.get<{ error: string }>(`/api/users/${employee.id}/assignments?assignmentsOffset=1.5`)
    expectRefusal(answer, 400)
    expect(answer.body.error).toMatch(/^assignmentsOffset: assignmentsOffset must be a whole number$/)
  })
})
