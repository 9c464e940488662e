import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Dashboard, LeaveRow, ConflictsPage, PersonSchedule } from '#domain/contracts/schedule'
import { LEAVE_FOR_OTHERS_PER_HOUR, SELF_SERVICE_WRITES_PER_HOUR } from '#domain/constants'
import { leave } from '#api/db/schema'
import { normalizeError } from '#app/lib/errors'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { addRole, profilePayload } from '../support/helpers'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type ResidentialPlan } from '../support/projects'

/**
 * Leave that no one can use to slow everyone down (issue 28): a person's periods never overlap,
 * their dates lie between 1900 and 2100, self-service writes are throttled per person, a leave write
 * makes no reader read every plan again, and an editor removes a person's leave in one request.
 * The API's clock stands at 5 January 2026. Tower's Excavation runs 3/1/2030–4/15/2030.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let card: Card
let project: Project
/** The SQL of every query the API ran since the last `queries.length = 0`. */
const queries: string[] = []

type Refusal = { error: string; waitTime?: number }

const record = (client: Client, startDate: string, endDate: string, over: Record<string, unknown> = {}) => client.post<LeaveRow & Refusal>('/api/leave', { startDate, endDate, ...over })
const leaveOf = async (userId: string) => (await admin.get<LeaveRow[]>(`/api/leave?userId=${userId}`)).body.map((row) => [row.startDate, row.endDate])
const removeLeave = (client: Client, query: Record<string, string>) => client.delete<{ message: string; removed: number } & Refusal>(`/api/leave?${new URLSearchParams(query)}`)
/** A person tagged to Tower A's Excavation (3/1/2030–4/15/2030), signed in, without permissions. */
const taggedWorker = async () => {
  const worker = await userHolding(api, [])
  const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Tower A'), roleId: plan.engineer, clusterIds: [plan.t[0]!._id], userIds: [worker.id] })
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
  return worker
}

beforeAll(async () => {
  api = await startApi({ onQuery: (query) => void queries.push(query) })
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  project = await makeProject(admin, `Leave Park ${Date.now().toString(36)}`)
  card = await makeCard(admin, project, plan.towerType, ['Tower A'])
  for (const [cluster, startDate, endDate] of [[plan.t[0]!, '2030-03-01', '2030-04-15'], [plan.t[1]!, '2030-04-16', '2030-05-01'], [plan.t[2]!, '2030-05-02', '2030-06-01']] as const) {
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate })).status).toBe(200)
  }
})
afterAll(() => api?.close())

