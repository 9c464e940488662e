import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Permission } from '#domain/constants'
import { categories, clusters, entities, planningRoles, plannings, projects, resourcePlanningTemplates, templateItems } from '#api/db/schema'
import { expectedStatus, permissionMatrix, personaClients, PERSONAS, userHolding, type Persona } from '../support/personas'
import { startApi, type Answer, type Api, type Client } from '../support/api-harness'
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
  type SaveAnswer,
  type Template,
} from '../support/planning'

/**
 * Who may make which planning call (DESIGN §4): reading needs `view`, creating `add`, changing
 * `edit`, removing `delete`; `Admin` has all; anyone else exactly the permissions of their list;
 * nobody signed out. Every cell of the matrix is one test; a refusal changes nothing.
 */

const MISSING = '00000000-0000-4000-8000-000000000000'
const TEMPLATES = '/api/resource-planning-templates'

/** What each persona's calls act on, so that one persona's success never changes another's cell. */
interface Own {
  categoryToRename: Category
  categoryToDelete: Category
  entityToRename: Entity
  entityToDelete: Entity
  projectToRename: Project
  projectToDelete: Project
  planningForTemplate: Planning
  templateToTrim: Template
}

let api: Api
let admin: Client
let engineer: string
let category: Category
let entity: Entity
let k: Cluster[]
let planning: Planning
let clients: Map<Persona, Client>
const own = new Map<Persona, Own>()

beforeAll(async () => {
  api = await startApi()
  clients = await personaClients(api)
  admin = clients.get('Admin')!
  engineer = await roleId(api, 'Engineer')
  category = await makeCategory(admin, unique('Residential'))
  entity = await makeEntity(admin, category._id, 'Tower')
  k = [await makeCluster(admin, entity, 'Excavation'), await makeCluster(admin, entity, 'Foundation'), await makeCluster(admin, entity, 'Plinth')]
  planning = await makePlanning(admin, entity, [{ roleId: engineer, clusters: k.map((c) => c._id) }])
  for (const persona of PERSONAS) {
    const forTemplate = await makePlanning(admin, entity, [{ roleId: engineer, clusters: [k[0]._id] }])
    const forTrim = await makePlanning(admin, entity, [{ roleId: engineer, clusters: [k[0]._id, k[1]._id] }])
    const saved = await admin.post<SaveAnswer>(TEMPLATES, templateBody(forTrim, [templateItem(k[0]._id, 2), templateItem(k[1]._id, 3)]))
    expect(saved.status).toBe(201)
    own.set(persona, {
      categoryToRename: await makeCategory(admin),
      categoryToDelete: await makeCategory(admin),
      entityToRename: await makeEntity(admin, category._id),
      entityToDelete: await makeEntity(admin, category._id),
      projectToRename: await makeProject(admin),
      projectToDelete: await makeProject(admin),
      planningForTemplate: forTemplate,
      templateToTrim: saved.body.template,
    })
  }
})
afterAll(() => api?.close())

function templateBody(target: Planning, clusterItems: unknown[], over: Record<string, unknown> = {}) {
  return { categoryId: category._id, entityId: entity._id, planningId: target._id, roleClusters: [{ roleId: engineer, clusters: clusterItems }], ...over }
}
const rowById = async <T extends typeof categories | typeof entities | typeof projects | typeof clusters>(table: T, id: string) =>
  (await api.db.select().from(table as typeof categories).where(eq((table as typeof categories).id, id)))[0] as T['$inferSelect'] | undefined

type Call = {
  needs: Permission
  ok: number
  make: (client: Client, mine: Own, persona: Persona) => Promise<Answer>
  /** What must be true after the call: changed when allowed, unchanged when refused. */
  check: (answer: Answer, mine: Own, persona: Persona, allowed: boolean) => Promise<void>
}

