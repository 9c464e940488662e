import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastCode, lastResetToken, signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { expectClientError, landingUser, setStatus } from '../support/helpers'

let api: Api
beforeAll(async () => {
  api = await startApi()
  await signedUpUser(api) // the administrator
})
afterAll(() => api.close())

const FORGOT = 'If the email exists, a reset link has been sent to your email.'
const resetMails = (email: string) => api.mails.filter((m) => m.to === email && /Reset your/.test(m.subject))

async function requestReset(email: string) {
  const answer = await api.client().post('/auth/forgot-password', { email })
  expect(answer.status).toBe(200)
  return lastResetToken(api, email)
}
const reset = (token: string, newPassword = 'Newpass1!') => api.client().post('/auth/reset-password', { token, newPassword })
const login = (email: string, password: string) => api.client().post('/auth/login', { email, password })

describe('POST /auth/forgot-password', () => {
  test("answers 'If the email exists, a reset link has been sent to your email.' and mails a link publicUrl + '/reset-password?token='", async () => {
    const { email } = await signedUpUser(api)
    const answer = await api.client().post('/auth/forgot-password', { email })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: FORGOT })
    const mails = resetMails(email)
    expect(mails).toHaveLength(1)
    const link = mails[0].text.match(/\S*reset-password\S*/)?.[0]
    expect(link).toMatch(/^http:\/\/portal\.test\/reset-password\?token=[\w-]{43}$/)
  })

  test('answers the same message for an unknown email, and sends no mail', async () => {
    const email = uniqueEmail()
    const mailsBefore = api.mails.length
    const answer = await api.client().post('/auth/forgot-password', { email })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: FORGOT })
    expect(api.mails.length).toBe(mailsBefore)
  })

  test('the email is trimmed and matched whatever its case', async () => {
    const { email } = await signedUpUser(api)
    await api.client().post('/auth/forgot-password', { email: ` ${email.toUpperCase()} ` })
    expect(resetMails(email)).toHaveLength(1)
  })

  test('an inactive account gets no link, and the same answer', async () => {
    const { email, id } = await signedUpUser(api)
    await setStatus(api, id, 'Inactive')
    const answer = await api.client().post('/auth/forgot-password', { email })
    expect(answer.body).toEqual({ message: FORGOT })
    expect(resetMails(email)).toHaveLength(0)
  })

  test('asking again within a minute sends no second mail; after a minute it does', async () => {
    const { email } = await signedUpUser(api)
    await requestReset(email)
    expect((await api.client().post('/auth/forgot-password', { email })).body).toEqual({ message: FORGOT })
    expect(resetMails(email)).toHaveLength(1)
    api.advance(60_000)
    await api.client().post('/auth/forgot-password', { email })
    expect(resetMails(email)).toHaveLength(2)
  })

  test('an invalid email is refused with 400', async () => {
    expectClientError(await api.client().post('/auth/forgot-password', { email: 'nobody' }), 400)
  })
})

describe('POST /auth/reset-password', () => {
  test("sets the new password: 'Password reset successful. Please log in.'; the old password no longer works", async () => {
    const { email, password } = await signedUpUser(api)
    const answer = await reset(await requestReset(email))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Password reset successful. Please log in.' })
    expect((await login(email, 'Newpass1!')).status).toBe(200)
    const old = await login(email, password)
    expect(old.status).toBe(401)
    expect(old.body.error).toBe('Invalid email or password')
  })

  test('password reset revokes all sessions of that user, and only theirs', async () => {
    const user = await signedUpUser(api)
    const elsewhere = api.client()
    expect((await elsewhere.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200)
    const bystander = await signedUpUser(api)
    await reset(await requestReset(user.email))
    expect(await landingUser(user.client)).toBeNull()
    expect(await landingUser(elsewhere)).toBeNull()
    expect(await landingUser(bystander.client)).toMatchObject({ email: bystander.email })
  })

  test('the reset token is single use', async () => {
    const { email } = await signedUpUser(api)
    const token = await requestReset(email)
    expect((await reset(token, 'Newpass1!')).status).toBe(200)
    const again = await reset(token, 'Another2!')
    expectClientError(again, 400)
    expect(again.body.error).toMatch(/invalid or has expired/)
    expect((await login(email, 'Newpass1!')).status).toBe(200)
    expect((await login(email, 'Another2!')).status).toBe(401)
  })

  test('the reset token still works just before 30 minutes', async () => {
    const { email } = await signedUpUser(api)
    const token = await requestReset(email)
    api.advance(30 * 60_000 - 1000)
    expect((await reset(token)).status).toBe(200)
  })

  test('the reset token expires after 30 minutes', async () => {
    const { email, password } = await signedUpUser(api)
    const token = await requestReset(email)
    api.advance(30 * 60_000)
    const answer = await reset(token)
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/invalid or has expired/)
    expect((await login(email, password)).status).toBe(200)
  })

  test('an unknown token is refused with 400', async () => {
    expectClientError(await reset('A'.repeat(43)), 400)
  })

  test("a missing token: 400 'Missing token. Use the link from your email.'", async () => {
    const answer = await api.client().post('/auth/reset-password', { token: '', newPassword: 'Newpass1!' })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('token: Missing token. Use the link from your email.')
  })

  test("a new password under 6 characters: 400 'Password must be at least 6 characters', and the token stays usable", async () => {
    const { email } = await signedUpUser(api)
    const token = await requestReset(email)
    const answer = await reset(token, 'a1!')
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('newPassword: Password must be at least 6 characters')
    expect((await reset(token)).status).toBe(200)
  })

  test('a reset also proves the address: an account never verified can then log in', async () => {
    const email = uniqueEmail()
    await api.client().post('/auth/signup', { email, password: 'Secret1!' })
    expect(lastCode(api, email)).toMatch(/^\d{6}$/)
    await reset(await requestReset(email))
    expect((await login(email, 'Newpass1!')).status).toBe(200)
  })
})

