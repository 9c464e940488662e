import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { oneTimeCodes, passwordResets, profileDrafts, rateEvents, sessions, users } from '#api/db/schema'
import { purgeExpired } from '#api/maintenance'
import { lastCode, lastResetToken, signedUpUser, startApi, uniqueEmail, type Api, type Client } from '../support/api-harness'
import { expectClientError, landingUser, profilePayload } from '../support/helpers'
import { userHolding } from '../support/personas'

/** What an outside probe broke (issue 12), each as the class of hole it was, over real HTTP. */

const OWNER = 'Owner@pass1!'
const INTRUDER = 'Intruder@pass2!'
const login = (api: Api, email: string, password: string) => api.client().post('/auth/login', { email, password })

describe('a sign-up never leaves someone without the mailbox with a working password', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api?.close())

  /** Two sign-ups for one address before it is verified, then the owner verifies with the newest code. */
  async function race(first: 'owner' | 'intruder') {
    const email = uniqueEmail('race')
    const owner = api.client()
    const intruder = api.client()
    const order = first === 'owner' ? ([[owner, OWNER], [intruder, INTRUDER]] as const) : ([[intruder, INTRUDER], [owner, OWNER]] as const)
    for (const [client, password] of order) {
      expect((await client.post('/auth/signup', { email, password })).status).toBe(201)
      api.advance(61_000)
    }
    const verified = await owner.post<{ user: { _id: string } }>('/auth/verify-otp', { email, otp: lastCode(api, email) })
    expect(verified.status).toBe(200)
    return { email, owner, id: verified.body.user._id }
  }

  test.each(['owner', 'intruder'] as const)('%s signs up first: the intruder\'s password never works; the owner is signed in by the code and sets a password by reset', async (first) => {
    const { email, owner } = await race(first)
    expect(await landingUser(owner)).toMatchObject({ email })
    expectClientError(await login(api, email, INTRUDER), 401)
    expectClientError(await login(api, email, OWNER), 401)
    expect((await api.client().post('/auth/forgot-password', { email })).status).toBe(200)
    expect((await api.client().post('/auth/reset-password', { token: lastResetToken(api, email), newPassword: 'Chosen@pass3!' })).status).toBe(200)
    expect((await login(api, email, 'Chosen@pass3!')).status).toBe(200)
    expectClientError(await login(api, email, INTRUDER), 401)
  })

  test('signing up again with the same password only sends a new code: that password works after verifying', async () => {
    const email = uniqueEmail('again')
    const client = api.client()
    expect((await client.post('/auth/signup', { email, password: OWNER })).status).toBe(201)
    api.advance(61_000)
    expect((await client.post('/auth/signup', { email, password: OWNER })).status).toBe(201)
    expect((await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    expect((await login(api, email, OWNER)).status).toBe(200)
  })

  test('a repeat sign-up within the cooldown is refused (429) and changes nothing', async () => {
    const email = uniqueEmail('cooldown')
    expect((await api.client().post('/auth/signup', { email, password: OWNER })).status).toBe(201)
    const refused = await api.client().post('/auth/signup', { email, password: INTRUDER })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: expect.any(String), waitTime: expect.any(Number) })
    expect((await api.client().post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    expect((await login(api, email, OWNER)).status).toBe(200)
  })
})

describe('on an empty install, a sign-up never makes an administrator: verifying does', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api?.close())

  test('the owner of the first address verifies after an intruder signed it up again: the owner is the administrator, with no password of the intruder', async () => {
    const email = uniqueEmail('first')
    const owner = api.client()
    expect((await owner.post('/auth/signup', { email, password: OWNER })).status).toBe(201)
    api.advance(61_000)
    // The intruder also signs up an address of their own, first to be created but never verified.
    const theirs = uniqueEmail('intruder')
    expect((await api.client().post('/auth/signup', { email: theirs, password: INTRUDER })).status).toBe(201)
    expect((await api.client().post('/auth/signup', { email, password: INTRUDER })).status).toBe(201)
    const [unverified] = await api.db.select().from(users).where(eq(users.email, email))
    expect(unverified).toMatchObject({ role: 'User', permissions: [] })

    expect((await owner.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    expect(await landingUser(owner)).toMatchObject({ email, role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })
    expectClientError(await login(api, email, INTRUDER), 401)

    // Verifying later, the intruder's own address is an ordinary account.
    const intruder = api.client()
    expect((await intruder.post('/auth/verify-otp', { email: theirs, otp: lastCode(api, theirs) })).status).toBe(200)
    expect(await landingUser(intruder)).toMatchObject({ role: 'User', permissions: [] })
  })
})