const CALLS: Record<string, Call> = {
  'GET /api/categories': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get('/api/categories'),
    check: async (answer, _m, _p, allowed) => {
      if (allowed) expect(answer.body).toContainEqual(category)
    },
  },
  'POST /api/categories': {
    needs: 'add',
    ok: 201,
    make: (client, _m, persona) => client.post('/api/categories', { name: `Category by ${persona}` }),
    check: async (_a, _m, persona, allowed) => {
      const made = await api.db.select().from(categories).where(eq(categories.name, `Category by ${persona}`))
      expect(made).toHaveLength(allowed ? 1 : 0)
    },
  },
  'PUT /api/categories/{id}': {
    needs: 'edit',
    ok: 200,
    make: (client, mine, persona) => client.put(`/api/categories/${mine.categoryToRename._id}`, { name: `Renamed by ${persona}` }),
    check: async (_a, mine, persona, allowed) => {
      expect((await rowById(categories, mine.categoryToRename._id))!.name).toBe(allowed ? `Renamed by ${persona}` : mine.categoryToRename.name)
    },
  },
  'DELETE /api/categories/{id}': {
    needs: 'delete',
    ok: 200,
    make: (client, mine) => client.delete(`/api/categories/${mine.categoryToDelete._id}`),
    check: async (_a, mine, _p, allowed) => {
      expect(await rowById(categories, mine.categoryToDelete._id)).toEqual(allowed ? undefined : expect.anything())
    },
  },
  'GET /api/entities': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/entities?categoryId=${category._id}`),
    check: async (answer, _m, _p, allowed) => {
      if (allowed) expect(answer.body).toContainEqual(entity)
    },
  },
  'POST /api/entities': {
    needs: 'add',
    ok: 201,
    make: (client, _m, persona) => client.post('/api/entities', { name: `Entity by ${persona}`, categoryId: category._id }),
    check: async (_a, _m, persona, allowed) => {
      expect(await api.db.select().from(entities).where(eq(entities.name, `Entity by ${persona}`))).toHaveLength(allowed ? 1 : 0)
    },
  },
  'PUT /api/entities/{id}': {
    needs: 'edit',
    ok: 200,
    make: (client, mine, persona) => client.put(`/api/entities/${mine.entityToRename._id}`, { name: `Renamed by ${persona}` }),
    check: async (_a, mine, persona, allowed) => {
      expect((await rowById(entities, mine.entityToRename._id))!.name).toBe(allowed ? `Renamed by ${persona}` : mine.entityToRename.name)
    },
  },
  'DELETE /api/entities/{id}': {
    needs: 'delete',
    ok: 200,
    make: (client, mine) => client.delete(`/api/entities/${mine.entityToDelete._id}`),
    check: async (_a, mine, _p, allowed) => {
      expect(await rowById(entities, mine.entityToDelete._id)).toEqual(allowed ? undefined : expect.anything())
    },
  },
  'GET /api/projects': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get('/api/projects'),
    check: async (answer, mine, _p, allowed) => {
      if (allowed) expect(answer.body).toContainEqual(mine.projectToDelete)
    },
  },
  'POST /api/projects': {
    needs: 'add',
    ok: 201,
    make: (client, _m, persona) => client.post('/api/projects', { name: `Project by ${persona}`, globalCategory: category._id }),
    check: async (_a, _m, persona, allowed) => {
      expect(await api.db.select().from(projects).where(eq(projects.name, `Project by ${persona}`))).toHaveLength(allowed ? 1 : 0)
    },
  },
  'PUT /api/projects/{id}': {
    needs: 'edit',
    ok: 200,
    make: (client, mine, persona) => client.put(`/api/projects/${mine.projectToRename._id}`, { name: `Renamed by ${persona}` }),
    check: async (_a, mine, persona, allowed) => {
      expect((await rowById(projects, mine.projectToRename._id))!.name).toBe(allowed ? `Renamed by ${persona}` : mine.projectToRename.name)
    },
  },
  'DELETE /api/projects/{id}': {
    needs: 'delete',
    ok: 200,
    make: (client, mine) => client.delete(`/api/projects/${mine.projectToDelete._id}`),
    check: async (_a, mine, _p, allowed) => {
      expect(await rowById(projects, mine.projectToDelete._id)).toEqual(allowed ? undefined : expect.anything())
    },
  },
  'GET /api/clusters': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/clusters?categoryId=${category._id}&entityId=${entity._id}`),
    check: async (answer, _m, _p, allowed) => {
      if (allowed) expect((answer.body as unknown as Cluster[]).map((c) => c._id)).toEqual(expect.arrayContaining(k.map((c) => c._id)))
    },
  },
  'POST /api/clusters': {
    needs: 'add',
    ok: 201,
    make: (client, _m, persona) => client.post('/api/clusters', { category: category._id, entityType: entity._id, name: `Cluster by ${persona}`, description: 'x' }),
    check: async (_a, _m, persona, allowed) => {
      expect(await api.db.select().from(clusters).where(eq(clusters.name, `Cluster by ${persona}`))).toHaveLength(allowed ? 1 : 0)
    },
  },
  'PUT /api/clusters/{id}': {
    needs: 'edit',
    ok: 200,
    // Each persona a day of its own: a refusal must leave the day another persona set.
    make: (client, _m, persona) => client.put(`/api/clusters/${k[2]._id}`, { startDate: dayOf(persona), endDate: null }),
    check: async (_a, _m, persona, allowed) => {
      const { startDate } = (await rowById(clusters, k[2]._id))!
      if (allowed) expect(startDate).toBe(dayOf(persona))
      else expect(startDate).not.toBe(dayOf(persona))
    },
  },
  'GET /api/clusters/description': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/clusters/description?ids=${k[0]._id}`),
    check: async (answer, _m, _p, allowed) => {
      if (allowed) expect(answer.body).toEqual({ data: [{ _id: k[0]._id, name: k[0].name, description: k[0].description }] })
      // A refusal is never kept by a cache.
      else expect(answer.headers.get('cache-control')).toBe('no-store')
    },
  },
  'GET /api/planning': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/planning?categoryId=${category._id}&entityId=${entity._id}`),
    check: async (answer, _m, _p, allowed) => {
      if (allowed) expect((answer.body as unknown as Planning[]).map((p) => p._id)).toContain(planning._id)
    },
  },
  'POST /api/planning': {
    needs: 'add',
    ok: 201,
    make: (client, _m, persona) =>
      client.post('/api/planning', { categoryId: category._id, entityId: entity._id, typeName: `Type by ${persona}`, roleClusters: [{ roleId: engineer, clusters: [k[0]._id] }] }),
    check: async (_a, _m, persona, allowed) => {
      expect(await api.db.select().from(plannings).where(eq(plannings.typeName, `Type by ${persona}`))).toHaveLength(allowed ? 1 : 0)
    },
  },
  'PUT /api/planning/{id}/groups': {
    needs: 'edit',
    ok: 200,
    make: (client, _m, persona) => client.put(`/api/planning/${planning._id}/groups`, { roleId: engineer, groups: groupingOf(persona) }),
    check: async (_a, _m, persona, allowed) => {
      const [row] = await api.db.select().from(planningRoles).where(eq(planningRoles.planningId, planning._id))
      if (allowed) expect(row.clusters).toEqual(groupingOf(persona))
      else expect(row.clusters).not.toEqual(groupingOf(persona))
    },
  },
  'GET /api/resource-planning-templates': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(TEMPLATES),
    check: async (answer, mine, _p, allowed) => {
      if (allowed) expect((answer.body as { data: Template[] }).data.map((t) => t._id)).toContain(mine.templateToTrim._id)
    },
  },
  'POST /api/resource-planning-templates': {
    needs: 'add',
    ok: 201,
    make: (client, mine) => client.post(TEMPLATES, templateBody(mine.planningForTemplate, [templateItem(k[0]._id, 4)])),
    check: async (_a, mine, _p, allowed) => {
      const made = await api.db.select().from(resourcePlanningTemplates).where(eq(resourcePlanningTemplates.planningId, mine.planningForTemplate._id))
      expect(made).toHaveLength(allowed ? 1 : 0)
    },
  },
  'GET /api/resource-planning-templates/by-combo': {
    needs: 'view',
    ok: 200,
    make: (client, mine) => client.get(`${TEMPLATES}/by-combo?categoryId=${category._id}&entityId=${entity._id}&planningId=${mine.templateToTrim.planningId._id}`),
    check: async (answer, mine, _p, allowed) => {
      if (allowed) expect((answer.body as { template: Template }).template._id).toBe(mine.templateToTrim._id)
    },
  },
  'DELETE /api/resource-planning-templates/{t}/role/{r}/cluster/{c}': {
    needs: 'delete',
    ok: 200,
    make: (client, mine) => client.delete(`${TEMPLATES}/${mine.templateToTrim._id}/role/${engineer}/cluster/${mine.templateToTrim.roleClusters[0].clusters[0]._id}`),
    check: async (_a, mine, _p, allowed) => {
      const left = await api.db.select().from(templateItems).where(eq(templateItems.templateId, mine.templateToTrim._id))
      expect(left).toHaveLength(allowed ? 1 : 2)
    },
  },
}
const dayOf = (persona: Persona) => `2026-0${PERSONAS.indexOf(persona) + 1}-15`
const groupingOf = (persona: Persona) => {
  const [a, b, c] = k.map((cluster) => cluster._id)
  const ways = [[[a, b], c], [a, [b, c]], [[a, c], b], [[a, b, c]], [a, b, c], [[b, c], a], [c, [a, b]]]
  return ways[PERSONAS.indexOf(persona)]
}


