import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { expectClientError, landingUser, sessionToken, setStatus } from '../support/helpers'

let api: Api
beforeAll(async () => {
  api = await startApi()
  await signedUpUser(api) // the administrator
})
afterAll(() => api.close())

const FIFTEEN_MINUTES = 15 * 60_000
const login = (client: ReturnType<Api['client']>, email: string, password: string) => client.post('/auth/login', { email, password })

describe('POST /auth/login', () => {
  test('the right password answers the user and signs in', async () => {
    const { email, password, id } = await signedUpUser(api)
    const client = api.client()
    const answer = await login(client, email, password)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ user: { _id: id, email, role: 'User', status: 'Active' } })
    expect(answer.body.user).not.toHaveProperty('passwordHash')
    expect(sessionToken(client)).toMatch(/^[\w-]{43}$/)
    expect(await landingUser(client)).toMatchObject({ _id: id })
  })

  test('the email is trimmed and matched whatever its case', async () => {
    const { email, password } = await signedUpUser(api)
    expect((await login(api.client(), `  ${email.toUpperCase()} `, password)).status).toBe(200)
  })

  test("an unknown account answers 401 containing 'user not found', with the code a screen branches on", async () => {
    const answer = await login(api.client(), uniqueEmail(), 'Secret1!')
    expectClientError(answer, 401)
    expect(answer.body.error).toMatch(/user not found/i)
    expect(answer.body.code).toBe('user_not_found')
  })

  test("a wrong password answers 401 'Invalid email or password' and does not sign in", async () => {
    const { email } = await signedUpUser(api)
    const client = api.client()
    const answer = await login(client, email, 'Wrong1!x')
    expectClientError(answer, 401)
    expect(answer.body.error).toBe('Invalid email or password')
    expect(sessionToken(client)).toBeUndefined()
  })

  test("an unverified account: 'email not verified' only once the password is right", async () => {
    const email = uniqueEmail()
    await api.client().post('/auth/signup', { email, password: 'Secret1!' })
    const wrong = await login(api.client(), email, 'Wrong1!x')
    expectClientError(wrong, 401)
    expect(wrong.body.error).toBe('Invalid email or password')
    expect(wrong.body).not.toHaveProperty('code')
    const client = api.client()
    const right = await login(client, email, 'Secret1!')
    expectClientError(right, 401)
    expect(right.body.error).toMatch(/email not verified/i)
    expect(right.body.code).toBe('email_not_verified')
    expect(sessionToken(client)).toBeUndefined()
  })

  test.each([
    ['email', { password: 'Secret1!' }],
    ['password', { email: 'ana@example.com' }],
    ['password', { email: 'ana@example.com', password: '' }],
  ])('%s is required: 400 naming the field', async (field, body) => {
    const answer = await api.client().post('/auth/login', body)
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(new RegExp(`^${field}: `))
  })

  test('an inactive user cannot log in, and gets no session', async () => {
    const { email, password, id } = await signedUpUser(api)
    await setStatus(api, id, 'Inactive')
    const client = api.client()
    const answer = await login(client, email, password)
    expectClientError(answer, 403)
    expect(answer.body.error).toMatch(/inactive/i)
    expect(sessionToken(client)).toBeUndefined()
    // A wrong password tells nothing more than for anyone else.
    expect((await login(api.client(), email, 'Wrong1!x')).body.error).toBe('Invalid email or password')
  })

  test('an inactive user is signed out of the session they had', async () => {
    const { client, id } = await signedUpUser(api)
    expect(await landingUser(client)).not.toBeNull()
    await setStatus(api, id, 'Inactive')
    expect(await landingUser(client)).toBeNull()
  })

  test('an inactive user made active again can log in', async () => {
    const { email, password, id } = await signedUpUser(api)
    await setStatus(api, id, 'Inactive')
    await setStatus(api, id, 'Active')
    expect((await login(api.client(), email, password)).status).toBe(200)
  })
})

