import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastCode, signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { expectClientError, landingUser, sessionToken } from '../support/helpers'

let api: Api
let admin: Awaited<ReturnType<typeof signedUpUser>>
beforeAll(async () => {
  api = await startApi()
  // The first account of this fresh database.
  admin = await signedUpUser(api)
})
afterAll(() => api.close())

describe('POST /auth/signup', () => {
  test("answers 201 'OTP sent to email' and mails a 6-digit code to the address", async () => {
    const email = uniqueEmail()
    const answer = await api.client().post('/auth/signup', { email, password: 'Secret1!' })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ message: 'OTP sent to email' })
    const mail = api.mails.findLast((m) => m.to === email)
    expect(mail?.subject).toMatch(/verification code/)
    expect(mail?.text).toMatch(/\b\d{6}\b/)
  })

  test('the first account created is Admin with all permissions', async () => {
    const user = await landingUser(admin.client)
    expect(user).toMatchObject({ email: admin.email, role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })
  })

  test("the second account is 'User' with no permissions", async () => {
    const second = await signedUpUser(api)
    const user = await landingUser(second.client)
    expect(user).toMatchObject({ email: second.email, role: 'User', permissions: [] })
  })

  test('signing up does not sign in: the session starts at verification', async () => {
    const client = api.client()
    await client.post('/auth/signup', { email: uniqueEmail(), password: 'Secret1!' })
    expect(sessionToken(client)).toBeUndefined()
    expect(await landingUser(client)).toBeNull()
  })

  test('the email is trimmed and lower-cased: one account per address whatever its case', async () => {
    const email = uniqueEmail('Mixed.Case')
    const client = api.client()
    expect((await client.post('/auth/signup', { email: `  ${email.toUpperCase()} `, password: 'Secret1!' })).status).toBe(201)
    const verify = await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })
    expect(verify.status).toBe(200)
    expect(verify.body).toMatchObject({ user: { email: email.toLowerCase() } })
    const again = await api.client().post('/auth/signup', { email: email.toLowerCase(), password: 'Secret1!' })
    expectClientError(again, 409)
    expect(again.body.error).toMatch(/already exists/)
  })

  test('an address already verified cannot sign up again, and sends no mail', async () => {
    const mailsBefore = api.mails.length
    const answer = await api.client().post('/auth/signup', { email: admin.email, password: 'Other1!x' })
    expectClientError(answer, 409)
    expect(api.mails.length).toBe(mailsBefore)
    // The existing password still works.
    expect((await api.client().post('/auth/login', { email: admin.email, password: admin.password })).status).toBe(200)
  })

  test('signing up again before verifying with another password: neither password works once verified (issue 12)', async () => {
    const email = uniqueEmail()
    const client = api.client()
    await client.post('/auth/signup', { email, password: 'First1!x' })
    api.advance(61_000)
    expect((await client.post('/auth/signup', { email, password: 'Second2!' })).status).toBe(201)
    expect((await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    expect((await api.client().post('/auth/login', { email, password: 'Second2!' })).status).toBe(401)
    expect((await api.client().post('/auth/login', { email, password: 'First1!x' })).status).toBe(401)
  })

  test('signing up again during the 60 s cooldown answers 429 with waitTime', async () => {
    const email = uniqueEmail()
    await api.client().post('/auth/signup', { email, password: 'Secret1!' })
    const again = await api.client().post('/auth/signup', { email, password: 'Secret1!' })
    expect(again.status).toBe(429)
    expect(again.body.waitTime).toBe(60)
  })

  test("a password under 6 characters is refused: 400 'Password must be at least 6 characters'", async () => {
    const answer = await api.client().post('/auth/signup', { email: uniqueEmail(), password: 'a1!' })
    expectClientError(answer, 400)
    expect(answer.body.error).toContain('Password must be at least 6 characters')
  })

  test('a password without a letter, a number and a special character is refused with the composition message', async () => {
    const answer = await api.client().post('/auth/signup', { email: uniqueEmail(), password: 'abcdefgh' })
    expectClientError(answer, 400)
    expect(answer.body.error).toContain('Password must contain at least one letter, one number, and one special character')
  })

  test('an invalid email is refused with 400 naming the field', async () => {
    const answer = await api.client().post('/auth/signup', { email: 'not-an-email', password: 'Secret1!' })
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/^email: /)
  })

  test.each([
    ['role', { role: 'Admin' }],
    ['isAdmin', { isAdmin: true }],
    ['permissions', { permissions: ['view', 'add', 'edit', 'delete'] }],
    ['status', { status: 'Active' }],
  ])('an unknown field such as %s is refused with 400 and no account is made', async (_, extra) => {
    const email = uniqueEmail()
    const mailsBefore = api.mails.length
    const answer = await api.client().post('/auth/signup', { email, password: 'Secret1!', ...extra })
    expectClientError(answer, 400)
    expect(api.mails.length).toBe(mailsBefore)
    const login = await api.client().post('/auth/login', { email, password: 'Secret1!' })
    expect(login.status).toBe(401)
    expect(login.body.error).toMatch(/user not found/i)
  })
})
