import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_SHUTDOWN_DEADLINE_MS } from '#domain/constants'
import { parseEnv } from '#domain/env'
import { untilHealthy } from '../support/processes'
import { scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'
import { postInTwoParts, refusesConnections } from '../support/in-flight'
import { freePort, startSource, type SourceProcess } from '../support/sources'

/**
 * The API process on SIGTERM (DESIGN §3: closed cleanly): it stops accepting connections, lets the
 * requests in flight finish within SHUTDOWN_DEADLINE_MS, cuts what is left at the deadline, closes the
 * database and exits 0. The real process, started from its sources; a request is kept in flight by
 * sending its body in two parts. On the embedded database always, on PostgreSQL too with DATABASE_URL.
 */
const base = process.env.DATABASE_URL

test('the deadline is 10 seconds unless SHUTDOWN_DEADLINE_MS says otherwise', () => {
  expect(DEFAULT_SHUTDOWN_DEADLINE_MS).toBe(10_000)
  expect(parseEnv({}).SHUTDOWN_DEADLINE_MS).toBe(DEFAULT_SHUTDOWN_DEADLINE_MS)
  expect(parseEnv({ SHUTDOWN_DEADLINE_MS: '2500' }).SHUTDOWN_DEADLINE_MS).toBe(2500)
})

describe.each(base ? ['pglite', 'postgres'] : ['pglite'])('the API process on %s', (kind) => {
  const folder = scratchDir(`shutdown-${kind}`)
  let database: ScratchPostgres | undefined
  const started: SourceProcess[] = []
  beforeAll(async () => {
    if (kind === 'postgres') database = await scratchPostgres(base!, 'shutdown')
  })
  // A test that failed half-way leaves no process holding the database for the next one.
  afterEach(async () => {
    for (const api of started) api.child.kill('SIGKILL')
    await Promise.all(started.splice(0).map((api) => api.exited))
  })
  afterAll(async () => {
    folder.remove()
    await database?.drop()
  })
  const lockFile = path.join(folder.path, 'db.lock')

  async function start(env: Record<string, string> = {}) {
    const port = await freePort()
    const api = startSource('api/main.ts', {
      env: { API_PORT: String(port), DATA_DIR: folder.path, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'info', ...env },
    })
    started.push(api)
    // The first start creates and migrates the database: slow on a busy machine.
    await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child: api.child, seconds: 120 }).catch((error: Error) => {
      throw new Error(`${error.message}\n${api.output()}`)
    })
    return { api, port }
  }

  test('on SIGTERM a request in flight still gets its answer, new connections are refused, and the process exits 0', async () => {
    const { api, port } = await start()
    const login = postInTwoParts(port, '/auth/login', { email: 'nobody@example.com', password: 'Secret1!' })
    await sleep(300) // the headers are in: the request is in flight, its body unfinished
    api.child.kill('SIGTERM')
    await expect.poll(() => refusesConnections(port), { timeout: 5000, interval: 50 }).toBe(true)
    expect(api.child.exitCode).toBeNull()

    login.finish()
    const answer = await login.closed
    // Answered by the route itself, with the database still open: the login throttle writes a row first.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /)
    expect(answer).toContain('User not found')
    expect(answer).toMatch(/^connection: close\r$/im)
    expect(await api.exited).toEqual({ code: 0, signal: null })
    if (kind === 'pglite') expect(fs.existsSync(lockFile)).toBe(false)
    expect(api.output()).toContain(`SIGTERM: closing, requests in flight have ${DEFAULT_SHUTDOWN_DEADLINE_MS} ms`)
    expect(api.output()).not.toContain('deadline reached')
  }, 180_000)

  test('a request still unfinished at the deadline is cut off, and the process still closes the database and exits 0', async () => {
    const deadline = 1500
    const { api, port } = await start({ SHUTDOWN_DEADLINE_MS: String(deadline) })
    const stuck = postInTwoParts(port, '/auth/login', { email: 'nobody@example.com', password: 'Secret1!' })
    await sleep(300)
    const signalled = Date.now()
    api.child.kill('SIGTERM')

    const answer = await stuck.closed
    const cutAfter = Date.now() - signalled
    expect(answer).toBe('') // no answer: the connection was closed under it
    expect(cutAfter).toBeGreaterThanOrEqual(deadline - 100)
    expect(await api.exited).toEqual({ code: 0, signal: null })
    expect(Date.now() - signalled).toBeLessThan(deadline + 5000)
    if (kind === 'pglite') expect(fs.existsSync(lockFile)).toBe(false)
    expect(api.output()).toContain('shutdown deadline reached')
  }, 180_000)

  test.runIf(kind === 'pglite')('SIGINT closes the same way, and the database opens again at the next start', async () => {
    const { api, port } = await start()
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    api.child.kill('SIGINT')
    expect(await api.exited).toEqual({ code: 0, signal: null })
    expect(fs.existsSync(lockFile)).toBe(false)
    const again = await start()
    again.api.child.kill('SIGTERM')
    expect(await again.api.exited).toEqual({ code: 0, signal: null })
  }, 180_000)
})