describe('login throttling', () => {
  test('10 failures for one email in 15 minutes: the next attempt answers 429 with waitTime, even with the right password', async () => {
    const { email, password } = await signedUpUser(api)
    // From two addresses: the count is per account.
    const [one, two] = [api.client(), api.client()]
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? one : two, email, 'Wrong1!x')).status).toBe(401)
    const blocked = await login(api.client(), email, password)
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: expect.stringMatching(/Too many login attempts/), waitTime: 15 * 60 })
  })

  test('9 failures do not block', async () => {
    const { email, password } = await signedUpUser(api)
    const client = api.client()
    for (let i = 0; i < 9; i++) await login(client, email, 'Wrong1!x')
    expect((await login(client, email, password)).status).toBe(200)
  })

  test('an email blocked does not block other emails from another address', async () => {
    const target = await signedUpUser(api)
    const other = await signedUpUser(api)
    const attacker = api.client()
    for (let i = 0; i < 10; i++) await login(attacker, target.email, 'Wrong1!x')
    expect((await login(attacker, target.email, target.password)).status).toBe(429)
    expect((await login(api.client(), other.email, other.password)).status).toBe(200)
  })

  test('waitTime counts down, and the email recovers once the 15-minute window has passed', async () => {
    const { email, password } = await signedUpUser(api)
    const client = api.client()
    for (let i = 0; i < 10; i++) await login(client, email, 'Wrong1!x')
    api.advance(5 * 60_000)
    const blocked = await login(client, email, password)
    expect(blocked.status).toBe(429)
    expect(blocked.body.waitTime).toBe(10 * 60)
    api.advance(10 * 60_000 - 1000)
    expect((await login(client, email, password)).body.waitTime).toBe(1)
    api.advance(1000)
    expect((await login(client, email, password)).status).toBe(200)
  })

  test('failures older than 15 minutes no longer count', async () => {
    const { email, password } = await signedUpUser(api)
    const client = api.client()
    for (let i = 0; i < 9; i++) await login(client, email, 'Wrong1!x')
    api.advance(FIFTEEN_MINUTES)
    await login(client, email, 'Wrong1!x')
    expect((await login(client, email, password)).status).toBe(200)
  })

  test('a successful login clears the failures counted for that email', async () => {
    const { email, password } = await signedUpUser(api)
    const client = api.client()
    for (let i = 0; i < 9; i++) await login(client, email, 'Wrong1!x')
    expect((await login(client, email, password)).status).toBe(200)
    for (let i = 0; i < 9; i++) await login(client, email, 'Wrong1!x')
    expect((await login(client, email, password)).status).toBe(200)
  })

  /** `count` wrong passwords from `address`, against accounts that exist, none past its own limit of 10. */
  async function failAgainstAccounts(address: ReturnType<Api['client']>, count: number) {
    const accounts = await Promise.all(Array.from({ length: Math.ceil(count / 10) }, () => signedUpUser(api)))
    for (let i = 0; i < count; i++) expect((await login(address, accounts[i % accounts.length].email, 'Wrong1!x')).status).toBe(401)
  }

  test('50 failures from one address: that address answers 429 with waitTime for any email; others are fine; it recovers after the window', async () => {
    const victim = await signedUpUser(api)
    const address = api.client()
    // Wrong passwords for accounts that exist (failures for unknown emails are counted apart, below).
    await failAgainstAccounts(address, 50)
    const blocked = await login(address, victim.email, victim.password)
    expect(blocked.status).toBe(429)
    expect(blocked.body.waitTime).toBe(15 * 60)
    // Another client with the same forwarded address is the same caller.
    expect((await login(api.client(address.forwardedFor), victim.email, victim.password)).status).toBe(429)
    expect((await login(api.client(), victim.email, victim.password)).status).toBe(200)
    api.advance(FIFTEEN_MINUTES)
    expect((await login(address, victim.email, victim.password)).status).toBe(200)
  })

  test('49 failures from one address do not block it', async () => {
    const victim = await signedUpUser(api)
    const address = api.client()
    await failAgainstAccounts(address, 49)
    expect((await login(address, victim.email, victim.password)).status).toBe(200)
  })

  test("52 failures for emails no account holds do not keep an account's right password out from that address (one proxy for everyone)", async () => {
    const administrator = await signedUpUser(api)
    const proxy = api.client()
    for (let i = 0; i < 52; i++) await login(proxy, uniqueEmail('made-up'), 'Wrong1!x')
    const answer = await login(proxy, administrator.email, administrator.password)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ user: { _id: administrator.id } })
  })

  test('failures for unknown emails have their own limit of 50 per address: the 51st unknown email answers 429 with waitTime', async () => {
    const address = api.client()
    for (let i = 0; i < 50; i++) expect((await login(address, uniqueEmail('probe'), 'Wrong1!x')).status).toBe(401)
    const blocked = await login(address, uniqueEmail('probe'), 'Wrong1!x')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: expect.stringMatching(/^Too many login attempts/), waitTime: 15 * 60 })
    api.advance(FIFTEEN_MINUTES)
    expect((await login(address, uniqueEmail('probe'), 'Wrong1!x')).status).toBe(401)
  })

  test('the per-account limit stays: 10 wrong passwords for the administrator from the shared address lock that account, not the others', async () => {
    const administrator = await signedUpUser(api)
    const colleague = await signedUpUser(api)
    const proxy = api.client()
    for (let i = 0; i < 10; i++) await login(proxy, administrator.email, 'Wrong1!x')
    expect((await login(proxy, administrator.email, administrator.password)).status).toBe(429)
    expect((await login(proxy, colleague.email, colleague.password)).status).toBe(200)
  })
})

describe('login limits under a burst of parallel attempts (issue 12)', () => {
  const tally = (answers: { status: number }[]) => ({
    evaluated: answers.filter((answer) => answer.status === 401).length,
    refused: answers.filter((answer) => answer.status === 429).length,
  })

  test('60 wrong logins at once for one email: exactly 10 passwords are evaluated, the other 50 answer 429', async () => {
    const { email } = await signedUpUser(api)
    const answers = await Promise.all(Array.from({ length: 60 }, () => login(api.client(), email, 'Wrong1!x')))
    expect(tally(answers)).toEqual({ evaluated: 10, refused: 50 })
  })

  test('120 wrong logins at once from one address (each for its own email): exactly 50 are evaluated', async () => {
    const address = api.client().forwardedFor
    const answers = await Promise.all(Array.from({ length: 120 }, () => login(api.client(address), uniqueEmail('burst'), 'Wrong1!x')))
    expect(tally(answers)).toEqual({ evaluated: 50, refused: 70 })
  })

  test('a right password gives its slot back: two bursts of 10 parallel logins of one account all succeed', async () => {
    const user = await signedUpUser(api)
    for (let burst = 0; burst < 2; burst++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => login(api.client(), user.email, user.password)))
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    }
  })
})