permissionMatrix('the permission matrix of the planning calls', {
  personas: PERSONAS,
  calls: CALLS,
  status: expectedStatus,
  make: (persona, call) => call.make(clients.get(persona)!, own.get(persona)!, persona),
  check: (persona, call, answer, allowed) => call.check(answer, own.get(persona)!, persona, allowed),
  covers: { title: 'covers every persona and every planning call of the spec', personas: 7, calls: 23 },
})

describe('replacing an existing template needs what it does to its clusters (issue 28)', () => {
  let target: Planning
  let existing: Template
  beforeAll(async () => {
    target = await makePlanning(admin, entity, [{ roleId: engineer, clusters: [k[0]._id, k[1]._id] }])
    existing = (await admin.post<SaveAnswer>(TEMPLATES, templateBody(target, [templateItem(k[0]._id, 2)]))).body.template
  })
  const itemsOf = async () => (await api.db.select().from(templateItems).where(eq(templateItems.templateId, existing._id))).map((i) => i.plannedPeople)

  test("with 'add' alone: told it exists, but a forced save that drops its cluster is refused with 403 and nothing changes", async () => {
    const adder = clients.get('add')!
    const told = await adder.post<SaveAnswer>(TEMPLATES, templateBody(target, [templateItem(k[1]._id, 7)]))
    expect(told.status).toBe(200)
    expect(told.body.exists).toBe(true)
    const forced = await adder.post(TEMPLATES, templateBody(target, [templateItem(k[1]._id, 7)], { force: true }))
    expectRefusal(forced, 403)
    expect(forced.body.error).toBe('Removing clusters from a template needs the delete permission.')
    expect(await itemsOf()).toEqual([2])
  })

  test("with 'add' and 'edit': a forced save replaces its figures; dropping its cluster would need delete as well", async () => {
    const editor = await userHolding(api, ['add', 'edit'])
    expectRefusal(await editor.client.post(TEMPLATES, templateBody(target, [templateItem(k[1]._id, 7)], { force: true })), 403)
    expect(await itemsOf()).toEqual([2])
    const forced = await editor.client.post<SaveAnswer>(TEMPLATES, templateBody(target, [templateItem(k[0]._id, 7)], { force: true }))
    expect(forced.status).toBe(200)
    expect(forced.body).toMatchObject({ exists: false, message: 'Template updated successfully' })
    expect(await itemsOf()).toEqual([7])
  })
})