describe('per-address limits, and rows that expire are swept', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi({ signupsPerAddressPerHour: 3 })
  })
  afterAll(() => api?.close())

  test.each([
    ['sign-ups', (client: Client) => client.post('/auth/signup', { email: uniqueEmail('flood'), password: OWNER })],
    ['reset requests', (client: Client) => client.post('/auth/forgot-password', { email: uniqueEmail('flood') })],
    ['new profile drafts', (client: Client) => api.client(client.forwardedFor).put('/form/draft', { personal: { name: 'Flood' } })],
  ])('%s: the limit per address, then 429 with waitTime; another address is not held back; the window passes', async (_, send) => {
    const address = api.client()
    for (let i = 0; i < 3; i++) expect((await send(address)).status).toBeLessThan(300)
    const refused = await send(address)
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ error: expect.any(String), waitTime: expect.any(Number) })
    expect(refused.body.waitTime).toBeGreaterThan(0)
    expect((await send(api.client())).status).toBeLessThan(300)
    api.advance(60 * 60_000 + 1000)
    expect((await send(address)).status).toBeLessThan(300)
  })

  test('saving the same draft again is no new draft: not counted', async () => {
    const client = api.client()
    for (let i = 0; i < 6; i++) expect((await client.put('/form/draft', { personal: { name: `Draft ${i}` } })).status).toBe(200)
  })

  test('purgeExpired deletes expired drafts, codes, reset links, sessions and counters, and keeps what still counts', async () => {
    const now = new Date('2027-03-01T12:00:00Z')
    const hourAgo = (n: number) => new Date(now.getTime() - n * 60 * 60_000)
    const user = await signedUpUser(api)
    await api.db.insert(profileDrafts).values([
      { tokenHash: 'old-draft', data: {}, updatedAt: hourAgo(800), expiresAt: hourAgo(1) },
      { tokenHash: 'live-draft', data: {}, updatedAt: now, expiresAt: new Date(now.getTime() + 1000) },
    ])
    await api.db.insert(oneTimeCodes).values([
      { userId: user.id, purpose: 'signup', codeHash: 'old', createdAt: hourAgo(3), expiresAt: hourAgo(2.8) },
      { userId: user.id, purpose: 'signup', codeHash: 'counted', createdAt: hourAgo(0.5), expiresAt: hourAgo(0.3) },
    ])
    await api.db.insert(passwordResets).values({ userId: user.id, tokenHash: 'old-reset', createdAt: hourAgo(3), expiresAt: hourAgo(2.5) })
    await api.db.insert(sessions).values({ tokenHash: 'old-session', userId: user.id, createdAt: hourAgo(2000), lastSeenAt: hourAgo(2000), expiresAt: hourAgo(1) })
    await api.db.insert(rateEvents).values([
      { key: 'old-key', at: hourAgo(2) },
      { key: 'live-key', at: hourAgo(0.5) },
    ])
    await purgeExpired(api.db, now)
    expect((await api.db.select().from(profileDrafts).where(sql`${profileDrafts.tokenHash} in ('old-draft', 'live-draft')`)).map((row) => row.tokenHash)).toEqual(['live-draft'])
    expect((await api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id))).map((row) => row.codeHash)).not.toContain('old')
    expect((await api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.codeHash, 'counted')))).toHaveLength(1)
    expect(await api.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, 'old-reset'))).toEqual([])
    expect(await api.db.select().from(sessions).where(eq(sessions.tokenHash, 'old-session'))).toEqual([])
    expect((await api.db.select().from(rateEvents).where(sql`${rateEvents.key} in ('old-key', 'live-key')`)).map((row) => row.key)).toEqual(['live-key'])
  })
})

