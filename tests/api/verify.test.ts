import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastCode, signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { expectClientError, landingUser, sessionToken, wrongCode } from '../support/helpers'

let api: Api
beforeAll(async () => {
  api = await startApi()
  await signedUpUser(api) // the administrator: everyone below is an ordinary user
})
afterAll(() => api.close())

/** Signs up without verifying; the code and a client (signed out) are returned. */
async function pending(email = uniqueEmail()) {
  const client = api.client()
  const answer = await client.post('/auth/signup', { email, password: 'Secret1!' })
  expect(answer.status).toBe(201)
  return { client, email, code: lastCode(api, email) }
}
const mailsTo = (email: string) => api.mails.filter((m) => m.to === email).length

describe('the verification email', () => {
  const mailTo = (email: string) => api.mails.findLast((m) => m.to === email)!

  test('its subject carries the code, and its link opens /verify-otp with the email and code filled in', async () => {
    const { email, code } = await pending()
    const mail = mailTo(email)
    expect(mail.subject).toBe(`${code} is your verification code`)
    const link = new URL(mail.text.match(/(http\S+\/verify-otp\?\S+)/)![1])
    expect(link.origin + link.pathname).toBe(`${api.publicUrl}/verify-otp`)
    expect(link.searchParams.get('email')).toBe(email)
    expect(link.searchParams.get('code')).toBe(code)
  })

  test('a resent code comes the same way, with the new code in subject and link', async () => {
    const { client, email } = await pending()
    api.advance(61_000)
    expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).status).toBe(200)
    expect(mailsTo(email)).toBe(2)
    const fresh = lastCode(api, email)
    const mail = mailTo(email)
    expect(mail.subject).toBe(`${fresh} is your verification code`)
    expect(new URL(mail.text.match(/(http\S+\/verify-otp\?\S+)/)![1]).searchParams.get('code')).toBe(fresh)
  })
})

describe('POST /auth/verify-otp', () => {
  test('the right code answers a message and the user', async () => {
    const { client, email, code } = await pending()
    const answer = await client.post('/auth/verify-otp', { email, otp: code })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ message: 'Email verified', user: { email, emailVerified: true, status: 'Active' } })
    expect(answer.body.user).not.toHaveProperty('passwordHash')
  })

  test('verification signs the user in: the session cookie is set and /landing returns the user', async () => {
    const { client, email, code } = await pending()
    await client.post('/auth/verify-otp', { email, otp: code })
    expect(sessionToken(client)).toMatch(/^[\w-]{43}$/)
    expect(await landingUser(client)).toMatchObject({ email, role: 'User' })
  })

  test('after verification the password signs in', async () => {
    const { client, email, code } = await pending()
    await client.post('/auth/verify-otp', { email, otp: code })
    expect((await api.client().post('/auth/login', { email, password: 'Secret1!' })).status).toBe(200)
  })

  test('the email is trimmed and matched whatever its case', async () => {
    const { client, email, code } = await pending()
    const answer = await client.post('/auth/verify-otp', { email: `  ${email.toUpperCase()}  `, otp: code })
    expect(answer.status).toBe(200)
  })

  test('a wrong code is refused with 400, says how many tries are left, and does not sign in', async () => {
    const { client, email, code } = await pending()
    const answer = await client.post('/auth/verify-otp', { email, otp: wrongCode(code) })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('Incorrect code. 4 tries left.')
    expect(sessionToken(client)).toBeUndefined()
  })

  test('4 wrong tries leave the code usable', async () => {
    const { client, email, code } = await pending()
    for (let i = 0; i < 4; i++) expect((await client.post('/auth/verify-otp', { email, otp: wrongCode(code) })).status).toBe(400)
    expect((await client.post('/auth/verify-otp', { email, otp: code })).status).toBe(200)
  })

  test('5 wrong tries burn the code: even the right code fails after', async () => {
    const { client, email, code } = await pending()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await client.post('/auth/verify-otp', { email, otp: wrongCode(code) }))
    expect(answers.map((a) => a.body.error)).toEqual([
      'Incorrect code. 4 tries left.',
      'Incorrect code. 3 tries left.',
      'Incorrect code. 2 tries left.',
      'Incorrect code. 1 try left.',
      'Too many wrong codes. This code no longer works: request a new one with Resend OTP.',
    ])
    const right = await client.post('/auth/verify-otp', { email, otp: code })
    expectClientError(right, 400)
    expect(sessionToken(client)).toBeUndefined()
    // A new code (after the cooldown) works again.
    api.advance(60_000)
    expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).status).toBe(200)
    expect((await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
  })

  test('the code still works just before 10 minutes', async () => {
    const { client, email, code } = await pending()
    api.advance(10 * 60_000 - 1000)
    expect((await client.post('/auth/verify-otp', { email, otp: code })).status).toBe(200)
  })

  test('the OTP expires after 10 minutes', async () => {
    const { client, email, code } = await pending()
    api.advance(10 * 60_000)
    const answer = await client.post('/auth/verify-otp', { email, otp: code })
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/expired/)
    expect(sessionToken(client)).toBeUndefined()
  })

  test('a resent code replaces the earlier one', async () => {
    const { client, email, code } = await pending()
    api.advance(60_000)
    await client.post('/auth/resend-otp', { email, purpose: 'signup' })
    const fresh = lastCode(api, email)
    if (fresh !== code) expect((await client.post('/auth/verify-otp', { email, otp: code })).status).toBe(400)
    expect((await client.post('/auth/verify-otp', { email, otp: fresh })).status).toBe(200)
  })

  test('a code that is not 6 digits is refused: 400 with "Please enter the 6-digit code"', async () => {
    const { client, email } = await pending()
    for (const otp of ['12345', '1234567', 'abcdef', 123456]) {
      const answer = await client.post('/auth/verify-otp', { email, otp })
      expectClientError(answer, 400)
      expect(answer.body.error).toBe('otp: Please enter the 6-digit code')
    }
  })

  test('an email already verified is refused', async () => {
    const { client, email, code } = await pending()
    await client.post('/auth/verify-otp', { email, otp: code })
    const again = await api.client().post('/auth/verify-otp', { email, otp: code })
    expectClientError(again, 400)
    expect(again.body.error).toMatch(/already verified/)
  })

  test('an unknown email is refused with 404', async () => {
    expectClientError(await api.client().post('/auth/verify-otp', { email: uniqueEmail(), otp: '123456' }), 404)
  })
})

