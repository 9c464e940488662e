import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { categories, clusters, entities, projects } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import {
  makeCategory,
  makeCluster,
  makeEntity,
  makePlanning,
  makeProject,
  plannable,
  roleId,
  unique,
  expectRefusal,
  type Category,
  type Cluster,
  type Entity,
  type Project,
} from '../support/planning'

let api: Api
let admin: Client
beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
})
afterAll(() => api?.close())

const rowsOf = async (table: typeof categories | typeof entities | typeof projects | typeof clusters) => (await api.db.select({ n: count() }).from(table))[0].n
const MISSING = '00000000-0000-4000-8000-000000000000'

describe('categories', () => {
  test('POST /api/categories makes one: 201 {_id, name}, the name trimmed', async () => {
    const name = unique('Residential')
    const answer = await admin.post<Category>('/api/categories', { name: `  ${name}  ` })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ _id: expect.any(String), name })
  })

  test('a name taken in another case is refused with 409', async () => {
    const category = await makeCategory(admin)
    const before = await rowsOf(categories)
    const answer = await admin.post('/api/categories', { name: category.name.toUpperCase() })
    expectRefusal(answer, 409)
    expect(answer.body.error).toBe(`A category named "${category.name.toUpperCase()}" already exists`)
    expect(await rowsOf(categories)).toBe(before)
  })

  test.each([
    [{ name: '' }, 'name: Category name is required'],
    [{}, 'name: Category name is required'],
    [{ name: 'x'.repeat(101) }, 'name: Category name must be at most 100 characters'],
    [{ name: 'Resi\u0000dential' }, 'name: Category name cannot contain control characters'],
    [{ name: 'A', id: MISSING }, 'id: Unknown field'],
  ])('%j is refused with 400: %s', async (body, message) => {
    const answer = await admin.post('/api/categories', body)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
  })

  test('GET /api/categories lists them all by name, whatever the case', async () => {
    const b = await makeCategory(admin, unique('bravo'))
    const a = await makeCategory(admin, unique('Alpha'))
    const answer = await admin.get<Category[]>('/api/categories')
    expect(answer.status).toBe(200)
    const names = answer.body.map((c) => c.name)
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())))
    expect(answer.body).toEqual(expect.arrayContaining([a, b]))
  })

  test('GET /api/categories?projectId: a project with a global category gets only that one; without, all', async () => {
    const fixed = await makeCategory(admin)
    await makeCategory(admin)
    const withGlobal = await makeProject(admin, unique('Skyline'), fixed._id)
    const without = await makeProject(admin)
    expect((await admin.get(`/api/categories?projectId=${withGlobal._id}`)).body).toEqual([fixed])
    const all = await admin.get<Category[]>(`/api/categories?projectId=${without._id}`)
    expect(all.body.length).toBe(await rowsOf(categories))
  })

  test('GET /api/categories?projectId of no project: 404; not an id: 400', async () => {
    expectRefusal(await admin.get(`/api/categories?projectId=${MISSING}`), 404)
    const answer = await admin.get('/api/categories?projectId=skyline')
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('projectId: projectId must be an id')
  })

  test('PUT /api/categories/{id} renames; to a name taken: 409; unknown or malformed id: 404', async () => {
    const category = await makeCategory(admin)
    const other = await makeCategory(admin)
    const name = unique('Renamed')
    const answer = await admin.put<Category>(`/api/categories/${category._id}`, { name })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ _id: category._id, name })
    const taken = await admin.put(`/api/categories/${category._id}`, { name: other.name.toLowerCase() })
    expectRefusal(taken, 409)
    expect((await api.db.select().from(categories).where(eq(categories.id, category._id)))[0].name).toBe(name)
    expectRefusal(await admin.put(`/api/categories/${MISSING}`, { name: unique('x') }), 404)
    expectRefusal(await admin.put('/api/categories/residential', { name: unique('x') }), 404)
    expect((await admin.put(`/api/categories/${category._id}`, { name: ' ' })).body.error).toBe('name: Category name is required')
  })

  test('DELETE /api/categories/{id} removes an unused category; again: 404', async () => {
    const category = await makeCategory(admin)
    const answer = await admin.delete(`/api/categories/${category._id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Category deleted' })
    expect(await api.db.select().from(categories).where(eq(categories.id, category._id))).toEqual([])
    expectRefusal(await admin.delete(`/api/categories/${category._id}`), 404)
    expectRefusal(await admin.delete('/api/categories/1'), 404)
  })

  test('a category in use by entities, clusters, planning types and projects is not deleted: 409 saying what uses it', async () => {
    const { category, entity, clusters: made } = await plannable(admin, 2)
    await makePlanning(admin, entity, [{ roleId: await roleId(api, 'Engineer'), clusters: [made[0]._id] }])
    await makeProject(admin, unique('Project'), category._id)
    const answer = await admin.delete(`/api/categories/${category._id}`)
    expectRefusal(answer, 409)
    expect(answer.body.error).toBe(`Category "${category.name}" cannot be deleted while it is in use: 1 entity, 2 clusters, 1 planning type, 1 project.`)
    expect(await api.db.select().from(categories).where(eq(categories.id, category._id))).toHaveLength(1)
  })

  test('a category that is only a project’s global category is not deleted either', async () => {
    const category = await makeCategory(admin)
    const project = await makeProject(admin, unique('P'), category._id)
    const answer = await admin.delete(`/api/categories/${category._id}`)
    expectRefusal(answer, 409)
    expect(answer.body.error).toBe(`Category "${category.name}" cannot be deleted while it is in use: 1 project.`)
    expect((await admin.put(`/api/projects/${project._id}`, { name: project.name, globalCategory: null })).status).toBe(200)
    expect((await admin.delete(`/api/categories/${category._id}`)).status).toBe(200)
  })
})

describe('entities (entity types)', () => {
  let category: Category
  beforeAll(async () => {
    category = await makeCategory(admin)
  })

  test('POST /api/entities makes one in a category: 201 {_id, name, categoryId}', async () => {
    const answer = await admin.post<Entity>('/api/entities', { name: ' Tower ', categoryId: category._id })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ _id: expect.any(String), name: 'Tower', categoryId: category._id })
  })

  test('the same name twice in a category (any case) is 409; in another category it is fine', async () => {
    await makeEntity(admin, category._id, 'Villa')
    const again = await admin.post('/api/entities', { name: 'VILLA', categoryId: category._id })
    expectRefusal(again, 409)
    expect(again.body.error).toBe('An entity named "VILLA" already exists in this category')
    const elsewhere = await makeCategory(admin)
    expect((await admin.post('/api/entities', { name: 'Villa', categoryId: elsewhere._id })).status).toBe(201)
  })

  test.each([
    [{ name: 'Site' }, 'categoryId: Please select a category.'],
    [{ name: 'Site', categoryId: 'residential' }, 'categoryId: Choose a category from the list'],
    [{ name: 'Site', categoryId: MISSING }, 'categoryId: Category not found'],
    [{ name: '', categoryId: MISSING }, 'name: Entity name is required'],
  ])('%j is refused with 400: %s', async (body, message) => {
    const before = await rowsOf(entities)
    const answer = await admin.post('/api/entities', body)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await rowsOf(entities)).toBe(before)
  })

  test('GET /api/entities?categoryId lists the category’s entities by name; without it, all of them', async () => {
    const own = await makeCategory(admin)
    const site = await makeEntity(admin, own._id, 'Site')
    const block = await makeEntity(admin, own._id, 'block')
    const answer = await admin.get<Entity[]>(`/api/entities?categoryId=${own._id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([block, site])
    expect((await admin.get<Entity[]>('/api/entities')).body.length).toBe(await rowsOf(entities))
    expect((await admin.get(`/api/entities?categoryId=${MISSING}`)).body).toEqual([])
    expectRefusal(await admin.get('/api/entities?categoryId=residential'), 400)
  })

  test('PUT /api/entities/{id} renames and keeps the category; unknown: 404; a category change is refused', async () => {
    const entity = await makeEntity(admin, category._id)
    const answer = await admin.put<Entity>(`/api/entities/${entity._id}`, { name: 'Podium' })
    expect(answer.body).toEqual({ ...entity, name: 'Podium' })
    expectRefusal(await admin.put(`/api/entities/${MISSING}`, { name: 'x' }), 404)
    const moved = await admin.put(`/api/entities/${entity._id}`, { name: 'Podium', categoryId: MISSING })
    expectRefusal(moved, 400)
    expect(moved.body.error).toBe('categoryId: Unknown field')
  })

  test('DELETE /api/entities/{id}: refused with 409 while clusters or planning types use it; removed once unused', async () => {
    const entity = await makeEntity(admin, category._id)
    const cluster = await makeCluster(admin, entity)
    await makePlanning(admin, entity, [{ roleId: await roleId(api, 'Developer'), clusters: [cluster._id] }])
    const answer = await admin.delete(`/api/entities/${entity._id}`)
    expectRefusal(answer, 409)
    expect(answer.body.error).toBe(`Entity "${entity.name}" cannot be deleted while it is in use: 1 cluster, 1 planning type.`)
    const unused = await makeEntity(admin, category._id)
    expect((await admin.delete(`/api/entities/${unused._id}`)).body).toEqual({ message: 'Entity deleted' })
    expectRefusal(await admin.delete(`/api/entities/${unused._id}`), 404)
  })
})

