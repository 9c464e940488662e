import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import cookie from '@fastify/cookie'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS } from '#domain/constants'
import { access, installAccessControl, type Access } from '#api/http/access'
import { installErrorHandler } from '#api/http/errors'
import { installCanonicalIds } from '#api/http/params'
import type { Deps } from '#api/deps'
import { Client, startApi, type Api } from '../support/api-harness'
import { personaCallers } from '../support/personas'

/**
 * The declared access of a route (api/http/access.ts), each kind over real HTTP with real sessions:
 * "admin", and "oneself, or whoever holds the permission" with the owner found in the path, the
 * query, the body, or by a look-up. The security suite walks the product's own routes by these
 * rules (tests/api/security-routes.test.ts); here each rule is shown on a route of its own, so a
 * kind no product route uses yet is shown too.
 */

let api: Api
let rules: FastifyInstance
let callers: Awaited<ReturnType<typeof personaCallers<'every permission' | 'view and edit'>>>
/** What the look-up route knows: a thing's id and whose it is. */
const things = new Map<string, string>()

const TEST_ROUTES: [string, string, Access][] = [
  ['GET', '/admin-only', 'admin'],
  ['GET', '/people/:id', { own: 'view', param: 'id' }],
  ['GET', '/notes', { own: 'view', query: 'userId' }],
  ['POST', '/notes', { own: 'edit', body: 'userId' }],
  ['DELETE', '/things/:id', { own: 'edit', owner: async (request) => things.get((request.params as { id: string }).id) }],
]

beforeAll(async () => {
  api = await startApi()
  callers = await personaCallers(api, { 'every permission': [...PERMISSIONS], 'view and edit': ['view', 'edit'] })
  // The same session rows the API reads, at the API's time (its clock is not moved in this file).
  const deps: Deps = { db: api.db, mailer: { send: async () => {} }, now: () => new Date('2026-01-05T09:00:00Z'), publicUrl: api.publicUrl, trustProxy: '127.0.0.1' }
  rules = Fastify()
  installErrorHandler(rules)
  await rules.register(cookie)
  installCanonicalIds(rules)
  installAccessControl(rules, deps)
  for (const [method, url, rule] of TEST_ROUTES) {
    rules.route({ method: method as 'GET', url, ...access(rule), handler: async (request) => ({ params: request.params }) })
  }
  await rules.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await rules?.close()
  await api?.close()
})

/** The persona's client, pointed at the rules' own server, with its session cookie. */
function as(persona: Parameters<typeof callers.get>[0]) {
  const { client, id } = callers.get(persona)!
  const address = rules.server.address()
  const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''
  const here = new Client(client.forwardedFor, base)
  for (const [name, value] of client.cookies) here.cookies.set(name, value)
  return { client: here, id: id ?? '' }
}
const stranger = () => callers.get('Admin')!.id!

describe("'admin': an administrator only", () => {
  test('signed out 401; every permission without the Admin role 403; an administrator 200', async () => {
    expect((await as('anonymous').client.get('/admin-only')).status).toBe(401)
    for (const persona of ['no permissions', 'view', 'edit', 'every permission'] as const) {
      const answer = await as(persona).client.get('/admin-only')
      expect(answer.status, persona).toBe(403)
      expect(answer.body).toEqual({ error: 'You do not have permission to do this.' })
    }
    expect((await as('Admin').client.get('/admin-only')).status).toBe(200)
  })
})

describe("{ own, param }: the person named in the path", () => {
  test('oneself, in any case: through, and the handler sees the id in lower case', async () => {
    const { client, id } = as('no permissions')
    for (const spelling of [id, id.toUpperCase()]) {
      const answer = await client.get<{ params: { id: string } }>(`/people/${spelling}`)
      expect(answer.status).toBe(200)
      expect(answer.body.params.id).toBe(id)
    }
  })
  test("someone else: 403 without the permission, through with it; anything but an id is nobody's", async () => {
    expect((await as('no permissions').client.get(`/people/${stranger()}`)).status).toBe(403)
    expect((await as('edit').client.get(`/people/${stranger()}`)).status).toBe(403)
    expect((await as('view').client.get(`/people/${stranger().toUpperCase()}`)).status).toBe(200)
    expect((await as('no permissions').client.get('/people/not-an-id')).status).toBe(403)
    expect((await as('anonymous').client.get(`/people/${stranger()}`)).status).toBe(401)
  })
})

describe('{ own, query } and { own, body }: a field naming the person, left out for oneself', () => {
  test('left out, blank, or one\'s own id in any case: through without a permission', async () => {
    const { client, id } = as('no permissions')
    for (const query of ['', '?userId=', `?userId=${id}`, `?userId=${id.toUpperCase()}`]) expect((await client.get(`/notes${query}`)).status, query).toBe(200)
    for (const body of [{}, { userId: null }, { userId: ' ' }, { userId: id.toUpperCase() }]) expect((await client.post('/notes', body)).status, JSON.stringify(body)).toBe(200)
  })
  test("someone else's, or a value that is not text: the permission decides", async () => {
    expect((await as('no permissions').client.get(`/notes?userId=${stranger()}`)).status).toBe(403)
    expect((await as('view').client.get(`/notes?userId=${stranger()}`)).status).toBe(200)
    expect((await as('view').client.post('/notes', { userId: stranger() })).status).toBe(403)
    expect((await as('view and edit').client.post('/notes', { userId: stranger() })).status).toBe(200)
    const own = as('no permissions')
    expect((await own.client.post('/notes', { userId: { _id: own.id } })).status).toBe(403)
    expect((await own.client.post('/notes', { userId: 7 })).status).toBe(403)
  })
})

describe('{ own, owner }: the person a look-up names', () => {
  test("one's own thing: through; someone else's or an unknown one: only with the permission", async () => {
    const mine = randomUUID()
    const theirs = randomUUID()
    const { client, id } = as('view')
    things.set(mine, id)
    things.set(theirs, stranger())
    expect((await client.delete(`/things/${mine}`)).status).toBe(200)
    expect((await client.delete(`/things/${theirs}`)).status).toBe(403)
    expect((await client.delete(`/things/${randomUUID()}`)).status).toBe(403)
    expect((await as('edit').client.delete(`/things/${theirs}`)).status).toBe(200)
    expect((await as('Admin').client.delete(`/things/${randomUUID()}`)).status).toBe(200)
  })
})

describe('a rule that cannot be kept stops the API from starting', () => {
  test('no rule at all, or an owner parameter the path does not have', async () => {
    for (const options of [{}, access({ own: 'view', param: 'id' })]) {
      const app = Fastify()
      installAccessControl(app, {} as Deps)
      expect(() => app.get('/users/:userId', options, async () => ({}))).toThrow(/declares no access rule|by a parameter it does not have: id/)
      await app.close()
    }
  })
})