describe('JSON only, and X-Forwarded-For only from TRUST_PROXY', () => {
  let api: Api
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api?.close())

  test.each([
    ['text/plain', '{"email":"a@example.com","password":"x"}'],
    ['text/plain', ''],
    ['application/x-www-form-urlencoded', 'email=a%40example.com'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('a state-changing call with %s (%j) answers 415 and does nothing', async (type, body) => {
    const user = await signedUpUser(api)
    const answer = await user.client.request('POST', '/auth/logout', body, { 'content-type': type })
    expectClientError(answer, 415)
    expect(answer.body).toEqual({ error: 'Send the request body as application/json' })
    expect(await landingUser(user.client)).toMatchObject({ _id: user.id })
  })

  test('the same call as JSON, or with no body at all, is answered', async () => {
    const user = await signedUpUser(api)
    expect((await user.client.post('/auth/logout')).status).toBe(200)
    expect(await landingUser(user.client)).toBeNull()
  })

  test('from an address TRUST_PROXY does not name, X-Forwarded-For is ignored: a new header per request does not escape the limit', async () => {
    const untrusting = await startApi({ trustProxy: '192.0.2.1' })
    try {
      let last = 0
      for (let i = 0; i < 51; i++) last = (await untrusting.client(`203.0.113.${i}`).post('/auth/login', { email: uniqueEmail('spoof'), password: 'Wrong1!x' })).status
      expect(last).toBe(429)
    } finally {
      await untrusting.close()
    }
  })
})

describe('NUL and other text that cannot be stored are refused with 400, never a 500', () => {
  let api: Api
  let admin: Awaited<ReturnType<typeof signedUpUser>>
  beforeAll(async () => {
    api = await startApi()
    admin = await signedUpUser(api)
  })
  afterAll(() => api?.close())

  test.each(['q', 'role'])('a NUL in %s', async (name) => {
    const answer = await admin.client.get(`/users?${name}=a%00b`)
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(new RegExp(`^${name}: `))
  })

  test('invalid UTF-8 in q reads as U+FFFD: a search that finds nobody, not an error', async () => {
    const answer = await admin.client.get<{ users: unknown[] }>('/users?q=%ED%A0%80')
    expect(answer.status).toBe(200)
    expect(answer.body.users).toEqual([])
  })
})

describe('financial details and date of birth: the person and administrators only', () => {
  let api: Api
  let admin: Awaited<ReturnType<typeof signedUpUser>>
  let person: Awaited<ReturnType<typeof signedUpUser>>
  let editor: Awaited<ReturnType<typeof signedUpUser>>
  beforeAll(async () => {
    api = await startApi()
    admin = await signedUpUser(api)
    person = await signedUpUser(api)
    editor = await userHolding(api, ['view', 'edit'])
    const [developer] = (await api.client().get<{ roles: { _id: string; name: string }[] }>('/roles')).body.roles.filter((role) => role.name === 'Developer')
    const payload = profilePayload(developer._id, { personal: { dob: '1990-04-12', phone: '+91 98765 43210' }, financial: { previousOrgSalary: 900000, currency: 'USD' } })
    expect((await person.client.post('/form/submit', payload)).status).toBe(200)
  })
  afterAll(() => api?.close())

  test('the person and an administrator read them; someone with view reads the contact details only', async () => {
    for (const reader of [person, admin]) {
      const { body } = await reader.client.get<{ personal: Record<string, unknown>; financial?: unknown }>(`/form/profile/${person.id}`)
      expect(body.personal.dob).toBe('1990-04-12')
      expect(body.financial).toEqual({ previousOrgSalary: 900000, currency: 'USD' })
    }
    const { body } = await editor.client.get<{ personal: Record<string, unknown>; financial?: unknown }>(`/form/profile/${person.id}`)
    expect(body.personal).not.toHaveProperty('dob')
    expect(body).not.toHaveProperty('financial')
    expect(body.personal.phone).toBe('+91 98765 43210')
    expect(JSON.stringify(body)).not.toMatch(/900000|1990-04-12/)
  })

  test('an editor who cannot see them cannot change them: a save keeps them as they were', async () => {
    const { body } = await editor.client.get<Record<string, unknown> & { personal: Record<string, unknown> }>(`/form/profile/${person.id}`)
    const saved = await editor.client.put(`/form/profile/${person.id}`, { ...body, personal: { ...body.personal, dob: '2001-01-01', phone: '+91 90000 00000' }, financial: { previousOrgSalary: 1, currency: 'INR' } })
    expect(saved.status).toBe(200)
    const { body: after } = await admin.client.get<{ personal: Record<string, unknown>; financial: unknown }>(`/form/profile/${person.id}`)
    expect(after.personal).toMatchObject({ dob: '1990-04-12', phone: '+91 90000 00000' })
    expect(after.financial).toEqual({ previousOrgSalary: 900000, currency: 'USD' })
  })
})
