import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS, type Permission } from '#domain/constants'
import { isOwnAccess, type Access, type OwnAccess, type RouteAccess } from '#api/http/access'
import { startApi, type Answer, type Api } from '../support/api-harness'
import { expectNoInternals } from '../support/helpers'
import { personaCallers, PERSONAS, type Persona } from '../support/personas'

/**
 * The security suite walks the API's own route table (every route declares its access rule, or the
 * API refuses to start), so a new route cannot escape it: every route × every kind of caller. A
 * route of "oneself, or whoever holds a permission" is walked twice: about someone else (the
 * permission decides) and about the caller (let through, their id in any case).
 */
let api: Api
let callers: Awaited<ReturnType<typeof personaCallers<'every permission'>>>

/** The walk's callers: every persona, and one holding every permission without being an administrator. */
type Caller = Persona | 'every permission'
const CALLERS: Caller[] = [...PERSONAS, 'every permission']

beforeAll(async () => {
  api = await startApi()
  callers = await personaCallers(api, { 'every permission': [...PERMISSIONS] })
})
afterAll(() => api?.close())

// Routes a signed-in caller would spoil for the rest of the suite (signing out) are walked anonymously only.
const sessionChanging = (route: RouteAccess) => route.url.startsWith('/auth/')

/** The route's URL with its parameters filled: `owner` where the rule finds the owner, an unknown id elsewhere. */
function urlOf(route: RouteAccess, owner?: string) {
  const ownerParam = isOwnAccess(route.access) && 'param' in route.access ? route.access.param : null
  return route.url.replace(/:(\w+)/g, (_, name: string) => (name === ownerParam && owner ? owner : randomUUID()))
}

/** Whether a caller holds a permission (DESIGN §4): Admin holds all. */
const holds = (caller: Caller, permission: Permission) => caller === 'Admin' || caller === 'every permission' || caller === permission

/** What a route answers a caller acting on nobody's own thing: 401, 403 or 'allowed'. */
function expectation(route: RouteAccess, caller: Caller): 'allowed' | 401 | 403 {
  const rule = route.access
  if (rule === 'public') return 'allowed'
  if (caller === 'anonymous') return 401
  if (rule === 'signed-in') return 'allowed'
  const permission = isOwnAccess(rule) ? rule.own : rule
  if (permission === 'admin') return caller === 'Admin' ? 'allowed' : 403
  return holds(caller, permission) ? 'allowed' : 403
}

/**
 * A call of an `own` route about `ownerId`: the id where the rule looks for the owner (the path, the
 * query, the body), or none at all (a query or body field left out means the caller).
 */
function ownCall(route: RouteAccess, rule: OwnAccess, ownerId: string | undefined) {
  const url = urlOf(route, ownerId)
  if ('query' in rule && ownerId) return { url: `${url}?${new URLSearchParams({ [rule.query]: ownerId })}`, body: undefined }
  if ('body' in rule) return { url, body: ownerId ? { [rule.body]: ownerId } : {} }
  return { url, body: route.method === 'GET' ? undefined : {} }
}

describe('every route of the API declares who may call it', () => {
  test('the route table is complete and every rule is public, signed-in, admin, a permission, or oneself or a permission', () => {
    const rules = new Set<unknown>(['public', 'signed-in', 'admin', ...PERMISSIONS])
    expect(api.routes.length).toBeGreaterThan(40)
    for (const route of api.routes) {
      const rule = route.access
      const where = `${route.method} ${route.url}`
      if (isOwnAccess(rule)) {
        expect([...PERMISSIONS, 'admin'], where).toContain(rule.own)
        if ('param' in rule) expect(route.url, where).toContain(`:${rule.param}`)
      } else expect(rules.has(rule), where).toBe(true)
    }
    // Administration calls (DESIGN §4): reading needs view, creating add, changing edit, removing delete.
    const byMethod: Record<string, Permission> = { GET: 'view', POST: 'add', PUT: 'edit', DELETE: 'delete' }
    const administration = api.routes.filter((route) => /^\/(api\/|roles\/with-users|users$)/.test(route.url) || (route.url === '/roles' && route.method === 'POST'))
    expect(administration.length).toBeGreaterThan(25)
    // The plan save batches the cards' POST and DELETE, so it needs what they need: add (and delete to remove, checked inside).
    // Recording or removing someone else's leave changes their record: edit; so does removing a person's leave at once (issue 28). The dashboard is one's own alone.
    const exceptions: Record<string, Access> = {
      'PUT /api/projects/:id/plan': 'add',
      'POST /api/leave': 'edit',
      'DELETE /api/leave/:id': 'edit',
      'DELETE /api/leave': 'edit',
      'GET /api/dashboard': 'signed-in',
      // The audit log is the administrators' alone; what was changed about a person, theirs too (issue 31).
      'GET /api/audit': 'admin',
      'GET /api/users/:id/audit': 'admin',
      // The API's description names every call and what each takes: the administrators'.
      'GET /api/openapi.json': 'admin',
    }
    for (const route of administration) {
      const key = `${route.method} ${route.url}`
      // A person's own (their assignments, their leave) is theirs: the rule names the permission someone else needs.
      expect(isOwnAccess(route.access) ? route.access.own : route.access, key).toBe(exceptions[key] ?? byMethod[route.method])
    }
  })

  test('the routes about one person say so: oneself, or whoever holds the permission', () => {
    const own = (key: string) => api.routes.find((route) => `${route.method} ${route.url}` === key)?.access
    expect(own('GET /users/:id')).toEqual({ own: 'view', param: 'id' })
    expect(own('GET /form/profile/:id')).toEqual({ own: 'view', param: 'id' })
    expect(own('PUT /form/profile/:id')).toEqual({ own: 'edit', param: 'id' })
    expect(own('GET /api/users/:id/assignments')).toEqual({ own: 'view', param: 'id' })
    expect(own('GET /api/leave')).toEqual({ own: 'view', query: 'userId' })
    expect(own('POST /api/leave')).toEqual({ own: 'edit', body: 'userId' })
    expect(own('DELETE /api/leave/:id')).toMatchObject({ own: 'edit', owner: expect.any(Function) })
    expect(own('GET /api/users/:id/audit')).toEqual({ own: 'admin', param: 'id' })
  })
})

