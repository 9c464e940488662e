import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Client } from '../support/api-harness'
import { ensureBuilt, untilHealthy } from '../support/processes'
import { scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'

/**
 * Crash safety (README "Durability"): writes go through the built API under concurrent load, the
 * process is killed outright (SIGKILL) mid-way, and after a restart every write the API had
 * acknowledged is there and the database opens cleanly. On the embedded PGlite always; on
 * PostgreSQL when DATABASE_URL is set.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const PORT = 3631
const WRITERS = 8
const KILL_AFTER = 120

let portTaken = false
beforeAll(async () => {
  portTaken = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(() => true, () => false)
  ensureBuilt()
}, 240_000)

function startApi(env: Record<string, string>): ChildProcess {
  if (portTaken) throw new Error(`port ${PORT} is taken by another process: this test would talk to it`)
  return spawn(process.execPath, [path.join(ROOT, 'build/server/api.js')], {
    cwd: ROOT,
    // DATABASE_URL only where the test names one: CI runs this file with it set for PostgreSQL.
    env: { ...process.env, NODE_ENV: 'test', API_PORT: String(PORT), DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

const healthy = () => untilHealthy(`http://127.0.0.1:${PORT}/healthz`)

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve)))

/** Signs up the first account (the administrator) and answers its client. */
async function administrator(dataDir: string) {
  const client = new Client('127.0.0.1', `http://127.0.0.1:${PORT}`)
  const email = `crash.${randomBytes(4).toString('hex')}@example.com`
  expect((await client.post('/auth/signup', { email, password: 'Crashsafe1!' })).status).toBe(201)
  const outbox = path.join(dataDir, 'outbox')
  const mail = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')).find((text) => text.includes(`To: ${email}`))!
  const code = mail.replace(/=\r?\n/g, '').match(/code is (\d{6})/)![1]
  expect((await client.post('/auth/verify-otp', { email, otp: code })).status).toBe(200)
  return client
}

/**
 * Eight writers create categories as fast as the API answers; once enough are acknowledged the
 * process is killed while the writers are still writing. Answers the names acknowledged (201).
 */
async function writeUntilKilled(client: Client, child: ChildProcess) {
  const acknowledged: string[] = []
  let killed = false
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      const name = `crash ${w}-${i}`
      const answer = await client.post('/api/categories', { name }).catch(() => null)
      // No answer: the process is gone. Any answer but 201 before the kill is a broken set-up, not a crash.
      if (!answer) return
      if (answer.status !== 201) throw new Error(`POST /api/categories answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      acknowledged.push(name)
      if (acknowledged.length >= KILL_AFTER && !killed) {
        killed = true
        child.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)))
  await exited(child)
  return acknowledged
}

async function expectAllThere(client: Client, acknowledged: string[]) {
  const listed = await client.get<{ name: string }[]>('/api/categories')
  expect(listed.status).toBe(200)
  const names = new Set(listed.body.map((row) => row.name))
  expect(acknowledged.filter((name) => !names.has(name))).toEqual([])
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER)
}

describe('the embedded database (PGlite) loses no acknowledged write when the API process is killed', () => {
  let folder: ReturnType<typeof scratchDir> | undefined
  const children: ChildProcess[] = []
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await Promise.all(children.map(exited))
    folder?.remove()
  })

  test('every category the API acknowledged before SIGKILL is there after a restart', async () => {
    folder = scratchDir('crash-pglite')
    const dataDir = folder.path
    const first = startApi({ DATA_DIR: dataDir })
    children.push(first)
    await healthy()
    const client = await administrator(dataDir)
    const acknowledged = await writeUntilKilled(client, first)
    // The dead process's lock is taken over; PGlite recovers from its write-ahead log.
    const second = startApi({ DATA_DIR: dataDir })
    children.push(second)
    await healthy()
    await expectAllThere(client, acknowledged)
  }, 180_000)
})

const base = process.env.DATABASE_URL
describe.skipIf(!base)('PostgreSQL loses no acknowledged write when the API process is killed (needs DATABASE_URL)', () => {
  let database: ScratchPostgres | undefined
  let folder: ReturnType<typeof scratchDir> | undefined
  const children: ChildProcess[] = []
  beforeAll(async () => {
    database = await scratchPostgres(base!, 'crash')
    folder = scratchDir('crash-pg')
  })
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await Promise.all(children.map(exited))
    await database?.drop()
    folder?.remove()
  })

  test('every category the API acknowledged before SIGKILL is there after a restart', async () => {
    const [url, dataDir] = [database!.url, folder!.path]
    const first = startApi({ DATABASE_URL: url, DATA_DIR: dataDir })
    children.push(first)
    await healthy()
    const client = await administrator(dataDir)
    const acknowledged = await writeUntilKilled(client, first)
    const second = startApi({ DATABASE_URL: url, DATA_DIR: dataDir })
    children.push(second)
    await healthy()
    await expectAllThere(client, acknowledged)
  }, 180_000)
})
