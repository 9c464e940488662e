import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { clusters as clusterTable, resourcePlanningTemplates, templateItems } from '#api/db/schema'
import { planningMessages } from '#domain/planning/messages'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import {
  expectRefusal,
  makeCategory,
  makeCluster,
  makeEntity,
  makePlanning,
  roleId,
  templateItem,
  unique,
  type Category,
  type Cluster,
  type Entity,
  type Planning,
  type SaveAnswer,
  type Template,
} from '../support/planning'

const MISSING = '00000000-0000-4000-8000-000000000000'
const PATH = '/api/resource-planning-templates'

let api: Api
let admin: Client
let engineer: string
let developer: string
let pmo: string
let residential: Category
let tower: Entity
let site: Entity
let k: Cluster[]
let s: Cluster[]
let foreign: { entity: Entity; cluster: Cluster }
let standard: Planning

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  ;[engineer, developer, pmo] = await Promise.all(['Engineer', 'Developer', 'PMO'].map((name) => roleId(api, name)))
  residential = await makeCategory(admin, unique('Residential'))
  tower = await makeEntity(admin, residential._id, 'Tower')
  site = await makeEntity(admin, residential._id, 'Site')
  k = []
  for (const name of ['Excavation', 'Foundation', 'Plinth', 'Superstructure', 'Finishing']) k.push(await makeCluster(admin, tower, name))
  s = [await makeCluster(admin, site, 'Site Excavation'), await makeCluster(admin, site, 'Site MEP')]
  const commercial = await makeCategory(admin, unique('Commercial'))
  const block = await makeEntity(admin, commercial._id, 'Block')
  foreign = { entity: block, cluster: await makeCluster(admin, block, 'Block Finishing') }
  standard = await makePlanning(admin, tower, [
    { roleId: engineer, clusters: [k[0]._id, k[1]._id, k[2]._id] },
    { roleId: developer, clusters: [k[3]._id] },
  ])
  // Foundation and Plinth are planned together from now on.
  expect((await admin.put(`/api/planning/${standard._id}/groups`, { roleId: engineer, groups: [k[0]._id, [k[1]._id, k[2]._id]] })).status).toBe(200)
})
afterAll(() => api?.close())

const counts = async () => ({
  templates: (await api.db.select({ n: count() }).from(resourcePlanningTemplates))[0].n,
  items: (await api.db.select({ n: count() }).from(templateItems))[0].n,
})
const save = (body: unknown) => admin.post<SaveAnswer>(PATH, body)
const payload = (planning: Planning, roleClusters: unknown[], over: Record<string, unknown> = {}) => ({
  categoryId: planning.categoryId._id,
  entityId: planning.entityId._id,
  planningId: planning._id,
  roleClusters,
  ...over,
})
/** A fresh planning type of the Tower, so each test has its own combination. */
const freshPlanning = () =>
  makePlanning(admin, tower, [
    { roleId: engineer, clusters: [k[0]._id, k[1]._id] },
    { roleId: pmo, clusters: [k[4]._id] },
  ])
const ref = (c: Cluster) => ({ _id: c._id, name: c.name })

