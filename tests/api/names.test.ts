import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectClientError } from '../support/helpers'

/**
 * Names of roles, categories, entity types, projects, clusters and planning types (issue 12, item
 * 10): text that is not readable, storable, visible text is refused with a message; names are kept
 * NFC; two names that differ only by case, invisible characters or look-alikes are one name.
 */

let api: Api
let admin: Client
let scope: { categoryId: string; entityId: string; roleId: string; clusterId: string }
let counter = 0
const fresh = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`

interface Kind {
  label: string
  /** The payload field that carries the name. */
  field: string
  path: string
  body: (name: unknown) => object
}

const KINDS: Kind[] = [
  { label: 'Role name', field: 'name', path: '/roles', body: (name) => ({ name, permissions: ['view'] }) },
  { label: 'Category name', field: 'name', path: '/api/categories', body: (name) => ({ name }) },
  { label: 'Entity name', field: 'name', path: '/api/entities', body: (name) => ({ name, categoryId: scope.categoryId }) },
  { label: 'Project name', field: 'name', path: '/api/projects', body: (name) => ({ name, globalCategory: null }) },
  { label: 'Cluster name', field: 'name', path: '/api/clusters', body: (name) => ({ category: scope.categoryId, entityType: scope.entityId, name }) },
  {
    label: 'Type name',
    field: 'typeName',
    path: '/api/planning',
    body: (typeName) => ({ categoryId: scope.categoryId, entityId: scope.entityId, typeName, roleClusters: [{ roleId: scope.roleId, clusters: [scope.clusterId] }] }),
  },
]
const create = (kind: Kind, name: unknown) => admin.post(kind.path, kind.body(name))
const nameOf = (kind: Kind, body: Record<string, unknown>) => body[kind.field]

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  const category = await admin.post<{ _id: string }>('/api/categories', { name: fresh('Scope category') })
  const entity = await admin.post<{ _id: string }>('/api/entities', { name: fresh('Scope entity'), categoryId: category.body._id })
  const role = await admin.post<{ _id: string }>('/roles', { name: fresh('Scope role'), permissions: ['view'] })
  const cluster = await admin.post<{ _id: string }>('/api/clusters', { category: category.body._id, entityType: entity.body._id, name: fresh('Scope cluster') })
  scope = { categoryId: category.body._id, entityId: entity.body._id, roleId: role.body._id, clusterId: cluster.body._id }
})
afterAll(() => api?.close())

describe.each(KINDS)('$label', (kind) => {
  const refused = async (name: unknown, message: RegExp | string) => {
    const answer = await create(kind, name)
    expectClientError(answer, 400)
    expect((answer.body as { error: string }).error).toMatch(message)
  }

  test('control characters, a lone surrogate or only invisible characters are refused with a message', async () => {
    await refused(`Bad\u0007${fresh('name')}`, new RegExp(`^${kind.field}: ${kind.label} cannot contain control characters`))
    await refused(`Bad\u202e${fresh('name')}`, /cannot contain control characters/)
    await refused(`Bad\ud800${fresh('name')}`, new RegExp(`${kind.label} contains characters that cannot be saved`))
    // Only invisible characters is no name at all: the same answer as an empty one.
    const empty = await create(kind, '')
    expectClientError(empty, 400)
    await refused('\u200b\u200d\ufeff \u3000\u2800', (empty.body as { error: string }).error)
  })

  test('bytes that are not UTF-8 are refused with a message, not stored as replacement characters', async () => {
    const name = Buffer.from(fresh('Bad'))
    const json = JSON.stringify(kind.body('@@NAME@@'))
    const [before, after] = json.split('"@@NAME@@"')
    const body = Buffer.concat([Buffer.from(before + '"'), name, Buffer.from([0xff, 0xfe]), Buffer.from('"' + after)])
    const answer = await admin.request('POST', kind.path, body)
    expectClientError(answer, 400)
    expect((answer.body as { error: string }).error).toMatch(/could not be read \(not UTF-8\)/)
  })

  test('a name is stored NFC-normalised, without invisible characters at its ends', async () => {
    const base = fresh('Cafe\u0301')
    const created = await create(kind, `\u200b ${base}\u00a0\ufeff`)
    expect(created.status).toBe(201)
    expect(nameOf(kind, created.body)).toBe(base.normalize('NFC'))
    expect(nameOf(kind, created.body)).toMatch(/^Café /)
  })

  test('a name differing only by case, invisible characters or look-alike letters is taken (409); the first stays the only one', async () => {
    const base = fresh('Admin')
    expect((await create(kind, base)).status).toBe(201)
    const suffix = base.slice('Admin'.length)
    for (const twin of [base.toUpperCase(), `\u0391dmin${suffix}`, `\u0410dmin${suffix}`, `Ad\u200bmin${suffix}`, `\uff21dmin${suffix}`]) {
      const answer = await create(kind, twin)
      expectClientError(answer, 409)
      expect((answer.body as { error: string }).error).toMatch(/already exists/)
    }
  })

  test('two look-alike names sent at once: exactly one is created', async () => {
    const base = fresh('Site')
    const answers = await Promise.all([create(kind, base), create(kind, `\u0405ite${base.slice(4)}`), create(kind, base.toLowerCase())])
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409])
  })
})

describe('renames follow the same rules', () => {
  const renames = [
    { path: '/api/categories', create: (name: string) => admin.post<{ _id: string }>('/api/categories', { name }), body: (name: string) => ({ name }) },
    { path: '/api/entities', create: (name: string) => admin.post<{ _id: string }>('/api/entities', { name, categoryId: scope.categoryId }), body: (name: string) => ({ name }) },
    { path: '/api/projects', create: (name: string) => admin.post<{ _id: string }>('/api/projects', { name, globalCategory: null }), body: (name: string) => ({ name }) },
  ]
  test.each(renames)('$path: renaming onto a look-alike of another is 409; onto a look-alike of itself, or with its ends tidied, is fine', async ({ path, create, body }) => {
    const taken = fresh('Plant')
    await create(taken)
    const own = await create(fresh('Yard'))
    expectClientError(await admin.put(`${path}/${own.body._id}`, body(`P\u217cant${taken.slice(5)}`)), 409)
    const renamed = await admin.put<{ name: string }>(`${path}/${own.body._id}`, body(`\u200b${fresh('Depot')}\u200b`))
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toMatch(/^Depot /)
    const recased = await admin.put<{ name: string }>(`${path}/${own.body._id}`, body(renamed.body.name.toUpperCase()))
    expect(recased.status).toBe(200)
    expect(recased.body.name).toBe(renamed.body.name.toUpperCase())
  })
})

test("a role cannot be named 'User' in look-alike letters either: it means no role", async () => {
  const answer = await admin.post('/roles', { name: '\u0055\u0455er', permissions: ['view'] })
  expectClientError(answer, 400)
  expect((answer.body as { error: string }).error).toBe('name: "User" means no role: choose another name')
})