describe("a person's leave periods never overlap", () => {
  test('a period that repeats or shares a day with one of their own is refused (409), naming it; the day after is not', async () => {
    const person = await userHolding(api, [])
    expect((await record(person.client, '2026-03-02', '2026-03-06')).status).toBe(201)
    for (const [start, end] of [['2026-03-02', '2026-03-06'], ['2026-03-06', '2026-03-09'], ['2026-02-27', '2026-03-02'], ['2026-03-03', '2026-03-04'], ['1900-01-01', '2100-12-31']]) {
      const refused = await record(person.client, start!, end!)
      expectRefusal(refused, 409)
      expect(refused.body.error).toBe('This overlaps your leave from 3/2/2026 to 3/6/2026.')
    }
    expect((await record(person.client, '2026-03-07', '2026-03-07')).status).toBe(201)
    expect((await record(person.client, '2026-02-27', '2026-03-01')).status).toBe(201)
    expect(await leaveOf(person.id)).toEqual([
      ['2026-02-27', '2026-03-01'],
      ['2026-03-02', '2026-03-06'],
      ['2026-03-07', '2026-03-07'],
    ])
    expect((await record(person.client, '2026-03-07', '2026-03-08')).body.error).toBe('This overlaps your leave on 3/7/2026.')
  })

  test("an editor recording someone's leave is told it overlaps their leave; two people's leave may share days", async () => {
    const [someone] = await makePeople(api, 1, 'Overlap')
    expect((await record(admin, '2026-06-01', '2026-06-05', { userId: someone!._id })).status).toBe(201)
    const refused = await record(admin, '2026-06-05', '2026-06-05', { userId: someone!._id })
    expectRefusal(refused, 409)
    expect(refused.body.error).toBe('This overlaps their leave from 6/1/2026 to 6/5/2026.')
    const other = await userHolding(api, [])
    expect((await record(other.client, '2026-06-01', '2026-06-05')).status).toBe(201)
    expect(await leaveOf(someone!._id)).toEqual([['2026-06-01', '2026-06-05']])
  })

  test('twenty overlapping periods posted at once: one is recorded, every other refused', async () => {
    const [someone] = await makePeople(api, 1, 'Racer')
    const answers = await Promise.all(Array.from({ length: 20 }, (_, day) => record(admin, `2027-01-${String(day + 1).padStart(2, '0')}`, '2027-01-31', { userId: someone!._id })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array<number>(19).fill(409)])
    expect(await api.db.select().from(leave).where(eq(leave.userId, someone!._id))).toHaveLength(1)
  })

  test('leave recorded before the rule may overlap: it reads as it is, refuses what meets any of it, and is removed in one request', async () => {
    const [someone] = await makePeople(api, 1, 'Legacy')
    const row = (startDate: string, endDate: string) => ({ userId: someone!._id, startDate, endDate, note: '', createdAt: new Date() })
    await api.db.insert(leave).values([row('1900-01-01', '9999-12-31'), row('2026-04-01', '2026-04-03'), row('2026-04-01', '2026-04-03')])
    expect(await leaveOf(someone!._id)).toHaveLength(3)
    expectRefusal(await record(admin, '2050-01-01', '2050-01-01', { userId: someone!._id }), 409)
    expect((await removeLeave(admin, { userId: someone!._id })).body).toEqual({ message: '3 leave periods removed', removed: 3 })
    expect((await record(admin, '2050-01-01', '2050-01-01', { userId: someone!._id })).status).toBe(201)
  })
})

describe('leave dates lie between 1900 and 2100', () => {
  test.each([
    ['a start before 1900', '1899-12-31', '1900-01-05', 'startDate: Enter a start date between 1900 and 2100'],
    ['an end after 2100', '2100-12-01', '2101-01-01', 'endDate: Enter an end date between 1900 and 2100'],
    ['the years the probe used', '1900-01-01', '9999-12-31', 'endDate: Enter an end date between 1900 and 2100'],
    ['a year of five digits', '2030-01-01', '10000-01-01', 'endDate: Enter a valid end date (YYYY-MM-DD)'],
  ])('%s is refused (400) naming the field, and nothing is stored', async (_, startDate, endDate, error) => {
    const [someone] = await makePeople(api, 1, 'Dates')
    const answer = await record(admin, startDate, endDate, { userId: someone!._id })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(error)
    expect(await leaveOf(someone!._id)).toEqual([])
  })

  test('the first day of 1900 and the last of 2100 are accepted', async () => {
    const [someone] = await makePeople(api, 1, 'Bounds')
    expect((await record(admin, '1900-01-01', '1900-01-01', { userId: someone!._id })).status).toBe(201)
    expect((await record(admin, '2100-12-31', '2100-12-31', { userId: someone!._id })).status).toBe(201)
  })
})

describe('what the leave form shows', () => {
  test.each([
    [{ startDate: '2030-05-09', endDate: '2030-05-01' }, 'endDate', 'End date cannot be before start date'],
    [{ startDate: '', endDate: '2030-05-01' }, 'startDate', 'Enter a start date'],
    [{ startDate: '2030-02-30', endDate: '2030-03-01' }, 'startDate', 'Enter a valid start date (YYYY-MM-DD)'],
    [{ startDate: '2030-03-01', endDate: '03/05/2030' }, 'endDate', 'Enter a valid end date (YYYY-MM-DD)'],
    [{ startDate: '2030-05-01', endDate: '2030-05-01', note: 'x'.repeat(201) }, 'note', 'The note must be at most 200 characters'],
  ])('%o: the API names the field once, and the form shows a sentence that does not start with it', async (body, field, sentence) => {
    const answer = await admin.post<Refusal>('/api/leave', body)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(`${field}: ${sentence}`)
    // What the leave form (app/features/schedule/leave.server.ts) shows of it.
    expect(normalizeError(answer.status, answer.body).message).toBe(sentence)
  })

  test.each([
    ['a right-to-left override', 'Holiday\u202egnp.exe'],
    ['an isolate', 'a\u2066b\u2069'],
    ['a line break', 'two\nlines'],
  ])('a note with %s is refused, as names are', async (_, note) => {
    const [someone] = await makePeople(api, 1, 'Notes')
    const answer = await record(admin, '2030-05-01', '2030-05-01', { userId: someone!._id, note })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('note: The note cannot contain control characters')
    expect(await leaveOf(someone!._id)).toEqual([])
  })
})

