import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { siteOverrides } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import {
  expectRefusal,
  makeCategory,
  makeCluster,
  makeEntity,
  makePlanning,
  makeProject,
  roleId,
  templateItem,
  unique,
  type Category,
  type Cluster,
  type Entity,
  type Planning,
  type Project,
} from '../support/planning'
import { MISSING, OVERRIDES, makeCard, makeTemplate, type Override, type TimelineRow } from '../support/projects'

/**
 * Project Cluster Timelines (spec/administration-planning.md §2, §6): a cluster has its own dates; for the entity type named Site
 * (whatever its case) a project may set its own ("created"), which win over the cluster's.
 */

let api: Api
let admin: Client
let category: Category
let site: Entity
let tower: Entity
let villa: Entity
/** Site Excavation (Jan–Feb 2027), Site MEP (Mar–Apr 2027), Site Roads (no dates, planned by no template). */
let s: Cluster[]
/** Tower Excavation (Jun 2027), Tower Frame (no dates), Tower Roof (planned by no template). */
let t: Cluster[]
/** A cluster of its own for the PUT /api/clusters tests. */
let scratch: Cluster
/** The entity type 'SITE' of another category, and its cluster. */
let upperSite: { category: Category; entity: Entity; cluster: Cluster }
let planned: Project

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  const engineer = await roleId(api, 'Engineer')
  category = await makeCategory(admin, unique('Residential'))
  site = await makeEntity(admin, category._id, 'Site')
  tower = await makeEntity(admin, category._id, 'Tower')
  villa = await makeEntity(admin, category._id, 'Villa')
  s = [await makeCluster(admin, site, 'Site Excavation'), await makeCluster(admin, site, 'Site MEP'), await makeCluster(admin, site, 'Site Roads')]
  t = [await makeCluster(admin, tower, 'Tower Excavation'), await makeCluster(admin, tower, 'Tower Frame'), await makeCluster(admin, tower, 'Tower Roof')]
  scratch = await makeCluster(admin, villa, 'Villa Scratch')
  await setDates(s[0], '2027-01-01', '2027-02-01')
  await setDates(s[1], '2027-03-01', '2027-04-30')
  await setDates(t[0], '2027-06-01', '2027-06-30')
  const siteType: Planning = await makePlanning(admin, site, [{ roleId: engineer, clusters: [s[0]._id, s[1]._id] }])
  await makeTemplate(admin, siteType, [{ roleId: engineer, clusters: [templateItem(s[0]._id, 1), templateItem(s[1]._id, 2)] }])
  const towerType: Planning = await makePlanning(admin, tower, [{ roleId: engineer, clusters: [t[0]._id, t[1]._id] }])
  await makeTemplate(admin, towerType, [{ roleId: engineer, clusters: [templateItem(t[0]._id, 1), templateItem(t[1]._id, 1)] }])
  planned = await makeProject(admin)
  await makeCard(admin, planned, siteType, ['Site 1'])
  await makeCard(admin, planned, towerType, ['Tower A'])
  const other = await makeCategory(admin, unique('Commercial'))
  const upper = await makeEntity(admin, other._id, 'SITE')
  upperSite = { category: other, entity: upper, cluster: await makeCluster(admin, upper, 'Upper Excavation') }
})
afterAll(() => api?.close())

