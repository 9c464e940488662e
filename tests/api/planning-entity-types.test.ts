import { afterAll, beforeAll, expect, test } from 'vitest'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'

let api: Api
let admin: Client
let residential: string
let commercial: string
let project: string
let fixed: string

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  const category = async (name: string) => (await admin.post<{ _id: string }>('/api/categories', { name })).body._id
  residential = await category('Residential')
  commercial = await category('Commercial')
  for (const name of ['Villa', 'Site', 'Tower']) await admin.post('/api/entities', { name, categoryId: residential })
  await admin.post('/api/entities', { name: 'Office Block', categoryId: commercial })
  project = (await admin.post<{ _id: string }>('/api/projects', { name: 'Open Project' })).body._id
  fixed = (await admin.post<{ _id: string }>('/api/projects', { name: 'Fixed Project', globalCategory: commercial })).body._id
})
afterAll(() => api?.close())

const names = (body: unknown) => (body as { name: string }[]).map((entity) => entity.name)

test('GET /api/entity-types lists the entity types of the category, by name', async () => {
  const answer = await admin.get(`/api/entity-types?projectId=${project}&categoryId=${residential}`)
  expect(answer.status).toBe(200)
  expect(names(answer.body)).toEqual(['Site', 'Tower', 'Villa'])
})

test("a project with a global category answers that category's entity types, and none for another", async () => {
  expect(names((await admin.get(`/api/entity-types?projectId=${fixed}`)).body)).toEqual(['Office Block'])
  expect(names((await admin.get(`/api/entity-types?projectId=${fixed}&categoryId=${commercial}`)).body)).toEqual(['Office Block'])
  expect((await admin.get(`/api/entity-types?projectId=${fixed}&categoryId=${residential}`)).body).toEqual([])
})

test('no category at all is a 400 naming the field; an unknown project a 404; a malformed id a 400', async () => {
  const missing = await admin.get(`/api/entity-types?projectId=${project}`)
  expect(missing.status).toBe(400)
  expect(missing.body).toEqual({ error: 'categoryId: Choose a category' })
  expect((await admin.get('/api/entity-types?projectId=00000000-0000-4000-8000-000000000000&categoryId=' + residential)).status).toBe(404)
  expect((await admin.get('/api/entity-types?categoryId=nope')).status).toBe(400)
})

test('it needs the view permission', async () => {
  expect((await api.client().get(`/api/entity-types?categoryId=${residential}`)).status).toBe(401)
  const plain = await signedUpUser(api)
  expect((await plain.client.get(`/api/entity-types?categoryId=${residential}`)).status).toBe(403)
})