describe('a leave write costs others no reading of the plans', () => {
  const planTables = /from "(project_resource_instances|project_entities|template_items|clusters|site_overrides|project_entity_user_mappings)"/
  const readThePlans = () => queries.filter((query) => planTables.test(query))

  test("after a person records leave, the next readers' answers include it, and no plan is read again", async () => {
    const worker = await taggedWorker()
    const dashboardOf = async (client: Client) => (await client.get<Dashboard>('/api/dashboard')).body
    const inConflict = async () => (await dashboardOf(admin)).summary!.peopleInConflict
    const conflicted = async () => (await admin.get<ConflictsPage>('/api/conflicts')).body.people.map((row) => row.user._id)
    // Read once, so that every kept answer is kept.
    const before = await inConflict()
    expect(await conflicted()).not.toContain(worker.id)
    expect((await dashboardOf(worker.client)).leave).toEqual([])

    const recorded = await record(worker.client, '2030-03-10', '2030-03-12', { note: 'Holiday' })
    expect(recorded.status).toBe(201)
    queries.length = 0
    expect(await inConflict()).toBe(before + 1)
    expect(await conflicted()).toContain(worker.id)
    const own = await dashboardOf(worker.client)
    expect(own.leave.map((row) => row.startDate)).toEqual(['2030-03-10'])
    expect(own.assignments.map((row) => row.conflicts)).toEqual([['On leave (Holiday), 3/10/2030–3/12/2030']])
    const profile = (await admin.get<PersonSchedule>(`/api/users/${worker.id}/assignments`)).body
    expect(profile.leave.map((row) => row._id)).toEqual([recorded.body._id])
    expect(queries.some((query) => /from "leave"/.test(query))).toBe(true)
    expect(readThePlans()).toEqual([])

    // Removing it: the same.
    queries.length = 0
    expect((await worker.client.delete(`/api/leave/${recorded.body._id}`)).status).toBe(200)
    expect(await inConflict()).toBe(before)
    expect(await conflicted()).not.toContain(worker.id)
    expect((await dashboardOf(worker.client)).assignments.map((row) => row.conflicts)).toEqual([[]])
    expect(readThePlans()).toEqual([])

    // What does change the plans is read again at the next read: what the check above would see.
    await taggedWorker()
    queries.length = 0
    await inConflict()
    expect(readThePlans()).not.toEqual([])
  })
})

