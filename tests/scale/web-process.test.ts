import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { SESSION_COOKIE } from '#domain/constants'
import { postInTwoParts, refusesConnections } from '../support/in-flight'
import { ensureBuilt, stopProcess, untilHealthy } from '../support/processes'
import { scratchDir } from '../support/scratch'
import { freePort } from '../support/sources'

/**
 * The built web process as production runs it (issue 27): one JSON line per request, whose id goes
 * to the API so that one click can be followed through both logs; and on SIGTERM, requests in flight
 * finish, new connections are refused, and what is still running at the deadline is cut off.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')

interface Running {
  child: ChildProcess
  port: number
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function startBuilt(script: 'api.js' | 'web.js', port: number, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [path.join(ROOT, 'build/server', script)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return { child, port, output: () => output, exited }
}

/** The JSON lines a process has logged so far (its other lines are plain text). */
const logLines = (process: Running) =>
  process
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

const folder = scratchDir('web-process')
let apiPort = 0
let api: Running
const webs: Running[] = []

async function startWeb(env: Record<string, string> = {}) {
  const port = await freePort()
  const web = startBuilt('web.js', port, { PORT: String(port), BACKEND_URL: `http://127.0.0.1:${apiPort}`, PUBLIC_URL: `http://localhost:${port}`, ...env })
  webs.push(web)
  await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child: web.child, seconds: 60 })
  return web
}

beforeAll(async () => {
  ensureBuilt()
  apiPort = await freePort()
  api = startBuilt('api.js', apiPort, { API_PORT: String(apiPort), DATA_DIR: folder.path })
  await untilHealthy(`http://127.0.0.1:${apiPort}/healthz`, { child: api.child, seconds: 120 }).catch((error: Error) => {
    throw new Error(`${error.message}\n${api.output()}`)
  })
}, 180_000)
afterEach(async () => {
  await Promise.all(webs.splice(0).map((web) => stopProcess(web.child)))
})
afterAll(async () => {
  if (api) await stopProcess(api.child)
  folder.remove()
})

describe('the web request log', () => {
  test('one line per request, the path without its query, and the same id in the API line of the call it made', async () => {
    const web = await startWeb()
    // A session cookie makes /login ask the API who is signed in (GET /landing).
    const answer = await fetch(`http://127.0.0.1:${web.port}/login?token=secret-reset-token`, { headers: { cookie: `${SESSION_COOKIE}=not-a-session` } })
    expect(answer.status).toBe(200)

    await expect.poll(() => logLines(web).filter((line) => line.url === '/login').length).toBe(1)
    const [line] = logLines(web).filter((entry) => entry.url === '/login')
    expect(line).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', url: '/login', statusCode: 200 })
    expect(line.reqId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/))
    expect(line.responseTime).toEqual(expect.any(Number))
    expect(web.output()).not.toContain('secret-reset-token')
    expect(web.output()).not.toContain('not-a-session')

    await expect.poll(() => logLines(api).filter((entry) => entry.reqId === line.reqId)).toEqual([expect.objectContaining({ method: 'GET', url: '/landing' })])
    expect(api.output()).not.toContain('not-a-session')
  })

  test('an id sent by a browser is not taken: the web makes its own', async () => {
    const web = await startWeb()
    await fetch(`http://127.0.0.1:${web.port}/login`, { headers: { 'x-request-id': 'chosen-by-the-client' } })
    await expect.poll(() => logLines(web).filter((line) => line.url === '/login').length).toBe(1)
    expect(web.output()).not.toContain('chosen-by-the-client')
  })
})

describe('the web on SIGTERM', () => {
  const form = `email=${encodeURIComponent('nobody@example.com')}&password=Secret1%21x`

  test('a form post in flight still gets its answer, new connections are refused, and the process exits 0', async () => {
    const web = await startWeb()
    const post = postInTwoParts(web.port, '/login', form, { Origin: `http://localhost:${web.port}` })
    await sleep(300) // the headers are in: the request is in flight, its body unfinished
    web.child.kill('SIGTERM')
    await expect.poll(() => refusesConnections(web.port), { timeout: 5000, interval: 50 }).toBe(true)
    expect(web.child.exitCode).toBeNull()

    post.finish()
    const answer = await post.closed
    // The login screen's own answer to an unknown account, rendered with the API still there.
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('User not found')
    expect(await web.exited).toEqual({ code: 0, signal: null })
    expect(web.output()).toContain('SIGTERM: closing, in-flight requests have 10000 ms')
    expect(web.output()).not.toContain('deadline reached')
  }, 60_000)

  test('a request unfinished at the deadline is cut off, and the process still exits 0', async () => {
    const deadline = 1500
    const web = await startWeb({ SHUTDOWN_DEADLINE_MS: String(deadline) })
    const stuck = postInTwoParts(web.port, '/login', form, { Origin: `http://localhost:${web.port}` })
    await sleep(300)
    const signalled = Date.now()
    web.child.kill('SIGTERM')
    expect(await stuck.closed).toBe('')
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(deadline - 100)
    expect(await web.exited).toEqual({ code: 0, signal: null })
    expect(web.output()).toContain('shutdown deadline reached')
  }, 60_000)
})
