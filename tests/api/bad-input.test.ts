import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { addRole, expectClientError, landingUser, profilePayload } from '../support/helpers'

let api: Api
let admin: Awaited<ReturnType<typeof signedUpUser>>
let user: Awaited<ReturnType<typeof signedUpUser>>
let roleId: string
beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
  user = await signedUpUser(api)
  roleId = (await addRole(api, 'Bad Input Tester'))._id
})
afterAll(() => api.close())

/** Every call that takes a body; the signed-in ones are made as the ordinary user. */
const calls: [name: string, method: string, path: () => string, signedIn: boolean][] = [
  ['POST /auth/signup', 'POST', () => '/auth/signup', false],
  ['POST /auth/verify-otp', 'POST', () => '/auth/verify-otp', false],
  ['POST /auth/resend-otp', 'POST', () => '/auth/resend-otp', false],
  ['POST /auth/login', 'POST', () => '/auth/login', false],
  ['POST /auth/forgot-password', 'POST', () => '/auth/forgot-password', false],
  ['POST /auth/reset-password', 'POST', () => '/auth/reset-password', false],
  ['POST /form/submit (signed in)', 'POST', () => '/form/submit', true],
  ['PUT /form/profile/{own id}', 'PUT', () => `/form/profile/${user.id}`, true],
  ['PUT /form/draft', 'PUT', () => '/form/draft', false],
]

const json = { 'content-type': 'application/json' }
const bodies: [name: string, body: string, headers: Record<string, string>][] = [
  ['invalid JSON', '{"email": "a@example.com", ', json],
  ['JSON that is not an object (array)', '[1, 2, 3]', json],
  ['JSON that is not an object (string)', '"hello"', json],
  ['an empty body with content-type json', '', json],
  ['wrong types', JSON.stringify({ email: 42, password: ['x'], otp: {}, token: false, newPassword: 1, purpose: null, personal: 'x', professional: 7, financial: [], roleId: 3 }), json],
  ['__proto__ keys', '{"__proto__": {"isAdmin": true, "role": "Admin"}, "email": "a@example.com", "password": "Secret1!"}', json],
  ['nested __proto__ keys', '{"personal": {"__proto__": {"name": "x"}}, "professional": {}, "financial": {}, "roleId": null}', json],
  ['constructor.prototype keys', '{"constructor": {"prototype": {"isAdmin": true}}, "email": "a@example.com"}', json],
  ['an oversized body (over 64 KB)', JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) }), json],
  ['a non-JSON content type (form encoded)', 'email=a%40example.com&password=Secret1!', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['a non-JSON content type (text/plain)', '{"email":"a@example.com"}', { 'content-type': 'text/plain' }],
  ['a non-JSON content type (multipart)', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }],
]

async function as(signedIn: boolean): Promise<Client> {
  if (!signedIn) return api.client()
  const client = api.client()
  expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200)
  return client
}

describe.each(calls)('%s', (_name, method, path, signedIn) => {
  test.each(bodies)('%s: 4xx with a JSON {error} body, never 5xx; the server still answers', async (_, body, headers) => {
    const client = await as(signedIn)
    const answer = await client.request(method, path(), body, headers)
    expectClientError(answer)
    expect((await api.client().get('/landing')).status).toBe(200)
  })
})

describe('text the database cannot hold', () => {
  // PostgreSQL text and jsonb refuse the NUL character and unpaired surrogates: refused as input, not a 500.
  const nul = 'Ana\u0000Rao'
  const surrogate = 'Ana\ud800Rao'

  test.each([
    ['a NUL in a profile field', nul],
    ['an unpaired surrogate in a profile field', surrogate],
  ])('%s is refused with 400 on submit', async (_, name) => {
    const answer = await user.client.post('/form/submit', profilePayload(roleId, { personal: { name } }))
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/^personal\.name: /)
  })

  test.each([
    ['a NUL', nul],
    ['an unpaired surrogate', surrogate],
  ])('%s in a draft is refused with 400', async (_, name) => {
    expectClientError(await api.client().put('/form/draft', { personal: { name } }), 400)
  })

  test.each([
    ['a NUL', nul],
    ['an unpaired surrogate', surrogate],
  ])('%s in a profile edit is refused with 400', async (_, name) => {
    const answer = await user.client.put(`/form/profile/${user.id}`, { ...profilePayload(roleId, { personal: { name } }) })
    expectClientError(answer, 400)
  })

  test('a NUL in the login fields is an ordinary refusal', async () => {
    const answer = await api.client().post('/auth/login', { email: user.email, password: 'Secret1!\u0000' })
    expectClientError(answer, 401)
  })

  test('a NUL in a reset token is an ordinary refusal', async () => {
    expectClientError(await api.client().post('/auth/reset-password', { token: 'abc\u0000', newPassword: 'Newpass1!' }), 400)
  })
})

describe('odd requests', () => {
  test('a huge or odd session cookie is no session, not an error', async () => {
    const client = api.client()
    client.cookies.set('portal_session', 'x'.repeat(3000))
    expect(await landingUser(client)).toBeNull()
    expectClientError(await client.post('/form/submit', profilePayload(roleId)), 401)
    client.cookies.set('portal_session', '%E0%A4%A')
    expect(await landingUser(client)).toBeNull()
  })

  test('a huge draft cookie is no draft', async () => {
    const client = api.client()
    client.cookies.set('portal_draft', 'y'.repeat(3000))
    expect((await client.get('/form/draft')).body).toEqual({ draft: null })
  })

  test('a body on a call that takes none is ignored or refused, never 5xx', async () => {
    const answer = await admin.client.request('POST', '/auth/logout', '{"x":', json)
    expect(answer.status).toBeLessThan(500)
  })

  test('an unknown method on a known path answers 404 JSON', async () => {
    expectClientError(await api.client().request('PATCH', '/auth/login', {}), 404)
  })

  test.each([
    ['a path parameter over 100 characters', `/form/profile/${'a'.repeat(5000)}`, 414],
    ['bad percent-encoding in a path parameter', '/form/profile/%E0%A4%A', 400],
    ['bad percent-encoding in an unknown path', '/%E0%A4%A', 400],
  ])('%s answers 4xx with a JSON {error} body and the security headers', async (_, path, status) => {
    const answer = await admin.client.get(path)
    expectClientError(answer, status)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    expect(JSON.stringify(answer.body)).not.toContain('aaaa')
  })

  test('JSON null as a body is never a 5xx', async () => {
    for (const [, method, path, signedIn] of calls) {
      const answer = await (await as(signedIn)).request(method, path(), 'null', json)
      expect(answer.status).toBeLessThan(500)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })

  test('a forwarded address that is not an address is still just a caller', async () => {
    const client = api.client('not-an-address')
    const answer = await client.post('/auth/login', { email: user.email, password: 'Wrong1!x' })
    expectClientError(answer, 401)
  })
})