describe('POST /api/resource-planning-templates: a new combination', () => {
  test('is created: 201 {exists: false, template, message}, every name populated', async () => {
    const body = payload(standard, [
      {
        roleId: engineer,
        clusters: [
          templateItem(k[0]._id, 4, [{ interchangePeople: 1, interchangeFrom: { entityId: site._id, clusterId: s[0]._id } }]),
          templateItem([k[1]._id, k[2]._id], '6'),
        ],
      },
      { roleId: developer, clusters: [templateItem(k[3]._id, '')] },
    ], { isInterchange: false, interchangeFrom: null })
    const answer = await save(body)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toEqual({
      exists: false,
      message: 'Template created successfully',
      template: {
        _id: expect.any(String),
        categoryId: { _id: residential._id, name: residential.name },
        entityId: { _id: tower._id, name: 'Tower' },
        planningId: { _id: standard._id, typeName: standard.typeName },
        roleClusters: [
          {
            roleId: { _id: engineer, name: 'Engineer' },
            clusters: [
              {
                _id: expect.any(String),
                clusterId: [ref(k[0])],
                plannedPeople: 4,
                isInterchange: true,
                interchanges: [{ interchangePeople: 1, interchangeFrom: { entityId: { _id: site._id, name: 'Site' }, clusterId: ref(s[0]) } }],
              },
              { _id: expect.any(String), clusterId: [ref(k[1]), ref(k[2])], plannedPeople: 6, isInterchange: false, interchanges: [] },
            ],
          },
          {
            roleId: { _id: developer, name: 'Developer' },
            clusters: [{ _id: expect.any(String), clusterId: [ref(k[3])], plannedPeople: 0, isInterchange: false, interchanges: [] }],
          },
        ],
        createdAt: '2026-01-05T09:00:00.000Z',
        updatedAt: '2026-01-05T09:00:00.000Z',
      },
    })
  })

  test('GET lists it in {data}; by-combo finds it; another combination finds null', async () => {
    const saved = (await save(payload(standard, [{ roleId: developer, clusters: [templateItem(k[3]._id)] }]))).body.template
    const list = await admin.get<{ data: Template[] }>(PATH)
    expect(list.status).toBe(200)
    expect(list.body.data).toContainEqual(saved)
    const found = await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=${tower._id}&planningId=${standard._id}`)
    expect(found.status).toBe(200)
    expect(found.body).toEqual({ template: saved })
    const other = await freshPlanning()
    expect((await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=${tower._id}&planningId=${other._id}`)).body).toEqual({ template: null })
  })

  test('by-combo without all three ids, or with one that is not an id: 400', async () => {
    const missing = await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=${tower._id}`)
    expectRefusal(missing, 400)
    expect(missing.body.error).toBe('planningId: planningId is required')
    expectRefusal(await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=tower&planningId=${standard._id}`), 400)
  })

  test('two saves of a new combination at once: one creates it, the other is told it exists', async () => {
    const planning = await freshPlanning()
    const body = payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 2)] }])
    const answers = await Promise.all([save(body), save(body)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201])
    expect(answers.map((a) => a.body.exists).sort()).toEqual([false, true])
    const [{ n }] = await api.db.select({ n: count() }).from(resourcePlanningTemplates).where(eq(resourcePlanningTemplates.planningId, planning._id))
    expect(n).toBe(1)
  })
})

