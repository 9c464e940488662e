import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Capacity, HireLine, ProjectTimeline } from '#domain/contracts/schedule'
import { WITHIN_YEARS_MESSAGE } from '#domain/dates'
import { clusters, roles, siteOverrides } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeProject, type Cluster, type Project } from '../support/planning'
import { OVERRIDES, REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type ResidentialPlan } from '../support/projects'

/**
 * Issue 28 over HTTP, on PGlite and on PostgreSQL: every date between 1900 and 2100 (cluster dates,
 * Site overrides, capacity periods), the timeline's bounded window, months that stay four-digit
 * years, lead times that are plain whole numbers, a hire-by queue that honours its period, and
 * error texts that name their field once. The API's clock stands at 5 January 2026.
 *
 * The residential plan's Tower type on one instance of one project: Excavation (t0)
 * 3/1/2030–4/15/2030, the group Foundation + Plinth (t1 4/10/2030–5/1/2030, t2 5/2/2030–6/1/2030),
 * Finishing (t3) undated. Nobody is tagged but one person on Excavation: the hire-by queue has
 * Excavation (start 3/1/2030) and the group (start 4/10/2030).
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let project: Project
let card: Card

const datesOf = async (cluster: Cluster) => {
  const [row] = await api.db.select({ startDate: clusters.startDate, endDate: clusters.endDate }).from(clusters).where(eq(clusters.id, cluster._id))
  return row
}
const setDates = async (cluster: Cluster, startDate: string | null, endDate: string | null) => {
  const answer = await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const timeline = (query = '') => admin.get<ProjectTimeline>(`/api/timeline?projectId=${project._id}${query}`)
const queue = (query = '') => admin.get<HireLine[]>(`/api/hire-queue${query ? `?${query}` : ''}`)

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  project = await makeProject(admin)
  card = await makeCard(admin, project, plan.towerType, ['Tower A'])
  const [t0, t1, t2] = plan.t
  await setDates(t0!, '2030-03-01', '2030-04-15')
  await setDates(t1!, '2030-04-10', '2030-05-01')
  await setDates(t2!, '2030-05-02', '2030-06-01')
  const [ana] = await makePeople(api, 1, 'Planner')
  const tagged = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Tower A'), roleId: plan.engineer, clusterIds: [t0!._id], userIds: [ana!._id] })
  expect(tagged.status, JSON.stringify(tagged.body)).toBeLessThan(300)
})
afterAll(() => api?.close())

describe('every date lies between 1900 and 2100', () => {
  test('a cluster takes 1 January 1900 to 31 December 2100; a day outside is a 400 naming the field, and nothing changes', async () => {
    const cluster = plan.t[4]!
    await setDates(cluster, '1900-01-01', '2100-12-31')
    for (const [body, message] of [
      [{ startDate: '1899-12-31', endDate: null }, `startDate: ${WITHIN_YEARS_MESSAGE}`],
      [{ startDate: '1900-01-01', endDate: '2101-01-01' }, `endDate: ${WITHIN_YEARS_MESSAGE}`],
      [{ startDate: '1900-01-01', endDate: '9999-12-31' }, `endDate: ${WITHIN_YEARS_MESSAGE}`],
      [{ startDate: '0001-01-01', endDate: null }, `startDate: ${WITHIN_YEARS_MESSAGE}`],
    ] as const) {
      const answer = await admin.put(`/api/clusters/${cluster._id}`, body)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
    }
    expect(await datesOf(cluster)).toEqual({ startDate: '1900-01-01', endDate: '2100-12-31' })
    await setDates(cluster, null, null)
  })

  test('a Site override outside 1900 to 2100 is a 400 naming the field, and none is stored', async () => {
    const body = (over: Record<string, unknown>) => ({ projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[2]!._id, startDate: '2030-01-01', endDate: '2030-02-01', ...over })
    for (const [over, message] of [
      [{ startDate: '1899-12-31' }, `startDate: ${WITHIN_YEARS_MESSAGE}`],
      [{ endDate: '2101-01-01' }, `endDate: ${WITHIN_YEARS_MESSAGE}`],
      [{ endDate: '9999-12-31' }, `endDate: ${WITHIN_YEARS_MESSAGE}`],
    ] as const) {
      const answer = await admin.put(OVERRIDES, body(over))
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
    }
    expect(await api.db.select().from(siteOverrides).where(eq(siteOverrides.clusterId, plan.s[2]!._id))).toEqual([])
    expect((await admin.put(OVERRIDES, body({ startDate: '1900-01-01', endDate: '2100-12-31' }))).status).toBe(201)
  })

  test('a capacity or hire-by period outside 1900 to 2100 is a 400 naming its end', async () => {
    for (const [path, message] of [
      ['/api/capacity?from=1899-12-01', `from: ${WITHIN_YEARS_MESSAGE}`],
      ['/api/capacity?from=2100-01-01&to=2101-01-31', `to: ${WITHIN_YEARS_MESSAGE}`],
      ['/api/capacity?from=9999-12-01', `from: ${WITHIN_YEARS_MESSAGE}`],
      ['/api/hire-queue?to=9999-12-31', `to: ${WITHIN_YEARS_MESSAGE}`],
    ]) {
      const answer = await admin.get(path!)
      expectRefusal(answer, 400)
      expect(answer.body.error, path).toBe(message)
    }
  })
})

describe('months stay four-digit years', () => {
  test("capacity from December 2100 answers that month alone: its default twelve months stop at the product's last year", async () => {
    const answer = await admin.get<Capacity>('/api/capacity?from=2100-12-01')
    expect(answer.status).toBe(200)
    expect([answer.body.from, answer.body.to, answer.body.months]).toEqual(['2100-12-01', '2100-12-31', ['2100-12']])
  })

  test('a cluster stored before the rule, up to 31 December 9999, still answers capacity, the queue and the timeline, with no year past 9999', async () => {
    const cluster = plan.t[0]!
    await api.db.update(clusters).set({ startDate: '9999-01-01', endDate: '9999-12-31' }).where(eq(clusters.id, cluster._id))
    try {
      const grid = await admin.get<Capacity>('/api/capacity?from=2100-01-01&to=2100-12-31')
      expect(grid.status).toBe(200)
      expect(JSON.stringify(grid.body)).not.toMatch(/"\d{5,}-\d\d/)
      const lines = await queue()
      expect(lines.status).toBe(200)
      expect(lines.body.find((line) => line.clusterLabel === 'Excavation')).toMatchObject({ startDate: '9999-01-01', hireBy: '9998-12-01' })
      const chart = await timeline()
      expect(chart.status).toBe(200)
      expect(JSON.stringify(chart.body)).not.toMatch(/"\d{5,}-\d\d/)
    } finally {
      await setDates(cluster, '2030-03-01', '2030-04-15')
    }
  })
})

describe("the timeline's window", () => {
  test('around the project when it fits in three years: from its first Deployed By month, with nowhere earlier or later to go', async () => {
    const answer = await timeline()
    expect(answer.status).toBe(200)
    expect(answer.body.window).toEqual({ from: '2030-02', to: '2033-01', earlier: null, later: null })
    expect(answer.body.bars).toHaveLength(3)
  })

  test('a cluster from 1900 to 2100 leaves the window at three years (a quarter before today on), every bar still answered, and the answer small', async () => {
    const cluster = plan.t[3]!
    await setDates(cluster, '1900-01-01', '2100-12-31')
    try {
      const answer = await timeline()
      expect(answer.status).toBe(200)
      expect(answer.body.window).toEqual({ from: '2025-10', to: '2028-09', earlier: '2024-10', later: '2026-10' })
      expect(answer.body.bars.map((bar) => [bar.clusterLabel, bar.startDate, bar.endDate])).toEqual([
        ['Excavation', '2030-03-01', '2030-04-15'],
        ['Foundation + Plinth', '2030-04-10', '2030-06-01'],
        ['Finishing', '1900-01-01', '2100-12-31'],
      ])
      expect(JSON.stringify(answer.body).length).toBeLessThan(100_000)
      // Moved by `from`: three years from the month asked, at most to December 2100.
      expect((await timeline('&from=2030-01')).body.window).toEqual({ from: '2030-01', to: '2032-12', earlier: '2029-01', later: '2031-01' })
      expect((await timeline('&from=2100-06')).body.window).toEqual({ from: '2100-06', to: '2100-12', earlier: '2099-06', later: null })
    } finally {
      await setDates(cluster, null, null)
    }
  })

  test('a window outside 1900 to 2100, or not a month, is a 400 naming `from`', async () => {
    for (const [from, message] of [
      ['1899-12', `from: ${WITHIN_YEARS_MESSAGE}`],
      ['9999-12', `from: ${WITHIN_YEARS_MESSAGE}`],
      ['2030-13', 'from: Enter a valid month (YYYY-MM)'],
      ['2030-01-01', 'from: Enter a valid month (YYYY-MM)'],
    ]) {
      const answer = await timeline(`&from=${from}`)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
    }
  })
})

describe('GET /api/hire-queue honours its period', () => {
  const labels = (lines: HireLine[]) => lines.map((line) => line.clusterLabel)

  test('given a period, the lines whose clusters fall in it, as the capacity grid counts them; without one, the whole queue, as capacity answers it', async () => {
    expect(labels((await queue()).body)).toEqual(['Excavation', 'Foundation + Plinth'])
    expect(labels((await queue('from=2030-05-01&to=2030-12-31')).body)).toEqual(['Foundation + Plinth'])
    expect(labels((await queue('to=2030-03-31')).body)).toEqual(['Excavation'])
    expect(labels((await queue('from=2030-04-15&to=2030-04-15')).body)).toEqual(['Excavation', 'Foundation + Plinth'])
    expect((await queue('from=2031-01-01')).body).toEqual([])
    expect((await queue(`from=2030-05-01&projectId=${project._id}&roleId=${plan.developer}`)).body).toEqual([])
    const grid = await admin.get<Capacity>('/api/capacity?from=2031-01-01&to=2031-12-31')
    expect(labels(grid.body.hireQueue)).toEqual(labels((await queue()).body))
  })

  test('a period that ends before it starts is a 400 naming `to`', async () => {
    const answer = await queue('from=2030-05-01&to=2030-04-01')
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('to: The end of the period cannot be before its start')
  })
})

describe('a lead time is a plain whole number', () => {
  const lead = (leadMonths: unknown) => admin.put<{ leadMonths: number }>(`/roles/${plan.developer}`, { leadMonths })
  const stored = async () => (await api.db.select({ leadMonths: roles.leadMonths }).from(roles).where(eq(roles.id, plan.developer)))[0]!.leadMonths

  test('digits (spaces around them allowed) or a JSON integer are saved', async () => {
    expect((await lead(' 3 ')).body.leadMonths).toBe(3)
    expect((await lead('2')).body.leadMonths).toBe(2)
    expect((await lead(1)).body.leadMonths).toBe(1)
    expect(await stored()).toBe(1)
  })

  test('"0x10", "1e1" and other spellings of numbers are a 400, and nothing is saved', async () => {
    for (const leadMonths of ['0x10', '1e1', '+2', '2.0', '0b1', ' ', 'Infinity']) {
      const answer = await lead(leadMonths)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe('leadMonths: Lead time must be a whole number of months')
    }
    expect(await stored()).toBe(1)
  })
})

describe('error texts name the field once', () => {
  test.each([
    ['/api/capacity?from=2030-02-30', 'from: Enter a valid date (YYYY-MM-DD)'],
    ['/api/capacity?to=soon', 'to: Enter a valid date (YYYY-MM-DD)'],
    ['/api/hire-queue?from=2030-02-30', 'from: Enter a valid date (YYYY-MM-DD)'],
  ])('%s: %s', async (path, message) => {
    const answer = await admin.get(path)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
  })

  test('too many candidates for availability: the field, then a sentence', async () => {
    const id = plan.t[0]!._id
    const answer = await admin.get(`/api/availability?projectId=${project._id}&instanceId=${instanceOf(card, 'Tower A')}&roleId=${plan.engineer}&clusterIds=${id}&userIds=${Array(201).fill(id).join(',')}`)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('userIds: At most 200 ids')
  })
})