describe('POST /auth/resend-otp', () => {
  test('after the cooldown it mails a new code and answers a message', async () => {
    const { client, email } = await pending()
    api.advance(60_000)
    const answer = await client.post('/auth/resend-otp', { email, purpose: 'signup' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: expect.any(String) })
    expect(mailsTo(email)).toBe(2)
  })

  test('during the 60 s cooldown it answers 429 with a numeric waitTime in seconds, and sends nothing', async () => {
    const { client, email } = await pending()
    const first = await client.post('/auth/resend-otp', { email, purpose: 'signup' })
    expect(first.status).toBe(429)
    expect(first.body).toMatchObject({ error: expect.any(String), waitTime: 60 })
    api.advance(45_000)
    const later = await client.post('/auth/resend-otp', { email, purpose: 'signup' })
    expect(later.status).toBe(429)
    expect(later.body.waitTime).toBe(15)
    expect(later.body.error).not.toMatch(/limit/)
    expect(mailsTo(email)).toBe(1)
    api.advance(15_000)
    expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).status).toBe(200)
  })

  test("after 5 sends within an hour (signup counts as the first) it answers 429 with a message containing 'limit' and no waitTime", async () => {
    const { client, email } = await pending()
    for (let i = 0; i < 4; i++) {
      api.advance(60_000)
      expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).status).toBe(200)
    }
    expect(mailsTo(email)).toBe(5)
    api.advance(60_000)
    const blocked = await client.post('/auth/resend-otp', { email, purpose: 'signup' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.error).toMatch(/limit/)
    expect(blocked.body.code).toBe('code_limit')
    expect(blocked.body).not.toHaveProperty('waitTime')
    expect(mailsTo(email)).toBe(5)
    // Still blocked one second before the first send leaves the hour; free once it has.
    api.advance(55 * 60_000 - 1000)
    expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).body.error).toMatch(/limit/)
    api.advance(1000)
    expect((await client.post('/auth/resend-otp', { email, purpose: 'signup' })).status).toBe(200)
    expect(mailsTo(email)).toBe(6)
  })

  test("a purpose other than 'signup' is refused with 400", async () => {
    const { client, email } = await pending()
    api.advance(60_000)
    expectClientError(await client.post('/auth/resend-otp', { email, purpose: 'reset' }), 400)
    expectClientError(await client.post('/auth/resend-otp', { email }), 400)
  })

  test('an email already verified gets no new code', async () => {
    const { client, email, code } = await pending()
    await client.post('/auth/verify-otp', { email, otp: code })
    api.advance(60_000)
    expectClientError(await client.post('/auth/resend-otp', { email, purpose: 'signup' }), 400)
    expect(mailsTo(email)).toBe(1)
  })

  test('an unknown email gets no mail', async () => {
    const email = uniqueEmail()
    expectClientError(await api.client().post('/auth/resend-otp', { email, purpose: 'signup' }), 404)
    expect(mailsTo(email)).toBe(0)
  })
})