describe('only the newest reset link works (issue 12)', () => {
  test('a newer request kills the older link: A then B, A is refused, B works', async () => {
    const { email } = await signedUpUser(api)
    const a = await requestReset(email)
    api.advance(61_000)
    const b = await requestReset(email)
    expect(b).not.toBe(a)
    expectClientError(await reset(a, 'Alinkpass1!'), 400)
    expect((await reset(b, 'Blinkpass1!')).status).toBe(200)
    expect((await login(email, 'Blinkpass1!')).status).toBe(200)
  })

  test('a successful reset kills every other outstanding link of the account', async () => {
    const { email, id } = await signedUpUser(api)
    const a = await requestReset(email)
    api.advance(61_000)
    const b = await requestReset(email)
    // Link A is revived by hand, as a link mailed just before B's request would be: the reset with B must still kill it.
    await api.db.execute(sql`update password_resets set used_at = null where user_id = ${id}`)
    expect((await reset(b, 'Bresetpass1!')).status).toBe(200)
    const refused = await reset(a, 'Aresetpass1!')
    expectClientError(refused, 400)
    expect(refused.body.error).toBe('This reset link is invalid or has expired. Please request a new one.')
    expect((await login(email, 'Bresetpass1!')).status).toBe(200)
    expectClientError(await login(email, 'Aresetpass1!'), 401)
  })
})

describe('POST /auth/forgot-password answers in the same time whether the address has an account or not', () => {
  // Sending takes as long as an SMTP hand-over or an outbox file on a busy disk does.
  const SENDING_MS = 80
  const ROUNDS = 15
  let slow: Api
  const lines: string[] = []
  let failing = false
  beforeAll(async () => {
    slow = await startApi({
      sending: async () => {
        await new Promise((resolve) => setTimeout(resolve, SENDING_MS))
        if (failing) throw new Error('the mail server refused the message')
      },
      logger: { level: 'error', stream: { write: (chunk: string) => void lines.push(...chunk.split('\n').filter(Boolean)) } },
    })
    await signedUpUser(slow) // the administrator
  })
  afterAll(() => slow?.close())

  const timed = async (email: string) => {
    const started = performance.now()
    const answer = await slow.client().post('/auth/forgot-password', { email })
    const took = performance.now() - started
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: FORGOT })
    return took
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

  test('a real account and an unknown address answer within 20 ms of each other (the median of paired differences), and the real one is mailed each time', async () => {
    const { email } = await signedUpUser(slow)
    const mailed = () => slow.mails.filter((m) => m.to === email && /Reset your/.test(m.subject)).length
    const differences: number[] = []
    // Pairs sent one after the other, in alternating order: a busy moment of the machine falls on
    // both of a pair alike, and the median of the pairs' differences leaves out the odd slow one.
    // The first pair warms up.
    for (let round = 0; round <= ROUNDS; round++) {
      // A minute apart, so every request for the real account issues and mails a link.
      slow.advance(61_000)
      const times = { known: 0, unknown: 0 }
      for (const kind of round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
        times[kind] = await timed(kind === 'known' ? email : uniqueEmail('nobody'))
      }
      if (round > 0) differences.push(times.known - times.unknown)
    }
    // The last mail may still be on its way: sending outlasting the answer finishes after it.
    await expect.poll(mailed).toBe(ROUNDS + 1)
    const difference = median(differences)
    expect(Math.abs(difference), `a real account took ${difference.toFixed(1)} ms more (pairs: ${differences.map((d) => d.toFixed(0)).join(', ')})`).toBeLessThan(20)
  }, 60_000)

  test('a mail that cannot be sent gets the same answer, and the failure is logged', async () => {
    const { email } = await signedUpUser(slow)
    slow.advance(61_000)
    failing = true
    try {
      await timed(email)
      await expect.poll(() => lines.some((line) => /the reset link could not be mailed/.test(line) && /mail server refused/.test(line))).toBe(true)
    } finally {
      failing = false
    }
  })
})
