import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS, type Permission } from '#domain/constants'
import type { Access, RouteAccess } from '#api/http/access'
import { startApi, type Api } from '../support/api-harness'
import { expectNoInternals } from '../support/helpers'
import { expectedStatus, personaCallers, PERSONAS, type Persona } from '../support/personas'

/**
 * The security suite walks the API's own route table (every route declares its access rule, or the
 * API refuses to start), so a new route cannot escape it: every route × every kind of caller.
 */
let api: Api
let callers: Awaited<ReturnType<typeof personaCallers>>

beforeAll(async () => {
  api = await startApi()
  callers = await personaCallers(api)
})
afterAll(() => api?.close())

// Routes a signed-in caller would spoil for the rest of the suite (signing out) are walked anonymously only.
const sessionChanging = (route: RouteAccess) => route.url.startsWith('/auth/')

/** The route's URL with its parameters filled: a caller's own id where the route is about a user. */
function urlOf(route: RouteAccess, ownId: string | null) {
  return route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' && /^\/(api\/)?(users|form\/profile)\//.test(route.url) && ownId ? ownId : randomUUID()))
}

const expectation = (route: RouteAccess, persona: Persona) => {
  if (route.access === 'public') return 'allowed'
  if (route.access === 'signed-in') return persona === 'anonymous' ? 401 : 'allowed'
  const status = expectedStatus(persona, { needs: route.access, ok: 200 })
  return status === 200 ? 'allowed' : status
}

describe('every route of the API declares who may call it', () => {
  test('the route table is complete and every rule is one of public, signed-in or a permission', () => {
    const rules = new Set(['public', 'signed-in', ...PERMISSIONS])
    expect(api.routes.length).toBeGreaterThan(40)
    for (const route of api.routes) expect(rules.has(route.access), `${route.method} ${route.url}`).toBe(true)
    // Administration calls (DESIGN §4): reading needs view, creating add, changing edit, removing delete.
    const byMethod: Record<string, Permission> = { GET: 'view', POST: 'add', PUT: 'edit', DELETE: 'delete' }
    const administration = api.routes.filter((route) => /^\/(api\/|roles\/with-users|users$)/.test(route.url) || (route.url === '/roles' && route.method === 'POST'))
    expect(administration.length).toBeGreaterThan(25)
    // The plan save batches the cards' POST and DELETE, so it needs what they need: add (and delete to remove, checked inside).
    const batches: Record<string, Permission> = { 'PUT /api/projects/:id/plan': 'add' }
    // A person's own assignments and leave (issue 13): signed in, the handler allows one's own or
    // another's with view (reading) or edit (recording); the dashboard is one's own, its planning
    // figures only with view. tests/api/schedule.test.ts checks each.
    const ownOrPermission: Record<string, Access> = { 'GET /api/dashboard': 'signed-in', 'GET /api/users/:id/assignments': 'signed-in', 'GET /api/leave': 'signed-in', 'POST /api/leave': 'signed-in', 'DELETE /api/leave/:id': 'signed-in' }
    for (const route of administration) {
      const key = `${route.method} ${route.url}`
      expect(route.access, key).toBe(ownOrPermission[key] ?? batches[key] ?? byMethod[route.method])
    }
  })
})

describe.each(PERSONAS)('as %s', (persona) => {
  test('every route answers as its access rule says', async () => {
    const { client, id } = callers.get(persona)!
    const routes = api.routes.filter((route) => persona === 'anonymous' || !sessionChanging(route))
    for (const route of routes) {
      const answer = await client.request(route.method, urlOf(route, id), route.method === 'GET' ? undefined : {})
      const expected = expectation(route, persona)
      const where = `${route.method} ${route.url} (${route.access}) as ${persona}: ${answer.status} ${JSON.stringify(answer.body)}`
      expect(answer.status, where).toBeLessThan(500)
      if (expected === 'allowed') expect([401, 403], where).not.toContain(answer.status)
      else expect(answer.status, where).toBe(expected)
      expect(answer.headers.get('content-type'), where).toMatch(/application\/json/)
      if (answer.status >= 400) expectNoInternals(answer.body, where)
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
      const answer = await client.request(route.method, urlOf(route, callers.get('Admin')!.id), body)
      const where = `${route.method} ${route.url}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`
      expect(answer.status, where).toBeLessThan(500)
      expect(answer.headers.get('content-type'), where).toMatch(/application\/json/)
      if (answer.status >= 400) expectNoInternals(answer.body, where)
    }
    expect((await client.get('/landing')).status).toBe(200)
  })
})
