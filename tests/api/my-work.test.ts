import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Dashboard, LeaveRow } from '#domain/contracts/schedule'
import { type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { assignedOn, residentialSuite, type ResidentialPlan } from '../support/projects'

/**
 * An employee's own work on the dashboard over HTTP (issue 30): GET /api/dashboard answers the
 * API's date, the assignments and leave not yet over, and apart from them those already over, the
 * latest first. The API's clock stands at 5 January 2026.
 *
 * A Tower planning type of its own plans Engineer one person on each of Excavation (t0,
 * 3/1/2025–4/15/2025: over), Foundation (t1, 6/1/2025–1/10/2026: under way on the API's date, so
 * not over) and Painting (t4, 2/1/2026–3/1/2026). The employee, holding no permission, is tagged
 * to all three on one instance.
 */
let api: Api
let admin: Client
let plan: ResidentialPlan
let employee: { id: string; client: Client }
let project: Project

beforeAll(async () => {
  ;({ api, admin, plan } = await residentialSuite(1))
  employee = await userHolding(api, [])
  project = await makeProject(admin, `Quay ${Date.now().toString(36)}`)
  const clusters = [
    [plan.t[0]!, '2025-03-01', '2025-04-15'],
    [plan.t[1]!, '2025-06-01', '2026-01-10'],
    [plan.t[4]!, '2026-02-01', '2026-03-01'],
  ] as const
  await assignedOn(admin, plan, project, employee.id, ['Tower Q'], clusters)
})
afterAll(() => api?.close())

describe('GET /api/dashboard: my work', () => {
  test("answers the API's date; assignments not yet over soonest first, those over apart; nothing for someone tagged nowhere", async () => {
    const answer = await employee.client.get<Dashboard>('/api/dashboard')
    expect(answer.status).toBe(200)
    expect(answer.body.today).toBe('2026-01-05')
    const places = (rows: Dashboard['assignments']) => rows.map((row) => [row.project.name, row.instance.name, row.role.name, row.clusterLabel, row.startDate, row.endDate])
    expect(places(answer.body.assignments)).toEqual([
      [project.name, 'Tower Q', 'Engineer', 'Foundation', '2025-06-01', '2026-01-10'],
      [project.name, 'Tower Q', 'Engineer', 'Painting', '2026-02-01', '2026-03-01'],
    ])
    expect(places(answer.body.pastAssignments)).toEqual([[project.name, 'Tower Q', 'Engineer', 'Excavation', '2025-03-01', '2025-04-15']])
    expect(answer.body.summary).toBeNull()

    const nobody = await (await userHolding(api, [])).client.get<Dashboard>('/api/dashboard')
    expect([nobody.body.assignments, nobody.body.pastAssignments, nobody.body.leave, nobody.body.pastLeave]).toEqual([[], [], [], []])
  })

  test('leave not yet over and leave over are answered apart, the past the latest first; a cancelled period leaves both', async () => {
    const record = async (startDate: string, endDate: string, note: string) => {
      const answer = await employee.client.post<LeaveRow>('/api/leave', { startDate, endDate, note })
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      return answer.body
    }
    const older = await record('2025-05-01', '2025-05-02', 'Older')
    const newer = await record('2025-12-20', '2026-01-04', 'Ended yesterday')
    const today = await record('2026-01-05', '2026-01-05', 'Today')
    const ahead = await record('2026-07-01', '2026-07-10', 'Summer')
    const read = () => employee.client.get<Dashboard>('/api/dashboard')
    expect((await read()).body).toMatchObject({ leave: [today, ahead], pastLeave: [newer, older] })

    expect((await employee.client.delete(`/api/leave/${ahead._id}`)).status).toBe(200)
    expect((await read()).body).toMatchObject({ leave: [today], pastLeave: [newer, older] })
  })

  test('a repeated period is refused (409) with a sentence naming the one recorded, without a field key; signed out, 401', async () => {
    const repeated = await employee.client.post('/api/leave', { startDate: '2026-01-05', endDate: '2026-01-05', note: 'Again' })
    expectRefusal(repeated, 409)
    expect(repeated.body.error).toBe('This overlaps your leave on 1/5/2026.')
    expectRefusal(await api.client().get('/api/dashboard'), 401)
  })
})
