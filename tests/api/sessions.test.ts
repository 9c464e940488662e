import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastCode, signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { SESSION_COOKIE, addRole, clientWithSession, expectClientError, landingUser, profilePayload, sessionToken } from '../support/helpers'

let api: Api
let admin: Awaited<ReturnType<typeof signedUpUser>>
beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
})
afterAll(() => api.close())

const DAY = 24 * 60 * 60_000
const sessionCookieLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))

describe('GET /landing', () => {
  test('signed out: no user, and a welcome message', async () => {
    const answer = await api.client().get('/landing')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ user: null, message: 'Welcome to Workforce Portal.' })
  })

  test("signed in: the session's user, without the password hash, and a message for the dashboard", async () => {
    const { client, email, id } = await signedUpUser(api)
    const answer = await client.get<{ user: Record<string, unknown>; message: string }>('/landing')
    expect(answer.status).toBe(200)
    expect(answer.body.user).toMatchObject({ _id: id, email, status: 'Active', role: 'User', permissions: [] })
    expect(Object.keys(answer.body.user).join()).not.toMatch(/password|hash/i)
    expect(answer.body.message).toMatch(/Welcome back/)
  })

  test('the message greets the user by the name of their saved profile', async () => {
    const { client } = await signedUpUser(api)
    const role = await addRole(api, `Tester ${uniqueEmail()}`)
    expect((await client.get('/landing')).body.message).not.toMatch(/Ana Rao/)
    expect((await client.post('/form/submit', profilePayload(role._id))).status).toBe(200)
    expect((await client.get('/landing')).body.message).toBe('Welcome back, Ana Rao! Here is your Workforce Portal account.')
  })

  test('a token the API never issued gives no user', async () => {
    expect(await landingUser(clientWithSession(api, 'A'.repeat(43)))).toBeNull()
    expect(await landingUser(clientWithSession(api, 'x'.repeat(5000)))).toBeNull()
  })
})

describe('the session cookie', () => {
  test('is HttpOnly, SameSite=Lax, Path=/, and not Secure on an http address', async () => {
    const { email, password } = await signedUpUser(api)
    const answer = await api.client().post('/auth/login', { email, password })
    const line = sessionCookieLine(answer.headers)
    expect(line).toBeDefined()
    const attributes = line!.split(';').map((a) => a.trim().toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('path=/')
    expect(attributes).not.toContain('secure')
  })

  test('holds a random 256-bit token, different at every sign-in', async () => {
    const { email, password } = await signedUpUser(api)
    const tokens = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const client = api.client()
      await client.post('/auth/login', { email, password })
      tokens.add(sessionToken(client)!)
    }
    expect(tokens.size).toBe(3)
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })

  test('verification sets the same flags', async () => {
    const email = uniqueEmail()
    const client = api.client()
    await client.post('/auth/signup', { email, password: 'Secret1!' })
    const answer = await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })
    expect(sessionCookieLine(answer.headers)).toMatch(/HttpOnly/i)
    expect(sessionCookieLine(answer.headers)).toMatch(/SameSite=Lax/i)
  })
})

test('the session cookie is Secure when the public URL is https', async () => {
  const secure = await startApi({ publicUrl: 'https://portal.example.com' })
  try {
    const { email, password } = await signedUpUser(secure)
    const answer = await secure.client().post('/auth/login', { email, password })
    const attributes = sessionCookieLine(answer.headers)!.split(';').map((a) => a.trim().toLowerCase())
    expect(attributes).toContain('secure')
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
  } finally {
    await secure.close()
  }
})

describe('security headers', () => {
  test.each([
    ['a page of data', 'GET', '/landing', undefined, {}, 200],
    ['a refusal', 'POST', '/auth/login', {}, {}, 400],
    ['an unknown path', 'GET', '/no-such-path', undefined, {}, 404],
    ['a body that is not JSON', 'POST', '/auth/login', 'email=a', { 'content-type': 'text/plain' }, 415],
  ])('are present on %s: nosniff, a content security policy, no caching', async (_, method, path, body, headers, status) => {
    const answer = await api.client().request(method, path, body, headers)
    expect(answer.status).toBe(status)
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('x-powered-by')).toBeNull()
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  })

  test('an unknown path answers 404 with a JSON error', async () => {
    expectClientError(await api.client().get('/no-such-path'), 404)
  })
})

