import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { planningRoles, plannings } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeCategory, makeCluster, makeEntity, makePlanning, plannable, roleId, unique, type Cluster, type Entity, type Planning } from '../support/planning'

let api: Api
let admin: Client
let engineer: string
let developer: string
let pmo: string
let entity: Entity
let k: Cluster[]
beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  ;[engineer, developer, pmo] = await Promise.all(['Engineer', 'Developer', 'PMO'].map((name) => roleId(api, name)))
  const made = await plannable(admin, 5)
  entity = made.entity
  k = made.clusters
})
afterAll(() => api?.close())

const MISSING = '00000000-0000-4000-8000-000000000000'
const counts = async () => ({
  plannings: (await api.db.select({ n: count() }).from(plannings))[0].n,
  roles: (await api.db.select({ n: count() }).from(planningRoles))[0].n,
})
const body = (over: Record<string, unknown> = {}) => ({
  categoryId: entity.categoryId,
  entityId: entity._id,
  typeName: unique('Standard'),
  roleClusters: [
    { roleId: engineer, clusters: [k[0]._id, k[1]._id, k[2]._id] },
    { roleId: developer, clusters: [k[3]._id] },
  ],
  ...over,
})

describe('POST /api/planning (Create New Planning Type)', () => {
  test('makes the type with its roles and clusters: 201, category, entity and roles populated with their names', async () => {
    const payload = body({ typeName: '  Tower Standard  ' })
    const answer = await admin.post<Planning>('/api/planning', payload)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      _id: expect.any(String),
      categoryId: { _id: entity.categoryId, name: expect.any(String) },
      entityId: { _id: entity._id, name: entity.name },
      typeName: 'Tower Standard',
      createdAt: '2026-01-05T09:00:00.000Z',
      roleClusters: [
        { roleId: { _id: engineer, name: 'Engineer' }, clusters: [k[0]._id, k[1]._id, k[2]._id] },
        { roleId: { _id: developer, name: 'Developer' }, clusters: [k[3]._id] },
      ],
    })
  })

  test('roles with no cluster are left out; a cluster ticked twice counts once', async () => {
    const answer = await admin.post<Planning>('/api/planning', body({ roleClusters: [{ roleId: engineer, clusters: [k[1]._id, k[1]._id] }, { roleId: pmo, clusters: [] }] }))
    expect(answer.status).toBe(201)
    expect(answer.body.roleClusters).toEqual([{ roleId: { _id: engineer, name: 'Engineer' }, clusters: [k[1]._id] }])
  })

  test.each([
    ['an empty type name', () => ({ typeName: '   ' }), 'typeName: Type name is required'],
    ['no clusters for any role', () => ({ roleClusters: [{ roleId: engineer, clusters: [] }] }), 'roleClusters: At least one cluster must be selected'],
    ['no roles', () => ({ roleClusters: [] }), 'roleClusters: At least one cluster must be selected'],
    ['no entity', () => ({ entityId: '' }), 'entityId: Please select an entity first'],
    ['no category', () => ({ categoryId: null }), 'categoryId: Please select category and entity first'],
    [
      'a role twice',
      () => ({ roleClusters: [{ roleId: engineer, clusters: [k[0]._id] }, { roleId: engineer, clusters: [k[1]._id] }] }),
      'roleClusters.1.roleId: Each role can appear only once',
    ],
    ['an unknown key', () => ({ groups: [] }), 'groups: Unknown field'],
  ])('%s: 400 %j, nothing written', async (_, over, message) => {
    const before = await counts()
    const answer = await admin.post('/api/planning', body(over()))
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await counts()).toEqual(before)
  })

  test('ids that name nothing, or something of another entity: 400 naming the field, nothing written', async () => {
    const other = await plannable(admin, 1)
    const cases: [Record<string, unknown>, string][] = [
      [{ entityId: MISSING }, 'entityId: Entity not found'],
      [{ categoryId: other.category._id }, 'entityId: This entity does not belong to the category'],
      [{ roleClusters: [{ roleId: engineer, clusters: [k[0]._id] }, { roleId: MISSING, clusters: [k[1]._id] }] }, 'roleClusters.1.roleId: Role not found'],
      [{ roleClusters: [{ roleId: engineer, clusters: [k[0]._id, MISSING] }] }, 'roleClusters.0.clusters.1: Cluster not found for this entity'],
      [{ roleClusters: [{ roleId: engineer, clusters: [k[0]._id, other.clusters[0]._id] }] }, 'roleClusters.0.clusters.1: Cluster not found for this entity'],
    ]
    const before = await counts()
    for (const [over, message] of cases) {
      const answer = await admin.post('/api/planning', body(over))
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
    }
    expect(await counts()).toEqual(before)
  })

  test('a type name the entity already has (any case) is 409, and nothing is written; another entity may use it', async () => {
    const first = await makePlanning(admin, entity, [{ roleId: engineer, clusters: [k[0]._id] }])
    const before = await counts()
    const again = await admin.post('/api/planning', body({ typeName: first.typeName.toUpperCase() }))
    expectRefusal(again, 409)
    expect(again.body.error).toBe(`A planning type named "${first.typeName.toUpperCase()}" already exists for ${entity.name}`)
    expect(await counts()).toEqual(before)
    const elsewhere = await plannable(admin, 1)
    const same = await makePlanning(admin, elsewhere.entity, [{ roleId: engineer, clusters: [elsewhere.clusters[0]._id] }], first.typeName)
    expect(same.typeName).toBe(first.typeName)
  })
})