describe('projects', () => {
  test('POST /api/projects with and without a global category; GET lists them with the category populated', async () => {
    const category = await makeCategory(admin)
    const fixed = await admin.post<Project>('/api/projects', { name: unique('Skyline'), globalCategory: category._id })
    expect(fixed.status).toBe(201)
    expect(fixed.body).toEqual({ _id: expect.any(String), name: expect.any(String), globalCategory: { _id: category._id, name: category.name } })
    const free = await makeProject(admin)
    expect(free.globalCategory).toBeNull()
    const list = await admin.get<Project[]>('/api/projects')
    expect(list.status).toBe(200)
    expect(list.body).toEqual(expect.arrayContaining([fixed.body, free]))
  })

  test('a name taken (any case) is 409; an unknown global category is 400', async () => {
    const project = await makeProject(admin)
    expectRefusal(await admin.post('/api/projects', { name: project.name.toUpperCase() }), 409)
    const answer = await admin.post('/api/projects', { name: unique('P'), globalCategory: MISSING })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('globalCategory: Category not found')
  })

  test('PUT /api/projects/{id}: renames keeping the global category when it is left out; null clears it', async () => {
    const category = await makeCategory(admin)
    const project = await makeProject(admin, unique('P'), category._id)
    const renamed = await admin.put<Project>(`/api/projects/${project._id}`, { name: `${project.name} II` })
    expect(renamed.body).toEqual({ ...project, name: `${project.name} II` })
    const cleared = await admin.put<Project>(`/api/projects/${project._id}`, { name: project.name, globalCategory: null })
    expect(cleared.body).toEqual({ ...project, globalCategory: null })
    expectRefusal(await admin.put(`/api/projects/${MISSING}`, { name: 'x' }), 404)
  })

  test('DELETE /api/projects/{id}: 200, then 404', async () => {
    const project = await makeProject(admin)
    expect((await admin.delete(`/api/projects/${project._id}`)).body).toEqual({ message: 'Project deleted' })
    expectRefusal(await admin.delete(`/api/projects/${project._id}`), 404)
  })
})

