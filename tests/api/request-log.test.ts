import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#domain/constants'
import { startApi, signedUpUser, type Api } from '../support/api-harness'

/**
 * The API's log (README, Configuration: LOG_LEVEL): one JSON line per request, with its method, path
 * (never the query), status, time and id; the id is the caller's x-request-id when it is a sane one,
 * and goes back on the answer. No cookie, password or body is ever written.
 */
let api: Api
const lines: string[] = []
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>)
const linesOf = (reqId: string) => logged().filter((line) => line.reqId === reqId)

beforeAll(async () => {
  api = await startApi({ logger: { level: 'info', stream: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } } })
})
afterAll(() => api.close())

describe('a request with a sane x-request-id', () => {
  test('is logged as exactly one line with that id, its method, path and status, and no cookie', async () => {
    const { client } = await signedUpUser(api)
    const session = client.cookies.get(SESSION_COOKIE)!
    expect(session).toBeTruthy()
    const answer = await client.request('GET', '/landing?token=reset-token-in-the-query', undefined, { 'x-request-id': 'trace-42_A' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-request-id')).toBe('trace-42_A')

    await expect.poll(() => linesOf('trace-42_A').length).toBe(1)
    const [line] = linesOf('trace-42_A')
    expect(line).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', url: '/landing', statusCode: 200 })
    expect(line.responseTime).toEqual(expect.any(Number))
    const raw = lines.find((text) => text.includes('"trace-42_A"'))!
    expect(raw).not.toContain(session)
    expect(raw).not.toContain('reset-token-in-the-query')
    expect(raw).not.toMatch(/cookie/i)
  })

  test('keeps its id on a refusal too', async () => {
    const answer = await api.client().request('GET', '/api/categories', undefined, { 'x-request-id': 'refused-1' })
    expect(answer.status).toBe(401)
    expect(answer.headers.get('x-request-id')).toBe('refused-1')
    await expect.poll(() => linesOf('refused-1')).toEqual([expect.objectContaining({ method: 'GET', url: '/api/categories', statusCode: 401 })])
  })
})

describe('a request without a usable x-request-id', () => {
  test.each([
    ['none', undefined],
    ['one with spaces and punctuation', 'bad id; drop table'],
    ['one over 64 characters', 'a'.repeat(65)],
  ])('(%s) gets a new random id, answered and logged', async (_case, given) => {
    const answer = await api.client().request('GET', '/healthz', undefined, given === undefined ? {} : { 'x-request-id': given })
    const id = answer.headers.get('x-request-id')!
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await expect.poll(() => linesOf(id)).toEqual([expect.objectContaining({ method: 'GET', url: '/healthz', statusCode: 200 })])
    if (given) expect(lines.join('\n')).not.toContain(given)
  })

  test('an address Fastify refuses before routing is answered with an id and logged once', async () => {
    const answer = await api.client().request('GET', '/api/users/%E0%A4%A', undefined, { 'x-request-id': 'bad-url-1' })
    expect(answer.status).toBe(400)
    expect(answer.headers.get('x-request-id')).toBe('bad-url-1')
    await expect.poll(() => linesOf('bad-url-1')).toEqual([expect.objectContaining({ method: 'GET', statusCode: 400 })])
  })
})

test('passwords and bodies are never logged, sign-in and sign-up included', async () => {
  const password = 'Logged@Never9'
  const { client, email } = await signedUpUser(api, undefined, undefined, password)
  const login = await client.request('POST', '/auth/login', { email, password }, { 'x-request-id': 'login-1' })
  expect(login.status).toBe(200)
  await expect.poll(() => linesOf('login-1')).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/login', statusCode: 200 })])
  const everything = lines.join('\n')
  expect(everything).not.toContain(password)
  expect(everything).not.toContain(email)
  expect(everything).not.toContain(client.cookies.get(SESSION_COOKIE)!)
})