describe.each(CALLERS)('as %s', (caller) => {
  const expectAnswer = (answer: Answer, expected: 'allowed' | 401 | 403, where: string) => {
    expect(answer.status, where).toBeLessThan(500)
    if (expected === 'allowed') expect([401, 403], where).not.toContain(answer.status)
    else expect(answer.status, where).toBe(expected)
    expect(answer.headers.get('content-type'), where).toMatch(/application\/json/)
    if (answer.status >= 400) expectNoInternals(answer.body, where)
  }

  test('every route answers as its access rule says, about nobody\'s own thing', async () => {
    const { client } = callers.get(caller)!
    // Someone else: a real account (an own route then has something to answer), never the caller.
    const stranger = callers.get(caller === 'no permissions' ? 'view' : 'no permissions')!.id!
    const routes = api.routes.filter((route) => caller === 'anonymous' || !sessionChanging(route))
    for (const route of routes) {
      const rule = route.access
      const { url, body } = isOwnAccess(rule) ? ownCall(route, rule, stranger) : { url: urlOf(route), body: route.method === 'GET' ? undefined : {} }
      const answer = await client.request(route.method, url, body)
      expectAnswer(answer, expectation(route, caller), `${route.method} ${url} (${JSON.stringify(rule)}) as ${caller}: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
  })

  test.skipIf(caller === 'anonymous')('every route of oneself lets one through, whatever the case of one\'s id and whatever one holds', async () => {
    const { client, id } = callers.get(caller)!
    const routes = api.routes.filter((route) => isOwnAccess(route.access) && !('owner' in route.access))
    expect(routes.length).toBeGreaterThanOrEqual(6)
    for (const route of routes) {
      const rule = route.access as OwnAccess
      // The id as the database spells it, in capitals, and (where the rule allows) left out.
      const spellings = [id!, id!.toUpperCase(), ...('param' in rule ? [] : [undefined])]
      for (const ownerId of spellings) {
        const { url, body } = ownCall(route, rule, ownerId)
        const answer = await client.request(route.method, url, body)
        expectAnswer(answer, 'allowed', `${route.method} ${url} ${JSON.stringify(body)} (${JSON.stringify(rule)}) as ${caller}, their own: ${answer.status} ${JSON.stringify(answer.body)}`)
      }
    }
  })
})

describe('bad bodies on every route that takes one never give a 5xx nor show a stack or SQL, and the API keeps answering', () => {
  const BODIES: [string, string][] = [
    ['malformed JSON', '{"name": '],
    ['a list', '[1, 2, 3]'],
    ['a string', '"text"'],
    ['wrong types', JSON.stringify({ name: 42, email: [], permissions: 'all', categoryId: { $ne: null }, roleClusters: 7 })],
    ['SQL metacharacters', JSON.stringify({ name: "x'); drop table users; --", email: "a'--@example.com", q: '%_\\' })],
    ['a __proto__ key', '{"__proto__": {"isAdmin": true}, "name": "x"}'],
    ['a constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true}}}'],
    ['an oversized body', JSON.stringify({ name: 'x'.repeat(70 * 1024) })],
  ]
  test.each(BODIES)('%s', async (_, body) => {
    const { client } = callers.get('Admin')!
    const routes = api.routes.filter((route) => route.method !== 'GET' && !sessionChanging(route))
    for (const route of routes) {
      const answer = await client.request(route.method, urlOf(route, callers.get('Admin')!.id!), body)
      const where = `${route.method} ${route.url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
      expect(answer.status, where).toBeLessThan(500)
      expect(answer.headers.get('content-type'), where).toMatch(/application\/json/)
      if (answer.status >= 400) expectNoInternals(answer.body, where)
    }
    expect((await client.get('/landing')).status).toBe(200)
  })
})