describe('DELETE /api/leave: a person\'s leave removed in one request', () => {
  const periods = [
    ['2031-01-01', '2031-01-05'],
    ['2031-01-10', '2031-01-12'],
    ['2031-01-30', '2031-02-02'],
    ['2031-03-01', '2031-03-01'],
  ]
  const withLeave = async () => {
    const [someone] = await makePeople(api, 1, 'Removal')
    for (const [start, end] of periods) expect((await record(admin, start!, end!, { userId: someone!._id })).status).toBe(201)
    return someone!._id
  }

  test('with edit, all of it: the answer says how many periods went; nobody else\'s is touched', async () => {
    const [userId, other] = [await withLeave(), await withLeave()]
    const editor = await userHolding(api, ['edit'])
    const answer = await removeLeave(editor.client, { userId })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: '4 leave periods removed', removed: 4 })
    expect(await leaveOf(userId)).toEqual([])
    expect(await leaveOf(other)).toEqual(periods)
    expect((await removeLeave(editor.client, { userId })).body).toEqual({ message: '0 leave periods removed', removed: 0 })
  })

  test('a date range removes the periods lying wholly within it; one reaching outside stays', async () => {
    const userId = await withLeave()
    expect((await removeLeave(admin, { userId, from: '2031-01-01', to: '2031-01-31' })).body).toEqual({ message: '2 leave periods removed', removed: 2 })
    expect(await leaveOf(userId)).toEqual([periods[2], periods[3]])
    expect((await removeLeave(admin, { userId, from: '2031-02-01' })).body.removed).toBe(1)
    expect(await leaveOf(userId)).toEqual([periods[2]])
    expect((await removeLeave(admin, { userId, to: '2031-02-02' })).body).toEqual({ message: '1 leave period removed', removed: 1 })
    expect(await leaveOf(userId)).toEqual([])
  })

  test('without edit it is refused (403), even for one\'s own; signed out 401; nothing is removed', async () => {
    const userId = await withLeave()
    const others = await userHolding(api, ['view', 'add', 'delete'])
    expectRefusal(await removeLeave(others.client, { userId }), 403)
    const self = await userHolding(api, [])
    expect((await record(self.client, '2031-01-01', '2031-01-01')).status).toBe(201)
    expectRefusal(await removeLeave(self.client, { userId: self.id }), 403)
    expectRefusal(await removeLeave(api.client(), { userId }), 401)
    expect(await leaveOf(userId)).toEqual(periods)
    expect(await leaveOf(self.id)).toHaveLength(1)
  })

  test.each([
    ['no person', { userId: '' }, /^userId: Name the person whose leave to remove$/],
    ['a person id that is not one', { userId: 'someone' }, /^userId: The person must be an id$/],
    ['an unknown person', { userId: '00000000-0000-4000-8000-000000000000' }, /^userId: User not found$/],
    ['a day that does not exist', { from: '2031-02-30' }, /^from: /],
    ['a year past 2100', { to: '9999-12-31' }, /^to: .*2100/],
    ['an end before the start', { from: '2031-02-01', to: '2031-01-31' }, /^to: /],
    ['a misspelt bound', { form: '2031-01-01' }, /^form: Unknown field$/],
  ])('%s is refused (400) naming the field, and nothing is removed', async (_, query, error) => {
    const userId = await withLeave()
    const answer = await removeLeave(admin, { userId, ...query })
    expectRefusal(answer, 400)
    expect(answer.body.error).toMatch(error)
    expect(await leaveOf(userId)).toEqual(periods)
  })
})

describe('self-service writes are throttled per person', () => {
  test(`past ${SELF_SERVICE_WRITES_PER_HOUR} writes of one's own leave and profile in an hour: 429 with waitTime; an editor's writes for them and everyone else's go on`, async () => {
    const person = await userHolding(api, [])
    const role = await addRole(api, `Throttled ${Date.now().toString(36)}`)
    const hour = 60 * 60_000
    try {
      // Recording leave and saving the profile count: 58 + 1 + 1. Cancelling leave not yet over does not (issue 36).
      const day = (n: number) => `2032-${String(Math.floor(n / 28) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`
      for (let n = 0; n < SELF_SERVICE_WRITES_PER_HOUR - 2; n++) {
        const recorded = await record(person.client, day(n), day(n))
        expect(recorded.status, JSON.stringify(recorded.body)).toBe(201)
        expect((await person.client.delete(`/api/leave/${recorded.body._id}`)).status).toBe(200)
      }
      expect((await record(person.client, '2033-01-01', '2033-01-01')).status).toBe(201)
      expect((await person.client.post('/form/submit', profilePayload(role._id))).status).toBe(200)

      for (const refused of [
        await record(person.client, '2032-02-01', '2032-02-01'),
        await person.client.put<Refusal>(`/form/profile/${person.id}`, profilePayload(role._id)),
        await person.client.post<Refusal>('/form/submit', profilePayload(role._id)),
      ]) {
        // The API's other 429s' shape: the sentence, and the seconds to wait.
        expect(refused.status).toBe(429)
        expect(refused.body).toEqual({ error: 'You have made too many changes in a short time. Try again in 60 minutes.', waitTime: 3600 })
      }
      expect(await leaveOf(person.id)).toEqual([['2033-01-01', '2033-01-01']])
      // Reading is not a write; an editor's write for them and another person's own are not theirs.
      expect((await person.client.get('/api/leave')).status).toBe(200)
      const byEditor = await record(admin, '2032-02-01', '2032-02-01', { userId: person.id })
      expect(byEditor.status).toBe(201)
      expect((await admin.delete(`/api/leave/${byEditor.body._id}`)).status).toBe(200)
      expect((await record((await userHolding(api, [])).client, '2032-02-01', '2032-02-01')).status).toBe(201)

      api.advance(hour)
      expect((await record(person.client, '2032-02-01', '2032-02-01')).status).toBe(201)
    } finally {
      api.advance(-hour)
    }
  })
})