async function setDates(cluster: Cluster, startDate: string | null, endDate: string | null) {
  const answer = await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const timeline = async (project: Project, entity: Entity) => {
  const answer = await admin.get<TimelineRow[]>(`/api/timelines/by-project-selection?projectId=${project._id}&entityTypeId=${entity._id}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const used = async (project: Project, entity: Entity) => {
  const answer = await admin.get<TimelineRow[]>(`/api/timelines/cluster-by-entity?projectId=${project._id}&entityId=${entity._id}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const overridesOf = async (project: Project, entity: Entity = site, categoryId: string | null = category._id) => {
  const answer = await admin.get<Override[]>(`${OVERRIDES}?projectId=${project._id}&entityId=${entity._id}${categoryId ? `&categoryId=${categoryId}` : ''}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const put = (project: Project | string, cluster: Cluster, startDate: unknown, endDate: unknown, over: Record<string, unknown> = {}) =>
  admin.put<Override>(OVERRIDES, {
    projectId: typeof project === 'string' ? project : project._id,
    categoryId: category._id,
    entityId: site._id,
    clusterId: cluster._id,
    startDate,
    endDate,
    ...over,
  })
const overrideRows = async () => (await api.db.select({ n: count() }).from(siteOverrides))[0].n
const row = (cluster: Cluster, startDate: string | null, endDate: string | null, mark: 'created' | null = null): TimelineRow => ({
  clusterId: cluster._id,
  clusterName: cluster.name,
  startDate,
  endDate,
  default: mark,
})

describe('PUT /api/clusters/{id}: a cluster’s own dates', () => {
  test('sets both, clears them with null or blank, and the timeline shows them', async () => {
    const set = await admin.put(`/api/clusters/${scratch._id}`, { startDate: '2027-03-31', endDate: '2027-05-01' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body).toEqual({ ...scratch, startDate: '2027-03-31', endDate: '2027-05-01' })
    expect(await timeline(planned, villa)).toEqual([row(scratch, '2027-03-31', '2027-05-01')])
    const cleared = await admin.put(`/api/clusters/${scratch._id}`, { startDate: null, endDate: '' })
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ ...scratch, startDate: null, endDate: null })
    expect(await timeline(planned, villa)).toEqual([row(scratch, null, null)])
  })

  test('an end before the start, a date that does not exist or a missing date: 400, nothing changed', async () => {
    await setDates(scratch, '2027-01-10', null)
    for (const [dates, message] of [
      [{ startDate: '2027-02-01', endDate: '2027-01-31' }, 'endDate: End date cannot be before start date'],
      [{ startDate: '2027-02-30', endDate: null }, 'startDate: Enter a valid date (YYYY-MM-DD)'],
      [{ startDate: '2027-02-01' }, 'endDate: Send a date, or null to clear it'],
    ] as const) {
      const answer = await admin.put(`/api/clusters/${scratch._id}`, dates)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
    }
    expect(await timeline(planned, villa)).toEqual([row(scratch, '2027-01-10', null)])
  })
})

describe('GET /api/timelines/by-project-selection', () => {
  test('every cluster of the entity type in the order added; a Site override wins over the cluster’s dates and is marked created', async () => {
    const project = await makeProject(admin)
    expect((await put(project, s[1], '2027-03-15', '2027-05-15')).status).toBe(201)
    expect(await timeline(project, site)).toEqual([
      row(s[0], '2027-01-01', '2027-02-01'),
      row(s[1], '2027-03-15', '2027-05-15', 'created'),
      row(s[2], null, null),
    ])
  })

  test('a project without overrides reads the clusters’ own dates; planning is not needed', async () => {
    expect(await timeline(await makeProject(admin), site)).toEqual([row(s[0], '2027-01-01', '2027-02-01'), row(s[1], '2027-03-01', '2027-04-30'), row(s[2], null, null)])
    expect(await timeline(await makeProject(admin), tower)).toEqual([row(t[0], '2027-06-01', '2027-06-30'), row(t[1], null, null), row(t[2], null, null)])
  })

  test('an override cleared to blank still wins: blank is what the user set', async () => {
    const project = await makeProject(admin)
    await put(project, s[0], '2027-01-05', null)
    expect((await put(project, s[0], null, '')).status).toBe(200)
    expect((await timeline(project, site))[0]).toEqual(row(s[0], null, null, 'created'))
  })

  test('a project or entity type that does not exist; missing or malformed ids', async () => {
    expectRefusal(await admin.get(`/api/timelines/by-project-selection?projectId=${MISSING}&entityTypeId=${site._id}`), 404)
    expect(await timeline(planned, { ...site, _id: MISSING })).toEqual([])
    const missing = await admin.get(`/api/timelines/by-project-selection?projectId=${planned._id}`)
    expectRefusal(missing, 400)
    expect(missing.body.error).toBe('entityTypeId: entityTypeId is required')
    const malformed = await admin.get(`/api/timelines/by-project-selection?projectId=skyline&entityTypeId=${site._id}`)
    expectRefusal(malformed, 400)
    expect(malformed.body.error).toBe('projectId: projectId must be an id')
  })
})

describe('PUT /api/timelines/site-overrides', () => {
  test('the first save creates the override (201), a later one changes it (200); GET lists it once', async () => {
    const project = await makeProject(admin)
    const created = await put(project, s[0], '2027-01-10', '2027-02-10')
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toEqual({ clusterId: s[0]._id, startDate: '2027-01-10', endDate: '2027-02-10', default: 'created' })
    const changed = await put(project, s[0], '2027-01-20', '2027-02-20')
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toEqual({ clusterId: s[0]._id, startDate: '2027-01-20', endDate: '2027-02-20', default: 'created' })
    expect(await overridesOf(project)).toEqual([changed.body])
    expect(await overridesOf(project, site, null)).toEqual([changed.body])
    expect(await overridesOf(project, site, upperSite.category._id)).toEqual([])
  })

  test('either date may be cleared to null, or with a blank', async () => {
    const project = await makeProject(admin)
    await put(project, s[1], '2027-03-10', '2027-04-10')
    const start = await put(project, s[1], null, '2027-04-10')
    expect(start.status).toBe(200)
    expect(start.body).toEqual({ clusterId: s[1]._id, startDate: null, endDate: '2027-04-10', default: 'created' })
    const both = await put(project, s[1], '', null)
    expect(both.status).toBe(200)
    expect(both.body).toEqual({ clusterId: s[1]._id, startDate: null, endDate: null, default: 'created' })
    expect(await overridesOf(project)).toEqual([both.body])
  })

  test('the entity type named SITE in another case is a Site', async () => {
    const project = await makeProject(admin)
    const answer = await put(project, upperSite.cluster, '2027-08-01', null, { categoryId: upperSite.category._id, entityId: upperSite.entity._id })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(await overridesOf(project, upperSite.entity, upperSite.category._id)).toEqual([answer.body])
    expect((await timeline(project, upperSite.entity))[0]).toEqual(row(upperSite.cluster, '2027-08-01', null, 'created'))
  })

  test('one project’s overrides do not show in another’s', async () => {
    const mine = await makeProject(admin)
    const theirs = await makeProject(admin)
    await put(mine, s[0], '2027-01-03', '2027-01-30')
    expect(await overridesOf(theirs)).toEqual([])
    expect((await timeline(theirs, site))[0]).toEqual(row(s[0], '2027-01-01', '2027-02-01'))
    expect((await used(planned, site))[0]).toEqual(row(s[0], '2027-01-01', '2027-02-01'))
  })

  describe('refusals (400, no override written or changed)', () => {
    let project: Project
    beforeAll(async () => {
      project = await makeProject(admin)
      await put(project, s[0], '2027-01-10', '2027-02-10')
    })
    test.each([
      ['an end before the start', () => put(project, s[0], '2027-02-10', '2027-02-09'), 'endDate: End date cannot be before start date'],
      ['the Tower entity type', () => put(project, t[0], '2027-06-02', null, { entityId: tower._id }), 'Only the Site entity type has editable cluster dates'],
      ['a cluster of another entity type', () => put(project, t[0], '2027-06-02', null), 'clusterId: Cluster not found for this entity'],
      ['a cluster that does not exist', () => put(project, { ...s[0], _id: MISSING }, '2027-06-02', null), 'clusterId: Cluster not found for this entity'],
      ['an entity type of another category', () => put(project, upperSite.cluster, '2027-06-02', null, { entityId: upperSite.entity._id }), 'entityId: Entity not found in this category'],
      ['a project that does not exist', () => put(MISSING, s[0], '2027-06-02', null), 'projectId: Project not found'],
      ['a date that does not exist', () => put(project, s[0], '2027-02-29', null), 'startDate: Enter a valid date (YYYY-MM-DD)'],
      ['a date in another format', () => put(project, s[0], '01/10/2027', null), 'startDate: Enter a valid date (YYYY-MM-DD)'],
      ['a date left out', () => put(project, s[0], '2027-01-10', undefined), 'endDate: Send a date, or null to clear it'],
      ['no cluster', () => put(project, s[0], '2027-01-10', null, { clusterId: '' }), 'clusterId: Choose a cluster from the list'],
    ])('%s', async (_, send, message) => {
      const before = await overrideRows()
      const answer = await send()
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
      expect(await overrideRows()).toBe(before)
      expect(await overridesOf(project)).toEqual([{ clusterId: s[0]._id, startDate: '2027-01-10', endDate: '2027-02-10', default: 'created' }])
    })
  })

  test('GET of a project that does not exist: 404; without an entity: 400', async () => {
    expectRefusal(await admin.get(`${OVERRIDES}?projectId=${MISSING}&entityId=${site._id}`), 404)
    const missing = await admin.get(`${OVERRIDES}?projectId=${planned._id}&categoryId=${category._id}`)
    expectRefusal(missing, 400)
    expect(missing.body.error).toBe('entityId: entityId is required')
  })
})

describe('GET /api/timelines/cluster-by-entity', () => {
  test('only the clusters the project’s plan uses, with the project’s dates', async () => {
    expect(await used(planned, site)).toEqual([row(s[0], '2027-01-01', '2027-02-01'), row(s[1], '2027-03-01', '2027-04-30')])
    expect(await used(planned, tower)).toEqual([row(t[0], '2027-06-01', '2027-06-30'), row(t[1], null, null)])
    await put(planned, s[1], '2027-03-20', null)
    expect(await used(planned, site)).toEqual([row(s[0], '2027-01-01', '2027-02-01'), row(s[1], '2027-03-20', null, 'created')])
  })

  test('a project without cards, or an entity type it does not plan: none', async () => {
    expect(await used(await makeProject(admin), site)).toEqual([])
    expect(await used(planned, villa)).toEqual([])
  })

  test('a project that does not exist: 404', async () => {
    expectRefusal(await admin.get(`/api/timelines/cluster-by-entity?projectId=${MISSING}&entityId=${site._id}`), 404)
  })
})