describe('clusters', () => {
  let entity: Entity
  beforeAll(async () => {
    entity = await makeEntity(admin, (await makeCategory(admin))._id, 'Site')
  })

  test('POST /api/clusters makes one: 201 with name, description, category, entity type and no dates', async () => {
    const answer = await admin.post<Cluster>('/api/clusters', { category: entity.categoryId, entityType: entity._id, name: ' Excavation ', description: 'Digging to the foundation level' })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      _id: expect.any(String),
      name: 'Excavation',
      description: 'Digging to the foundation level',
      category: entity.categoryId,
      entityType: entity._id,
      startDate: null,
      endDate: null,
    })
  })

  test('the description is optional', async () => {
    const answer = await admin.post<Cluster>('/api/clusters', { category: entity.categoryId, entityType: entity._id, name: unique('Plinth') })
    expect(answer.status).toBe(201)
    expect(answer.body.description).toBeNull()
  })

  test.each([
    ['no category', { name: 'Foundation' }],
    ['an empty name', { name: '  ' }],
    ['no entity', { name: 'Foundation', entityType: '' }],
  ])("%s: 400 'Please fill category, entity and cluster name'", async (_, over) => {
    const before = await rowsOf(clusters)
    const body = { category: entity.categoryId, entityType: entity._id, ...over }
    if (_ === 'no category') delete (body as Record<string, unknown>).category
    const answer = await admin.post('/api/clusters', body)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('Please fill category, entity and cluster name')
    expect(await rowsOf(clusters)).toBe(before)
  })

  test('an entity of another category, or none: 400; a name the entity already has (any case): 409', async () => {
    const other = await makeCategory(admin)
    const wrong = await admin.post('/api/clusters', { category: other._id, entityType: entity._id, name: 'Foundation' })
    expectRefusal(wrong, 400)
    expect(wrong.body.error).toBe('entityType: This entity does not belong to the category')
    expect((await admin.post('/api/clusters', { category: other._id, entityType: MISSING, name: 'Foundation' })).body.error).toBe('entityType: Entity not found')
    const cluster = await makeCluster(admin, entity, unique('Superstructure'))
    const again = await admin.post('/api/clusters', { category: entity.categoryId, entityType: entity._id, name: cluster.name.toLowerCase() })
    expectRefusal(again, 409)
    expect(again.body.error).toBe(`A cluster named "${cluster.name.toLowerCase()}" already exists for Site`)
  })

  test('GET /api/clusters by category and entity, or by entity alone, in the order they were added', async () => {
    const own = await makeEntity(admin, entity.categoryId)
    const first = await makeCluster(admin, own, 'Zeta works')
    api.advance(1000)
    const second = await makeCluster(admin, own, 'Alpha works')
    const both = await admin.get<Cluster[]>(`/api/clusters?categoryId=${own.categoryId}&entityId=${own._id}`)
    expect(both.status).toBe(200)
    expect(both.body).toEqual([first, second])
    expect((await admin.get(`/api/clusters?entityId=${own._id}`)).body).toEqual([first, second])
    const byCategory = await admin.get<Cluster[]>(`/api/clusters?categoryId=${own.categoryId}`)
    expect(byCategory.body.map((c) => c._id)).toEqual(expect.arrayContaining([first._id, second._id]))
    expect(byCategory.body.every((c) => c.category === own.categoryId)).toBe(true)
    expect((await admin.get(`/api/clusters?entityId=${MISSING}`)).body).toEqual([])
    expectRefusal(await admin.get('/api/clusters?entityId=site'), 400)
  })

  test('PUT /api/clusters/{id} sets the start and end dates, and clears them to null', async () => {
    const cluster = await makeCluster(admin, entity)
    const set = await admin.put<Cluster>(`/api/clusters/${cluster._id}`, { startDate: '2026-03-01', endDate: '2026-06-30' })
    expect(set.status).toBe(200)
    expect(set.body).toEqual({ ...cluster, startDate: '2026-03-01', endDate: '2026-06-30' })
    const cleared = await admin.put<Cluster>(`/api/clusters/${cluster._id}`, { startDate: null, endDate: '2026-07-01' })
    expect(cleared.body).toMatchObject({ startDate: null, endDate: '2026-07-01' })
    const listed = (await admin.get<Cluster[]>(`/api/clusters?entityId=${entity._id}`)).body.find((c) => c._id === cluster._id)
    expect(listed).toMatchObject({ startDate: null, endDate: '2026-07-01' })
  })

  test('PUT /api/clusters/{id}: an end before the start or a date that is none is 400; an unknown cluster 404', async () => {
    const cluster = await makeCluster(admin, entity)
    const backwards = await admin.put(`/api/clusters/${cluster._id}`, { startDate: '2026-03-02', endDate: '2026-03-01' })
    expectRefusal(backwards, 400)
    expect(backwards.body.error).toBe('endDate: End date cannot be before start date')
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate: '2026-02-30', endDate: null })).body.error).toBe('startDate: Enter a valid date (YYYY-MM-DD)')
    expectRefusal(await admin.put(`/api/clusters/${MISSING}`, { startDate: null, endDate: null }), 404)
    expectRefusal(await admin.put('/api/clusters/description', { startDate: null, endDate: null }), 404)
  })

  describe('GET /api/clusters/description', () => {
    test('answers {data} with each cluster’s name and description, in the order asked, cached privately for 5 minutes', async () => {
      const a = await makeCluster(admin, entity, unique('Finishing'), 'Plastering, flooring and painting')
      const b = await makeCluster(admin, entity, unique('MEP rough-in'), null)
      const ids = [a._id, b._id].sort()
      const answer = await admin.get(`/api/clusters/description?ids=${ids.join(',')}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('cache-control')).toBe('private, max-age=300')
      const byId = { [a._id]: a, [b._id]: b }
      expect(answer.body).toEqual({ data: ids.map((id) => ({ _id: id, name: byId[id].name, description: byId[id].description })) })
    })

    test("an id of no cluster is reported as '(Unavailable Cluster)' with no description, never a failure", async () => {
      const a = await makeCluster(admin, entity)
      const answer = await admin.get(`/api/clusters/description?ids=${MISSING},${a._id}`)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        data: [
          { _id: MISSING, name: '(Unavailable Cluster)', description: null },
          { _id: a._id, name: a.name, description: a.description },
        ],
      })
    })

    test('no ids: an empty list; an id twice: once', async () => {
      expect((await admin.get('/api/clusters/description?ids=')).body).toEqual({ data: [] })
      expect((await admin.get('/api/clusters/description')).body).toEqual({ data: [] })
      const a = await makeCluster(admin, entity)
      expect((await admin.get<{ data: unknown[] }>(`/api/clusters/description?ids=${a._id},${a._id}`)).body.data).toHaveLength(1)
    })

    test('ids that are not ids: 400, not cached', async () => {
      const answer = await admin.get(`/api/clusters/description?ids=${MISSING},excavation`)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe('ids.1: ids must be cluster ids, comma-separated')
      expect(answer.headers.get('cache-control')).toBe('no-store')
    })

    test('other answers stay uncached', async () => {
      expect((await admin.get('/api/clusters')).headers.get('cache-control')).toBe('no-store')
    })
  })
})
