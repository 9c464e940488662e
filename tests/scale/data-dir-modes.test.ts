import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt, startCollecting, stopProcess, untilHealthy } from '../support/processes'
import { scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'
import { freePort } from '../support/sources'

/**
 * What the product keeps in DATA_DIR is its account's alone (README, Deploying): the database's files
 * (password hashes, salaries, the audit log), its lock, backups, the outbox's codes and reset links
 * and the session secret. The built commands run under umask 000, the widest there is, so that every
 * mode is the one the product asks for: a walk of DATA_DIR after each step finds no entry group or
 * others may read, write or enter.
 */
const ADMIN = { email: 'admin@modes.test', password: 'Modes@Admin1' }

beforeAll(ensureBuilt, 240_000)

/** `node <args>` in the repository under umask 000, with the test's variables. */
const underWideUmask = (args: string[], env: Record<string, string>) => startCollecting('sh', ['-c', 'umask 000 && exec "$@"', 'sh', process.execPath, ...args], env)

async function runToEnd(args: string[], env: Record<string, string>) {
  const run = underWideUmask(args, env)
  const code = await run.exited
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}:\n${run.output()}`)
  return run.output()
}

/** Every entry under `root` (itself included) that group or others may use, as "mode path" lines. */
function openToOthers(root: string): string[] {
  const open: string[] = []
  const walk = (entry: string) => {
    const stat = fs.lstatSync(entry)
    if (stat.mode & 0o077) open.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(path.dirname(root), entry)}`)
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) walk(path.join(entry, name))
  }
  walk(root)
  return open
}

/** How an older version under a wide umask left DATA_DIR: everything open to everyone. */
function openToEveryone(root: string) {
  const stat = fs.lstatSync(root)
  fs.chmodSync(root, stat.isDirectory() ? 0o777 : 0o666)
  if (stat.isDirectory()) for (const name of fs.readdirSync(root)) openToEveryone(path.join(root, name))
}

/** `npm run start:production` under umask 000; answers once the web answers (it checks the API). */
async function startApp(env: Record<string, string>) {
  const [port, apiPort] = [await freePort(), await freePort()]
  const app = underWideUmask(['scripts/start.mjs', '--built'], { PORT: String(port), API_PORT: String(apiPort), PUBLIC_URL: `http://localhost:${port}`, ...env })
  await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child: app.child, seconds: 90 }).catch((error: Error) => {
    throw new Error(`${error.message}\n${app.output()}`)
  })
  return { ...app, port, apiPort }
}

/** A sign-up through the API (a mail with a code in the outbox) and a page of the web read with a flash cookie (the session secret). */
async function mailAndFlash(app: { port: number; apiPort: number }, dataDir: string, email: string) {
  const signup = await fetch(`http://127.0.0.1:${app.apiPort}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Modes@User1' }),
  })
  expect(signup.status).toBe(201)
  const outbox = path.join(dataDir, 'outbox')
  expect(fs.readdirSync(outbox).some((name) => fs.readFileSync(path.join(outbox, name), 'utf8').includes(`To: ${email}`))).toBe(true)
  expect((await fetch(`http://127.0.0.1:${app.port}/login`, { headers: { cookie: 'flash=forged' } })).status).toBe(200)
  expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(true)
}

describe('the embedded database: seed, start, a mail, backups and a restore', () => {
  const folder = scratchDir('data-modes')
  const dataDir = path.join(folder.path, 'data')
  const restoredDir = path.join(folder.path, 'restored')
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  afterAll(async () => {
    if (app) await stopProcess(app.child)
    folder.remove()
  })

  test('nothing in DATA_DIR is open to group or others after any step', async () => {
    await runToEnd(['build/server/seed.js'], { DATA_DIR: dataDir, SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password })
    expect(fs.readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(10)
    expect(openToOthers(dataDir), 'after the seed').toEqual([])

    // What an older version left is narrowed at the next start.
    openToEveryone(dataDir)
    app = await startApp({ DATA_DIR: dataDir })
    await mailAndFlash(app, dataDir, 'new.person@modes.test')
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true)
    expect(fs.existsSync(path.join(dataDir, 'backup-requests', 'api.pid'))).toBe(true)
    expect(openToOthers(dataDir), 'after the start and a mail').toEqual([])

    // A backup the running API writes (a request file, its answer), into DATA_DIR/backups.
    expect(await runToEnd(['build/server/backup.js'], { DATA_DIR: dataDir })).toContain('read by the running API')
    expect(fs.readdirSync(path.join(dataDir, 'backups'))).toHaveLength(1)
    expect(openToOthers(dataDir), 'after a backup by the running API').toEqual([])

    app.child.kill('SIGTERM')
    expect(await app.exited).toBe(0)
    app = undefined
    expect(openToOthers(dataDir), 'after the stop').toEqual([])

    // A backup read from the files (the app stopped), to a path of one's choosing in a new folder.
    const file = path.join(folder.path, 'elsewhere', 'copy.tar.gz')
    expect(await runToEnd(['build/server/backup.js', file], { DATA_DIR: dataDir })).toContain('read by the database files')
    expect(openToOthers(dataDir), 'after a backup from the files').toEqual([])
    expect(openToOthers(path.dirname(file)), 'the backup made elsewhere').toEqual([])

    expect(await runToEnd(['build/server/restore.js', file], { DATA_DIR: restoredDir })).toContain('Restored')
    expect(fs.readdirSync(path.join(restoredDir, 'db')).length).toBeGreaterThan(10)
    expect(openToOthers(restoredDir), 'after a restore').toEqual([])
  }, 180_000)
})

const base = process.env.DATABASE_URL
describe.skipIf(!base)('PostgreSQL: the outbox and the session secret (needs DATABASE_URL)', () => {
  let database: ScratchPostgres | undefined
  const folder = scratchDir('data-modes-pg')
  const dataDir = path.join(folder.path, 'data')
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  beforeAll(async () => {
    database = await scratchPostgres(base!, 'modes')
  })
  afterAll(async () => {
    if (app) await stopProcess(app.child)
    await database?.drop()
    folder.remove()
  })

  test('nothing in DATA_DIR is open to group or others after a start and a mail', async () => {
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: database!.url })
    await mailAndFlash(app, dataDir, 'first@modes.test')
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false)
    expect(openToOthers(dataDir)).toEqual([])
  }, 120_000)
})