/** A day of `year` for each n, none the same for n below 336: one-day periods that never overlap. */
const dayOf = (year: number, n: number) => `${year}-${String(Math.floor(n / 28) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`

describe('cancelling one\'s own leave not yet over is not throttled', () => {
  test(`someone who spent their ${SELF_SERVICE_WRITES_PER_HOUR} writes still cancels their leave ahead; removing their own past leave is still counted`, async () => {
    const person = await userHolding(api, [])
    // Before the API's date (5 January 2026): over. Recorded by an editor, so it costs the person nothing.
    const over = await record(admin, '2025-12-01', '2025-12-01', { userId: person.id })
    expect(over.status).toBe(201)
    const ahead: string[] = []
    for (let n = 0; n < SELF_SERVICE_WRITES_PER_HOUR; n++) {
      const recorded = await record(person.client, dayOf(2033, n), dayOf(2033, n))
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201)
      ahead.push(recorded.body._id)
    }
    const refused = await record(person.client, '2034-01-01', '2034-01-01')
    expect(refused.status).toBe(429)
    expect(refused.body.waitTime).toBeGreaterThan(0)
    // Every one of them can still be cancelled within the hour.
    for (const id of ahead) {
      const cancelled = await person.client.delete<Refusal>(`/api/leave/${id}`)
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    }
    expect(await leaveOf(person.id)).toEqual([['2025-12-01', '2025-12-01']])
    // Cancelling gave no write back: recording is still refused.
    expect((await record(person.client, '2034-01-01', '2034-01-01')).status).toBe(429)
    const past = await person.client.delete<Refusal>(`/api/leave/${over.body._id}`)
    expect(past.status).toBe(429)
    expect(past.body).toEqual({ error: 'You have made too many changes in a short time. Try again in 60 minutes.', waitTime: 3600 })
    expect(await leaveOf(person.id)).toEqual([['2025-12-01', '2025-12-01']])
  })
})

describe('what one writer records for other people is bounded', () => {
  test(`past ${LEAVE_FOR_OTHERS_PER_HOUR} periods recorded for others in an hour: 429 with waitTime; other writers and the person themselves go on`, async () => {
    const writer = await userHolding(api, ['view', 'edit'])
    const [first, second] = await makePeople(api, 2, 'Bounded')
    const hour = 60 * 60_000
    try {
      // For several people at once: the bound is the writer's, over everyone they write for.
      for (let n = 0; n < LEAVE_FOR_OTHERS_PER_HOUR; n++) {
        const recorded = await record(writer.client, dayOf(2035, n % 300), dayOf(2035, n % 300), { userId: (n % 2 ? first : second)!._id })
        expect(recorded.status, JSON.stringify(recorded.body)).toBe(201)
      }
      for (const userId of [first!._id, second!._id]) {
        const refused = await record(writer.client, '2036-01-01', '2036-01-01', { userId })
        expect(refused.status).toBe(429)
        expect(refused.body).toEqual({ error: 'You have recorded leave for other people too many times in a short time. Try again in 60 minutes.', waitTime: 3600 })
      }
      expect(await leaveOf(first!._id)).toHaveLength(LEAVE_FOR_OTHERS_PER_HOUR / 2)
      // Another writer's are theirs; the writer's own leave is counted as their own, apart.
      expect((await record(admin, '2036-01-01', '2036-01-01', { userId: first!._id })).status).toBe(201)
      expect((await record(writer.client, '2036-01-01', '2036-01-01')).status).toBe(201)
      // Removing is not adding.
      expect((await removeLeave(writer.client, { userId: second!._id })).body.removed).toBe(LEAVE_FOR_OTHERS_PER_HOUR / 2)

      api.advance(hour)
      expect((await record(writer.client, '2036-01-02', '2036-01-02', { userId: first!._id })).status).toBe(201)
    } finally {
      api.advance(-hour)
    }
  })
})
