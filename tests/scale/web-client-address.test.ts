import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Agent, request } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#domain/constants'
import { ensureBuilt, stopProcess, untilHealthy } from '../support/processes'
import { scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'
import { freePort } from '../support/sources'

/**
 * The client's address behind a proxy, through the built web and API: the web believes the
 * X-Forwarded-For of the proxies WEB_TRUST_PROXY names, and nobody else's, and hands that address
 * to the API's per-address limits. Every 127.x.y.z is this machine, so a test connects from a local
 * address of its own and no two tests share a count. On PostgreSQL when DATABASE_URL is set.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const LIMIT = 2 // SIGNUPS_PER_ADDRESS_PER_HOUR: reset requests one address may make in an hour
const TOO_MANY = 'Too many requests from this address.'

const folder = scratchDir('web-client-address')
let database: ScratchPostgres | undefined
let apiPort = 0
const children: ChildProcess[] = []
const webs: ChildProcess[] = []

function startBuilt(script: 'api.js' | 'web.js', env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT, 'build/server', script)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database?.url ?? '', DATA_DIR: folder.path, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.push(child)
  return child
}

/** A web process in front of the API, with WEB_TRUST_PROXY as given (unset when undefined). */
async function startWeb(trusted?: string) {
  const port = await freePort()
  const child = startBuilt('web.js', { PORT: String(port), BACKEND_URL: `http://127.0.0.1:${apiPort}`, WEB_TRUST_PROXY: trusted ?? '' })
  webs.push(child)
  await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child, seconds: 60 })
  return port
}

/** One connection pool per local address: a request from 127.0.10.1 is one the web sees come from there. */
const agents = new Map<string, Agent>()
const agentFrom = (from: string) => agents.get(from) ?? agents.set(from, new Agent({ localAddress: from })).get(from)!

/**
 * Posts a form to the web from `from` (a loopback address) as a browser on its page would, with
 * X-Forwarded-For when given (a proxy's, or one a client made up).
 */
async function post(port: number, from: string, route: string, fields: Record<string, string>, forwardedFor?: string) {
  const origin = `http://127.0.0.1:${port}`
  const headers: Record<string, string> = { origin, 'content-type': 'application/x-www-form-urlencoded' }
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor
  const answer = await request(`${origin}${route}`, { method: 'POST', headers, body: new URLSearchParams(fields).toString(), dispatcher: agentFrom(from) })
  const cookies = [answer.headers['set-cookie'] ?? []].flat()
  return { status: answer.statusCode, text: await answer.body.text(), cookies }
}

const forgot = (port: number, from: string, forwardedFor?: string) => post(port, from, '/forgot-password', { email: 'someone@example.com' }, forwardedFor)

/** LIMIT reset requests are answered; the next one is refused for the address. */
async function exhaust(ask: () => Promise<{ text: string }>) {
  for (let i = 0; i < LIMIT; i++) expect((await ask()).text).not.toContain(TOO_MANY)
  expect((await ask()).text).toContain(TOO_MANY)
}

beforeAll(async () => {
  ensureBuilt()
  if (process.env.DATABASE_URL) database = await scratchPostgres(process.env.DATABASE_URL, 'web_client_address')
  apiPort = await freePort()
  const api = startBuilt('api.js', { API_PORT: String(apiPort), SIGNUPS_PER_ADDRESS_PER_HOUR: String(LIMIT) })
  await untilHealthy(`http://127.0.0.1:${apiPort}/healthz`, { child: api, seconds: 120 })
}, 180_000)
afterEach(async () => {
  await Promise.all(webs.splice(0).map((web) => stopProcess(web)))
})
afterAll(async () => {
  await Promise.all(children.map((child) => stopProcess(child)))
  await Promise.all([...agents.values()].map((agent) => agent.close()))
  await database?.drop()
  folder.remove()
})

describe('WEB_TRUST_PROXY', () => {
  test('with a trusted proxy, two clients behind it have their own limits', async () => {
    const port = await startWeb('loopback')
    const proxy = '127.0.10.1'
    await exhaust(() => forgot(port, proxy, '203.0.113.10'))
    // The other client, through the same proxy, is not the first one's count.
    expect((await forgot(port, proxy, '203.0.113.20')).text).not.toContain(TOO_MANY)
    // The proxy's own request (no header) is the proxy's address, a third count.
    expect((await forgot(port, proxy)).text).not.toContain(TOO_MANY)
    // Whatever the client put in front of the proxy's entry is not believed: the proxy names the first client.
    expect((await forgot(port, proxy, '198.51.100.7, 203.0.113.10')).text).toContain(TOO_MANY)
  }, 30_000)

  test("a caller that is not a trusted proxy: its X-Forwarded-For is ignored, a new one per request does not escape the limit", async () => {
    const port = await startWeb('192.0.2.1')
    const caller = '127.0.20.1'
    let n = 0
    await exhaust(() => forgot(port, caller, `203.0.113.${++n}`))
  }, 30_000)

  test('unset: the connection is the client, whatever X-Forwarded-For says', async () => {
    const port = await startWeb()
    const caller = '127.0.30.1'
    let n = 0
    await exhaust(() => forgot(port, caller, `203.0.113.${++n}`))
  }, 30_000)
})

describe('everyone behind one proxy: a flood of sign-ins for made-up emails', () => {
  test("52 failures do not keep the administrator's right password out", async () => {
    const administrator = await signedUp('admin.flood@example.com', 'Flood1!admin')
    const port = await startWeb()
    const office = '127.0.40.1'
    for (let i = 0; i < 52; i++) {
      const failed = await post(port, office, '/login', { email: `made-up.${i}@example.com`, password: 'Wrong1!x', redirectTo: '' })
      expect(failed.status).toBe(200)
    }
    const signedIn = await post(port, office, '/login', { ...administrator, redirectTo: '' })
    expect(signedIn.text).not.toContain('Too many login attempts')
    expect(signedIn.status).toBe(302)
    expect(signedIn.cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true)
  }, 60_000)
})

/** An account signed up and verified through the API, with the code from its outbox. */
async function signedUp(email: string, password: string) {
  const call = (route: string, body: unknown) =>
    fetch(`http://127.0.0.1:${apiPort}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.50' }, body: JSON.stringify(body) })
  expect((await call('/auth/signup', { email, password })).status).toBe(201)
  const outbox = path.join(folder.path, 'outbox')
  const mail = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')).find((text) => text.includes(`To: ${email}`))!
  const otp = mail.replace(/=\r?\n/g, '').match(/code is (\d{6})/)![1]
  expect((await call('/auth/verify-otp', { email, otp })).status).toBe(200)
  return { email, password }
}
