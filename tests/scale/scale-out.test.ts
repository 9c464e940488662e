import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LOGIN_MAX_FAILURES_PER_EMAIL, RESEND_MAX_PER_HOUR } from '#domain/constants'
import { Client } from '../support/api-harness'
import { ensureBuilt, stopProcess, untilHealthy } from '../support/processes'
import { runSql, scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'

/**
 * DESIGN §3 and README "Scale-out": two API processes and two web processes, built as `npm start`
 * runs them, on one PostgreSQL. What one instance does, the others see: nothing lives in memory.
 */
const base = process.env.DATABASE_URL
const ROOT = path.resolve(import.meta.dirname, '../..')

interface Instance {
  name: string
  port: number
  child: ChildProcess
  dataDir?: string
}
const running: Instance[] = []
let scratchDatabase: ScratchPostgres | undefined
let database = ''
let folder: ReturnType<typeof scratchDir> | undefined
let scratch = ''
const API = [3611, 3612]
const WEB = [3621, 3622]
const PUBLIC_URL = `http://localhost:${WEB[0]}`

function start(name: string, script: string, port: number, env: Record<string, string>, dataDir?: string): Instance {
  const child = spawn(process.execPath, [path.join(ROOT, 'build/server', script)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', PUBLIC_URL, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const instance = { name, port, child, dataDir }
  running.push(instance)
  return instance
}

const stop = ({ child }: Instance) => stopProcess(child)
const healthy = (port: number) => untilHealthy(`http://127.0.0.1:${port}/healthz`, { seconds: 30 })

const startApi = (i: number) => {
  const dataDir = path.join(scratch, `api-${i}`)
  return start(`api-${i}`, 'api.js', API[i], { API_PORT: String(API[i]), DATABASE_URL: database, DATA_DIR: dataDir }, dataDir)
}
const startWeb = (i: number) => start(`web-${i}`, 'web.js', WEB[i], { PORT: String(WEB[i]), BACKEND_URL: `http://127.0.0.1:${API[i]}`, DATA_DIR: path.join(scratch, `web-${i}`) })

/** The newest verification code mailed to this address by any API process (each writes its own outbox). */
function latestCode(email: string) {
  const mails = [0, 1].flatMap((i) => {
    const dir = path.join(scratch, `api-${i}`, 'outbox')
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') })) : []
  })
  const mine = mails.filter((mail) => mail.text.includes(`To: ${email}`)).sort((a, b) => a.name.localeCompare(b.name))
  const text = mine.at(-1)?.text.replace(/=\r?\n/g, '') ?? ''
  const code = text.match(/code is (\d{6})/)?.[1]
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

/** A caller of instance `i` holding the same cookies as `from`: the load balancer sending one browser elsewhere. */
function at(i: number, from?: Client) {
  const client = new Client(`203.0.113.${Math.floor(Math.random() * 250) + 1}`, `http://127.0.0.1:${API[i]}`)
  from?.cookies.forEach((value, key) => client.cookies.set(key, value))
  return client
}

const sql = (query: string, values: unknown[] = []) => runSql(database, query, values)

describe.skipIf(!base)('two API and two web processes on one PostgreSQL behave as one (needs DATABASE_URL: the embedded database is one process)', () => {
  beforeAll(async () => {
    ensureBuilt()
    for (const port of [...API, ...WEB]) {
      const taken = await fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false)
      if (taken) throw new Error(`port ${port} is taken by another process: this test would talk to it`)
    }
    folder = scratchDir('scale-out')
    scratch = folder.path
    scratchDatabase = await scratchPostgres(base!, 'scale')
    database = scratchDatabase.url
    // Both API processes migrate at start, at the same moment: the advisory lock serialises them.
    startApi(0)
    startApi(1)
    await Promise.all(API.map(healthy))
    startWeb(0)
    startWeb(1)
    await Promise.all(WEB.map(healthy))
  }, 240_000)

  afterAll(async () => {
    await Promise.all(running.map(stop))
    await scratchDatabase?.drop()
    folder?.remove()
  }, 60_000)

  const email = `scale.${randomBytes(4).toString('hex')}@example.com`
  const password = 'Scaleout1!'
  let signedIn: Client

  test('the resend cooldown started by one API process holds on the other', async () => {
    const signup = await at(0).post('/auth/signup', { email, password })
    expect(signup.status, JSON.stringify(signup.body)).toBe(201)
    const resend = await at(1).post<{ error: string; waitTime: number }>('/auth/resend-otp', { email, purpose: 'signup' })
    expect(resend.status).toBe(429)
    expect(resend.body.waitTime).toBeGreaterThan(0)
  })

  test('the hourly resend limit counts the codes sent by every process', async () => {
    // The cooldown is moved back in the database instead of waiting a minute between sends.
    for (let sent = 1; sent < RESEND_MAX_PER_HOUR; sent++) {
      await sql(`update one_time_codes set created_at = created_at - interval '61 seconds' where user_id = (select id from users where email = $1)`, [email])
      const resend = await at(sent % 2).post('/auth/resend-otp', { email, purpose: 'signup' })
      expect(resend.status, JSON.stringify(resend.body)).toBe(200)
    }
    await sql(`update one_time_codes set created_at = created_at - interval '61 seconds' where user_id = (select id from users where email = $1)`, [email])
    for (const i of [0, 1]) {
      const refused = await at(i).post<{ error: string; waitTime?: number }>('/auth/resend-otp', { email, purpose: 'signup' })
      expect(refused.status).toBe(429)
      expect(refused.body.error).toMatch(/limit/)
      expect(refused.body.waitTime).toBeUndefined()
    }
  })

  test('a session made through one API process works through the other, and through both web processes', async () => {
    signedIn = at(1)
    const verified = await signedIn.post('/auth/verify-otp', { email, otp: latestCode(email) })
    expect(verified.status, JSON.stringify(verified.body)).toBe(200)
    for (const i of [0, 1]) {
      const landing = await at(i, signedIn).get<{ user: { email: string } | null }>('/landing')
      expect(landing.body.user?.email).toBe(email)
    }
    const cookie = [...signedIn.cookies].map(([key, value]) => `${key}=${value}`).join('; ')
    for (const port of WEB) {
      const page = await fetch(`http://127.0.0.1:${port}/dashboard`, { headers: { cookie }, redirect: 'manual' })
      expect(page.status, `web on ${port}`).toBe(200)
      expect(await page.text()).toContain('Welcome to')
    }
  })

  test('the login throttle counts failures made through every process', async () => {
    for (let failure = 0; failure < LOGIN_MAX_FAILURES_PER_EMAIL; failure++) {
      const wrong = await at(failure % 2).post('/auth/login', { email, password: 'Wrongpass1!' })
      expect(wrong.status).toBe(401)
    }
    for (const i of [0, 1]) {
      const throttled = await at(i).post<{ waitTime: number }>('/auth/login', { email, password })
      expect(throttled.status).toBe(429)
      expect(throttled.body.waitTime).toBeGreaterThan(0)
    }
  })

  test('an API process killed outright loses nothing: the other serves the session, and it serves it again after a restart', async () => {
    const first = running.find((instance) => instance.name === 'api-0')!
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    expect((await at(1, signedIn).get<{ user: { email: string } }>('/landing')).body.user.email).toBe(email)
    startApi(0)
    await healthy(API[0])
    expect((await at(0, signedIn).get<{ user: { email: string } }>('/landing')).body.user.email).toBe(email)
  })
})