describe('POST /api/resource-planning-templates: a combination that exists', () => {
  let planning: Planning
  let first: Template
  beforeAll(async () => {
    planning = await freshPlanning()
    first = (await save(payload(planning, [{ roleId: engineer, clusters: [templateItem(k[0]._id, 3), templateItem(k[1]._id, 2)] }]))).body.template
  })

  test('without force: 200 {exists: true} with the template as it is, and nothing changes', async () => {
    const before = await counts()
    const answer = await save(payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 9)] }]))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ exists: true, template: first, message: 'A template already exists for this category, entity and planning type.' })
    expect(await counts()).toEqual(before)
    expect((await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=${tower._id}&planningId=${planning._id}`)).body).toEqual({ template: first })
  })

  test('force: false is the same as no force', async () => {
    expect((await save(payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 9)] }], { force: false }))).body.exists).toBe(true)
  })

  test('the same payload resent with force true replaces its clusters: 200 {exists: false}, same template', async () => {
    api.advance(60_000)
    const answer = await save(payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 9)] }], { force: true }))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      exists: false,
      message: 'Template updated successfully',
      template: {
        ...first,
        roleClusters: [{ roleId: { _id: pmo, name: 'PMO' }, clusters: [{ _id: expect.any(String), clusterId: [ref(k[4])], plannedPeople: 9, isInterchange: false, interchanges: [] }] }],
        updatedAt: '2026-01-05T09:01:00.000Z',
      },
    })
    const items = await api.db.select().from(templateItems).where(eq(templateItems.templateId, first._id))
    expect(items.map((item) => item.roleId)).toEqual([pmo])
  })
})

describe('POST /api/resource-planning-templates: validation (400, nothing written)', () => {
  let planning: Planning
  beforeAll(async () => {
    planning = await freshPlanning()
  })
  const interchange = (people: unknown, entityId: unknown = site._id, clusterId: unknown = s[1]._id) => ({ interchangePeople: people, interchangeFrom: { entityId, clusterId } })
  const withItem = (item: unknown) => payload(planning, [{ roleId: engineer, clusters: [item] }])
  const at = 'roleClusters.0.clusters.0'

  test.each([
    ['no cluster in any role', () => payload(planning, [{ roleId: engineer, clusters: [] }]), 'Please enter planned people for at least one cluster.'],
    ['no roles', () => payload(planning, []), 'Please enter planned people for at least one cluster.'],
    // Issue 28: the roles and each role's clusters are what a forced save replaces; null is not "none".
    ['roles null', () => ({ ...payload(planning, []), roleClusters: null }), 'roleClusters: Send the roles as a list'],
    ['roles left out', () => ({ ...payload(planning, []), roleClusters: undefined }), 'roleClusters: Send the roles as a list'],
    ["a role's clusters null beside a role that plans", () => payload(planning, [{ roleId: engineer, clusters: [templateItem(k[0]._id)] }, { roleId: developer, clusters: null }]), 'roleClusters.1.clusters: Send the clusters as a list'],
    ['no planning type', () => ({ ...payload(planning, []), planningId: '' }), 'planningId: Please select both a planning type and an entity.'],
    ['no entity', () => ({ ...withItem(templateItem(k[0]._id)), entityId: null }), 'entityId: Please select both a planning type and an entity.'],
    ['no category', () => ({ ...withItem(templateItem(k[0]._id)), categoryId: undefined }), 'categoryId: Please select a category.'],
    ['interchange total over planned', () => withItem(templateItem(k[0]._id, 2, [interchange(2), interchange(1)])), `${at}.interchanges: Total interchange people cannot exceed planned people.`],
    ['interchange people 0', () => withItem(templateItem(k[0]._id, 2, [interchange(0)])), `${at}.interchanges: Interchange people must be greater than 0.`],
    ['an interchange without a cluster', () => withItem(templateItem(k[0]._id, 2, [interchange(1, site._id, '')])), `${at}.interchanges: Please fill all fields for each interchange.`],
    ['an interchange without people', () => withItem(templateItem(k[0]._id, 2, [interchange(null)])), `${at}.interchanges: Please fill all fields for each interchange.`],
    ['negative planned people', () => withItem(templateItem(k[0]._id, -1)), `${at}.plannedPeople: Planned people cannot be negative`],
    ['planned people that are not a number', () => withItem(templateItem(k[0]._id, 'four')), `${at}.plannedPeople: Planned people must be a number`],
    ['an unknown key', () => ({ ...withItem(templateItem(k[0]._id)), note: 'x' }), 'note: Unknown field'],
    ['a planning type that does not exist', () => ({ ...withItem(templateItem(k[0]._id)), planningId: MISSING }), 'planningId: Planning type not found'],
    ['a planning type of another entity', () => ({ ...withItem(templateItem(k[0]._id)), entityId: site._id }), 'planningId: This planning type is not of the chosen category and entity'],
    ['a role not in the planning type', () => payload(planning, [{ roleId: developer, clusters: [templateItem(k[0]._id)] }]), 'roleClusters.0.roleId: This role is not part of the planning type'],
    ['a cluster not of that role', () => withItem(templateItem(k[4]._id)), `${at}.clusterId: Not a cluster of this role in the planning type`],
    ['a group the planning type does not have', () => withItem(templateItem([k[0]._id, k[1]._id])), `${at}.clusterId: Not a cluster of this role in the planning type`],
    ['an interchange from an entity of another category', () => withItem(templateItem(k[0]._id, 3, [interchange(1, foreign.entity._id, foreign.cluster._id)])), `${at}.interchanges.0.interchangeFrom.entityId: Entity not found in this category`],
    ['an interchange from a cluster of another entity', () => withItem(templateItem(k[0]._id, 3, [interchange(1, site._id, k[2]._id)])), `${at}.interchanges.0.interchangeFrom.clusterId: Cluster not found for this entity`],
    ['an interchange from no entity at all', () => withItem(templateItem(k[0]._id, 3, [interchange(1, MISSING, s[0]._id)])), `${at}.interchanges.0.interchangeFrom.entityId: Entity not found in this category`],
  ])('%s: %j', async (_, body, message) => {
    const before = await counts()
    const answer = await save(body())
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await counts()).toEqual(before)
  })

  test("no cluster planned is coded 'nothing_planned': the one refusal the screen shows as it comes (its others read 'Error creating template')", async () => {
    const answer = await save(payload(planning, []))
    expectRefusal(answer, 400)
    expect(answer.body).toEqual({ error: planningMessages.plannedPeopleRequired, code: 'nothing_planned' })
    const other = await save(withItem(templateItem(k[4]._id)))
    expectRefusal(other, 400)
    expect(other.body).not.toHaveProperty('code')
  })

  test('an interchange total equal to planned is saved; Direct is what remains (planned minus interchange)', async () => {
    const answer = await save(withItem(templateItem(k[0]._id, 3, [interchange(2), interchange('1', site._id, s[0]._id)])))
    expect(answer.status).toBe(201)
    expect(answer.body.template.roleClusters[0].clusters[0]).toMatchObject({
      plannedPeople: 3,
      isInterchange: true,
      interchanges: [
        { interchangePeople: 2, interchangeFrom: { entityId: { _id: site._id, name: 'Site' }, clusterId: ref(s[1]) } },
        { interchangePeople: 1, interchangeFrom: { entityId: { _id: site._id, name: 'Site' }, clusterId: ref(s[0]) } },
      ],
    })
  })
})

describe('DELETE /api/resource-planning-templates/{templateId}/role/{roleId}/cluster/{clusterItemId}', () => {
  let template: Template
  beforeAll(async () => {
    const planning = await freshPlanning()
    template = (
      await save(
        payload(planning, [
          { roleId: engineer, clusters: [templateItem(k[0]._id, 2), templateItem(k[1]._id, 3)] },
          { roleId: pmo, clusters: [templateItem(k[4]._id, 1)] },
        ]),
      )
    ).body.template
  })
  const itemOf = (role: number, item: number) => template.roleClusters[role].clusters[item]._id
  const roleOf = (role: number) => template.roleClusters[role].roleId._id
  const url = (templateId: string, role: string, item: string) => `${PATH}/${templateId}/role/${role}/cluster/${item}`

  test('removes that one cluster item and answers the template without it', async () => {
    const answer = await admin.delete<{ message: string; template: Template }>(url(template._id, roleOf(0), itemOf(0, 0)))
    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('Cluster deleted')
    expect(answer.body.template.roleClusters.map((role) => role.clusters.map((c) => c._id))).toEqual([[itemOf(0, 1)], [itemOf(1, 0)]])
    const listed = (await admin.get<{ data: Template[] }>(PATH)).body.data.find((t) => t._id === template._id)
    expect(listed).toEqual(answer.body.template)
  })

  test('an item already gone, under another role, or of another template: 404', async () => {
    const gone = await admin.delete(url(template._id, roleOf(0), itemOf(0, 0)))
    expectRefusal(gone, 404)
    expect(gone.body.error).toBe('Cluster not found in this template')
    expectRefusal(await admin.delete(url(template._id, roleOf(1), itemOf(0, 1))), 404)
    expectRefusal(await admin.delete(url(MISSING, roleOf(0), itemOf(0, 1))), 404)
    expectRefusal(await admin.delete(url(template._id, MISSING, itemOf(0, 1))), 404)
  })

  test.each([
    ['the template id', (_t: string, r: string, i: string) => url('tpl-1', r, i)],
    ['the role id', (t: string, _r: string, i: string) => url(t, 'Engineer', i)],
    ['the item id', (t: string, r: string) => url(t, r, '42')],
    ['every id', () => url('x', 'y', 'z')],
  ])('a malformed %s: 404, never 500', async (_, make) => {
    expectRefusal(await admin.delete(make(template._id, roleOf(0), itemOf(0, 1))), 404)
  })

  test('removing the last cluster removes the template; saving the combination again creates it afresh', async () => {
    const planning = await freshPlanning()
    const only = (await save(payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 1)] }]))).body.template
    const answer = await admin.delete(url(only._id, pmo, only.roleClusters[0].clusters[0]._id))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Cluster deleted', template: null })
    expect((await admin.get<{ data: Template[] }>(PATH)).body.data.map((t) => t._id)).not.toContain(only._id)
    expect((await admin.get(`${PATH}/by-combo?categoryId=${residential._id}&entityId=${tower._id}&planningId=${planning._id}`)).body).toEqual({ template: null })
    const again = await save(payload(planning, [{ roleId: pmo, clusters: [templateItem(k[4]._id, 1)] }]))
    expect(again.status).toBe(201)
    expect(again.body.exists).toBe(false)
  })
})

describe('a cluster that is no longer there', () => {
  test("is named '(Unavailable Cluster)' in the templates, never a failure", async () => {
    const gone = await makeCluster(admin, tower, unique('Temporary works'))
    const planning = await makePlanning(admin, tower, [{ roleId: engineer, clusters: [gone._id, k[0]._id] }])
    const saved = (await save(payload(planning, [{ roleId: engineer, clusters: [templateItem(gone._id, 2), templateItem(k[0]._id, 1)] }]))).body.template
    // Clusters have no delete call; one removed behind the API's back must still read.
    await api.db.delete(clusterTable).where(eq(clusterTable.id, gone._id))
    const answer = await admin.get<{ data: Template[] }>(PATH)
    expect(answer.status).toBe(200)
    const listed = answer.body.data.find((t) => t._id === saved._id)!
    expect(listed.roleClusters[0].clusters.map((c) => c.clusterId)).toEqual([[{ _id: gone._id, name: '(Unavailable Cluster)' }], [ref(k[0])]])
    const description = await admin.get(`/api/clusters/description?ids=${gone._id}`)
    expect(description.body).toEqual({ data: [{ _id: gone._id, name: '(Unavailable Cluster)', description: null }] })
  })
})