describe('GET /api/planning (Saved Planning Types)', () => {
  let own: Awaited<ReturnType<typeof plannable>>
  let older: Planning
  let newer: Planning
  let otherEntity: Planning
  beforeAll(async () => {
    own = await plannable(admin, 2)
    older = await makePlanning(admin, own.entity, [{ roleId: engineer, clusters: [own.clusters[0]._id] }])
    api.advance(60_000)
    newer = await makePlanning(admin, own.entity, [{ roleId: developer, clusters: own.clusters.map((c) => c._id) }])
    const sibling = await makeEntity(admin, own.category._id)
    const cluster = await makeCluster(admin, sibling)
    api.advance(60_000)
    otherEntity = await makePlanning(admin, sibling, [{ roleId: pmo, clusters: [cluster._id] }])
  })

  test('by category and entity: that entity’s types, newest first, as POST answered them', async () => {
    const answer = await admin.get<Planning[]>(`/api/planning?categoryId=${own.category._id}&entityId=${own.entity._id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([newer, older])
  })

  test('by category alone: every entity of it; without a filter: every type', async () => {
    const byCategory = await admin.get<Planning[]>(`/api/planning?categoryId=${own.category._id}`)
    expect(byCategory.body.map((p) => p._id)).toEqual([otherEntity._id, newer._id, older._id])
    const all = await admin.get<Planning[]>('/api/planning')
    expect(all.body.map((p) => p._id)).toEqual(expect.arrayContaining([older._id, newer._id, otherEntity._id]))
    expect(all.body.length).toBe((await counts()).plannings)
  })

  test('a filter that names nothing: an empty list; one that is not an id: 400', async () => {
    expect((await admin.get(`/api/planning?entityId=${MISSING}`)).body).toEqual([])
    const answer = await admin.get('/api/planning?categoryId=residential')
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('categoryId: categoryId must be an id')
  })
})

describe('PUT /api/planning/{planningId}/groups (Group Clusters for {role})', () => {
  let planning: Planning
  const ids = () => k.slice(0, 4).map((c) => c._id)
  beforeAll(async () => {
    planning = await makePlanning(admin, entity, [
      { roleId: engineer, clusters: ids() },
      { roleId: developer, clusters: [k[4]._id] },
    ])
  })
  const put = (groups: unknown, role = engineer, id = planning._id) => admin.put<Planning>(`/api/planning/${id}/groups`, { roleId: role, groups })
  const saved = async () => (await api.db.select().from(planningRoles).where(eq(planningRoles.planningId, planning._id))).find((row) => row.roleId === engineer)!.clusters

  test('saves the new grouping of the role and answers the planning; other roles are untouched', async () => {
    const [a, b, c, d] = ids()
    const answer = await put([a, [b, c], d])
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ...planning,
      roleClusters: [
        { roleId: { _id: engineer, name: 'Engineer' }, clusters: [a, [b, c], d] },
        { roleId: { _id: developer, name: 'Developer' }, clusters: [k[4]._id] },
      ],
    })
    expect((await admin.get<Planning[]>(`/api/planning?entityId=${entity._id}`)).body.find((p) => p._id === planning._id)).toEqual(answer.body)
  })

  test('a second group, and ungrouping again, are both a new grouping of the same clusters', async () => {
    const [a, b, c, d] = ids()
    expect((await put([[a, d], [b, c]])).body.roleClusters[0].clusters).toEqual([[a, d], [b, c]])
    expect((await put([a, b, c, d])).body.roleClusters[0].clusters).toEqual([a, b, c, d])
  })

  test('a group of one is saved as a single cluster', async () => {
    const [a, b, c, d] = ids()
    expect((await put([[a], b, c, d])).body.roleClusters[0].clusters).toEqual([a, b, c, d])
  })

  test.each([
    ['a cluster left out', (i: string[]) => [i[0], [i[1], i[2]]]],
    ['a cluster of another role', (i: string[]) => [...i, k[4]._id]],
    ['a cluster twice', (i: string[]) => [i[0], [i[1], i[2], i[0]], i[3]]],
    ['a cluster id of nothing', (i: string[]) => [...i, MISSING]],
    ['nothing', () => []],
  ])("%s: 400 'Groups must use each of this role's clusters exactly once', nothing saved", async (_, groups) => {
    const before = await saved()
    const answer = await put(groups(ids()))
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe("groups: Groups must use each of this role's clusters exactly once")
    expect(await saved()).toEqual(before)
  })

  test('a role that is not part of the type: 400; an unknown or malformed planning: 404', async () => {
    const notPart = await put(ids(), pmo)
    expectRefusal(notPart, 400)
    expect(notPart.body.error).toBe('roleId: This role is not part of the planning type')
    const unknown = await put(ids(), engineer, MISSING)
    expectRefusal(unknown, 404)
    expect(unknown.body.error).toBe('Planning type not found')
    expectRefusal(await put(ids(), engineer, 'tower-standard'), 404)
  })

  test.each([
    ['an empty group', { groups: [[]] }, 'groups.0: A group must hold at least one cluster'],
    ['a group in a group', { groups: [[['x']]] }, 'groups.0: Each entry must be a cluster id or a list of cluster ids'],
    ['no groups', { groups: undefined }, 'groups: groups must be a list'],
    ['no role', { roleId: undefined, groups: [] }, 'roleId: Choose a role from the list'],
    ['an unknown key', { groups: [], label: 'x' }, 'label: Unknown field'],
  ])('%s: 400 %j', async (_, over, message) => {
    const answer = await admin.put(`/api/planning/${planning._id}/groups`, { roleId: engineer, ...over })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
  })

  test('two groupings sent at once both land whole, one after the other', async () => {
    const [a, b, c, d] = ids()
    const answers = await Promise.all([put([[a, b], c, d]), put([a, b, [c, d]])])
    expect(answers.map((x) => x.status)).toEqual([200, 200])
    expect([[[a, b], c, d], [a, b, [c, d]]]).toContainEqual(await saved())
  })
})

describe('a category with nothing else', () => {
  test('has no planning types', async () => {
    const category = await makeCategory(admin)
    expect((await admin.get(`/api/planning?categoryId=${category._id}`)).body).toEqual([])
  })
})