describe('bad input never answers 5xx', () => {
  const id = () => own.get('Admin')!
  /** Every planning call that reads a body, with a target that exists. */
  const bodyCalls: [string, string, () => string][] = [
    ['POST /api/categories', 'POST', () => '/api/categories'],
    ['PUT /api/categories/{id}', 'PUT', () => `/api/categories/${id().categoryToRename._id}`],
    ['POST /api/entities', 'POST', () => '/api/entities'],
    ['PUT /api/entities/{id}', 'PUT', () => `/api/entities/${id().entityToRename._id}`],
    ['POST /api/projects', 'POST', () => '/api/projects'],
    ['PUT /api/projects/{id}', 'PUT', () => `/api/projects/${id().projectToRename._id}`],
    ['POST /api/clusters', 'POST', () => '/api/clusters'],
    ['PUT /api/clusters/{id}', 'PUT', () => `/api/clusters/${k[0]._id}`],
    ['POST /api/planning', 'POST', () => '/api/planning'],
    ['PUT /api/planning/{id}/groups', 'PUT', () => `/api/planning/${planning._id}/groups`],
    ['POST /api/resource-planning-templates', 'POST', () => TEMPLATES],
  ]
  const json = { 'content-type': 'application/json' }
  const bodies: [string, string, Record<string, string>][] = [
    ['invalid JSON', '{"name": "Tower", ', json],
    ['JSON that is not an object (array)', '[1, 2, 3]', json],
    ['JSON that is not an object (string)', '"Tower"', json],
    ['JSON null', 'null', json],
    ['an empty body with content-type json', '', json],
    [
      'wrong types everywhere',
      JSON.stringify({ name: 42, categoryId: [], category: {}, entityType: 7, entityId: true, typeName: {}, description: 5, startDate: 20260101, endDate: [], roleId: 1, groups: 'x', roleClusters: 'x', planningId: 3, globalCategory: 9, force: 'maybe' }),
      json,
    ],
    ['nested wrong types', JSON.stringify({ roleClusters: [{ roleId: [], clusters: [{ clusterId: {}, plannedPeople: [], interchanges: [{ interchangeFrom: 5 }] }] }], groups: [[{}]] }), json],
    ['ids that are not ids', JSON.stringify({ name: 'x', categoryId: "'; drop table categories; --", category: '1', entityType: '2', entityId: '3', planningId: '4', roleId: '5', groups: ['6'], typeName: 'x', roleClusters: [{ roleId: '7', clusters: ['8'] }] }), json],
    ['__proto__ keys', '{"__proto__": {"isAdmin": true}, "name": "Tower"}', json],
    ['constructor.prototype keys', '{"constructor": {"prototype": {"isAdmin": true}}, "name": "Tower"}', json],
    ['a NUL in a name', JSON.stringify({ name: 'To\u0000wer', typeName: 'T\u0000' }), json],
    ['an unpaired surrogate in a name', JSON.stringify({ name: 'To\ud800wer' }), json],
    ['an oversized body (over 64 KB)', JSON.stringify({ name: 'x'.repeat(70 * 1024) }), json],
    ['a huge list', JSON.stringify({ roleClusters: Array.from({ length: 2000 }, () => ({ roleId: MISSING, clusters: [] })), groups: Array.from({ length: 2000 }, () => MISSING) }), json],
    ['a form-encoded body', 'name=Tower', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/plain', '{"name":"Tower"}', { 'content-type': 'text/plain' }],
  ]

  describe.each(bodyCalls)('%s', (_name, method, path) => {
    test.each(bodies)('%s: 4xx with a JSON {error}; the server still answers', async (_, body, headers) => {
      const answer = await admin.request(method, path(), body, headers)
      expectRefusal(answer)
      expect((await api.client().get('/landing')).status).toBe(200)
    })
  })

  /** Every planning call with an id in its path, and a body it would accept. */
  const pathCalls: [string, string, (bad: string) => string, () => unknown][] = [
    ['PUT /api/categories/{id}', 'PUT', (bad) => `/api/categories/${bad}`, () => ({ name: unique('Valid') })],
    ['DELETE /api/categories/{id}', 'DELETE', (bad) => `/api/categories/${bad}`, () => undefined],
    ['PUT /api/entities/{id}', 'PUT', (bad) => `/api/entities/${bad}`, () => ({ name: unique('Valid') })],
    ['DELETE /api/entities/{id}', 'DELETE', (bad) => `/api/entities/${bad}`, () => undefined],
    ['PUT /api/projects/{id}', 'PUT', (bad) => `/api/projects/${bad}`, () => ({ name: unique('Valid') })],
    ['DELETE /api/projects/{id}', 'DELETE', (bad) => `/api/projects/${bad}`, () => undefined],
    ['PUT /api/clusters/{id}', 'PUT', (bad) => `/api/clusters/${bad}`, () => ({ startDate: null, endDate: null })],
    ['PUT /api/planning/{id}/groups', 'PUT', (bad) => `/api/planning/${bad}/groups`, () => ({ roleId: engineer, groups: k.map((c) => c._id) })],
    ['DELETE template item (template)', 'DELETE', (bad) => `${TEMPLATES}/${bad}/role/${engineer}/cluster/${MISSING}`, () => undefined],
    ['DELETE template item (role)', 'DELETE', (bad) => `${TEMPLATES}/${MISSING}/role/${bad}/cluster/${MISSING}`, () => undefined],
    ['DELETE template item (item)', 'DELETE', (bad) => `${TEMPLATES}/${MISSING}/role/${engineer}/cluster/${bad}`, () => undefined],
  ]
  const badIds = ['not-an-id', '42', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ', '00000000000040008000000000000000', '%E2%82%AC', "'%3B%20drop%20table%20categories%3B--", MISSING]

  describe.each(pathCalls)('%s', (_name, method, path, body) => {
    test.each(badIds)('the id %j: 404 with a JSON {error}', async (bad) => {
      expectRefusal(await admin.request(method, path(bad), body()), 404)
    })

    test('an id over 100 characters: 4xx with a JSON {error}', async () => {
      expectRefusal(await admin.request(method, path('a'.repeat(150)), body()))
    })
  })

  test.each([
    ['/api/categories?projectId=skyline'],
    ['/api/entities?categoryId=1'],
    ['/api/clusters?categoryId=x&entityId=y'],
    [`/api/clusters?entityId=${MISSING}&entityId=${MISSING}`],
    ['/api/clusters/description?ids=a,b'],
    [`/api/clusters/description?ids=${Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',')}`],
    ['/api/planning?entityId=%27%3B--'],
    [`${TEMPLATES}/by-combo?categoryId=x&entityId=y&planningId=z`],
    [`${TEMPLATES}/by-combo`],
  ])('GET %s: 400 with a JSON {error}', async (path) => {
    expectRefusal(await admin.get(path), 400)
  })
})