describe('rotation at sign-in', () => {
  test('login issues a new cookie value; the old token no longer works', async () => {
    const { client, email, password } = await signedUpUser(api)
    const before = sessionToken(client)!
    expect((await client.post('/auth/login', { email, password })).status).toBe(200)
    const after = sessionToken(client)!
    expect(after).not.toBe(before)
    expect(await landingUser(clientWithSession(api, before))).toBeNull()
    expect(await landingUser(client)).toMatchObject({ email })
  })

  test('signing in as someone else in the same browser ends the earlier session', async () => {
    const first = await signedUpUser(api)
    const second = await signedUpUser(api)
    const before = sessionToken(first.client)!
    await first.client.post('/auth/login', { email: second.email, password: second.password })
    expect(await landingUser(first.client)).toMatchObject({ email: second.email })
    expect(await landingUser(clientWithSession(api, before))).toBeNull()
  })

  test('verifying an account in a browser signed in as another ends the earlier session', async () => {
    const first = await signedUpUser(api)
    const before = sessionToken(first.client)!
    const email = uniqueEmail()
    await first.client.post('/auth/signup', { email, password: 'Secret1!' })
    expect((await first.client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    expect(sessionToken(first.client)).not.toBe(before)
    expect(await landingUser(first.client)).toMatchObject({ email })
    expect(await landingUser(clientWithSession(api, before))).toBeNull()
  })
})

describe('POST /auth/logout', () => {
  test('revokes the session: the old cookie no longer gives a user on /landing', async () => {
    const { client } = await signedUpUser(api)
    const token = sessionToken(client)!
    const answer = await client.post('/auth/logout')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Logged out' })
    expect(sessionToken(client)).toBeUndefined()
    expect(await landingUser(client)).toBeNull()
    expect(await landingUser(clientWithSession(api, token))).toBeNull()
  })

  test('clears the cookie', async () => {
    const { client } = await signedUpUser(api)
    const answer = await client.post('/auth/logout')
    const line = sessionCookieLine(answer.headers)
    expect(line).toMatch(new RegExp(`^${SESSION_COOKIE}=;`))
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i)
  })

  test("ends only this browser's session: the user's other sessions go on", async () => {
    const { client, email, password } = await signedUpUser(api)
    const laptop = api.client()
    await laptop.post('/auth/login', { email, password })
    await client.post('/auth/logout')
    expect(await landingUser(laptop)).toMatchObject({ email })
  })

  test('signed out, it still answers 200', async () => {
    expect((await api.client().post('/auth/logout')).status).toBe(200)
  })
})

describe('expiry', () => {
  test('a session unused for 7 days ends', async () => {
    const { client } = await signedUpUser(api)
    api.advance(7 * DAY - 60_000)
    expect(await landingUser(client)).not.toBeNull()
    const token = sessionToken(client)!
    const idle = await signedUpUser(api)
    api.advance(7 * DAY + 1000)
    expect(await landingUser(idle.client)).toBeNull()
    expect(await landingUser(clientWithSession(api, token))).toBeNull()
  })

  test('a session in daily use still ends 30 days after sign-in', async () => {
    const { client } = await signedUpUser(api)
    for (let day = 1; day < 30; day++) {
      api.advance(DAY)
      expect(await landingUser(client)).not.toBeNull()
    }
    api.advance(DAY)
    expect(await landingUser(client)).toBeNull()
  })
})

describe('deactivation', () => {
  test('an administrator setting a user Inactive revokes their sessions: they stay signed out when made Active again', async () => {
    const user = await signedUpUser(api)
    const token = sessionToken(user.client)!
    // Signed in afresh: the expiry tests above moved the clock past the first session's life.
    expect((await admin.client.post('/auth/login', { email: admin.email, password: admin.password })).status).toBe(200)
    const profile = await admin.client.get<Record<string, unknown>>(`/form/profile/${user.id}`)
    expect(profile.status).toBe(200)
    const { status: _status, ...editable } = profile.body
    expect((await admin.client.put(`/form/profile/${user.id}`, { ...editable, status: 'Inactive' })).status).toBe(200)
    expect(await landingUser(user.client)).toBeNull()
    expect((await admin.client.put(`/form/profile/${user.id}`, { ...editable, status: 'Active' })).status).toBe(200)
    expect(await landingUser(clientWithSession(api, token))).toBeNull()
    expect((await api.client().post('/auth/login', { email: user.email, password: user.password })).status).toBe(200)
  })
})
