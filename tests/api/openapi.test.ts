import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApi, type Api } from '../support/api-harness'
import { personaCallers } from '../support/personas'

/**
 * The API declares what it takes and gives (api/http/schemas.ts): every route its path parameters,
 * its body where it takes one, and its answer (its query too: undeclared, `request.query` is
 * `unknown` to the handler, which then cannot read it without the type checker refusing); and the
 * OpenAPI document made from them lists every route, each saying what it does.
 */

/** Routes that take no body although their method may carry one. */
const NO_BODY = new Set(['POST /auth/logout'])

let api: Api
let callers: Awaited<ReturnType<typeof personaCallers>>

beforeAll(async () => {
  api = await startApi()
  callers = await personaCallers(api)
})
afterAll(async () => {
  await api?.close()
})

/** What a route must declare: its answer, its path parameters if it has any, its body if its method carries one. */
function missing(route: { method: string; url: string; declared: string[] }) {
  const needed = ['response', ...(route.url.includes(':') ? ['params'] : []), ...(['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_BODY.has(`${route.method} ${route.url}`) ? ['body'] : [])]
  return needed.filter((part) => !route.declared.includes(part))
}

describe('the routes declare their schemas', () => {
  test('every route declares its answer, its path parameters and its body', () => {
    expect(api.schemas.length).toBe(api.routes.length)
    const undeclared = api.schemas.filter((route) => missing(route).length > 0).map((route) => `${route.method} ${route.url}: ${missing(route).join(', ')}`)
    expect(undeclared).toEqual([])
  })
})

describe('GET /api/openapi.json', () => {
  test('is the administrators\': 401 signed out, 403 without Admin', async () => {
    expect((await callers.get('anonymous')!.client.get('/api/openapi.json')).status).toBe(401)
    const viewer = await callers.get('view')!.client.get('/api/openapi.json')
    expect(viewer.status).toBe(403)
    expect(viewer.body).toEqual({ error: 'You do not have permission to do this.' })
  })

  test('is an OpenAPI 3.1 document naming every route of the API with its method', async () => {
    const answer = await callers.get('Admin')!.client.get<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')
    expect(answer.status).toBe(200)
    expect(answer.body.openapi).toBe('3.1.0')
    expect(answer.body.info.title).toBe('Workforce Portal API')
    const listed = Object.entries(answer.body.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
    const routes = api.routes.map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((route) => !listed.includes(route))).toEqual([])
  })

  test('describes a declared route by its schemas: what it takes and what it answers', async () => {
    const { body } = await callers.get('Admin')!.client.get<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>> }>('/api/openapi.json')
    const healthz = body.paths['/healthz']!.get!
    expect(healthz.responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } })
  })

  test('describes people over time by their schemas: the Schedule its query, leave its body, one period its path id; each with its answer', async () => {
    type Operation = { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }
    const { body } = await callers.get('Admin')!.client.get<{ paths: Record<string, Record<string, Operation>> }>('/api/openapi.json')
    const schedule = body.paths['/api/schedule']!.get!
    expect(schedule.parameters!.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual(
      ['from', 'zoom', 'span', 'group', 'projectId', 'roleId', 'location', 'conflictsOnly', 'unfilledOnly', 'page'].map((name) => `query ${name}`),
    )
    expect(Object.keys(schedule.responses['200']!.content!['application/json']!.schema.properties!)).toEqual(expect.arrayContaining(['window', 'groups', 'total']))
    const record = body.paths['/api/leave']!.post!
    expect(Object.keys(record.requestBody!.content)).toEqual(['application/json'])
    expect(Object.keys(record.responses)).toEqual(['201'])
    expect(body.paths['/api/leave/{id}']!.delete!.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })])
    const mapping = body.paths['/api/projects/{id}/mapping']!.get!
    expect(Object.keys(mapping.responses['200']!.content!['application/json']!.schema.properties!)).toEqual(['projects', 'project', 'plan', 'view', 'totals', 'assign'])
  })

  test('every operation says what it does: the reference page lists none without a summary', async () => {
    const { body } = await callers.get('Admin')!.client.get<{ paths: Record<string, Record<string, { summary?: string }>> }>('/api/openapi.json')
    const unsaid = Object.entries(body.paths).flatMap(([path, operations]) => Object.entries(operations).flatMap(([method, operation]) => (operation.summary?.trim() ? [] : [`${method.toUpperCase()} ${path}`])))
    expect(unsaid).toEqual([])
  })
})
