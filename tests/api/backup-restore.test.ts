import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { backupEmbedded, restoreEmbedded } from '#api/db/backup'
import { openDatabase } from '#api/db/client'
import { Client } from '../support/api-harness'
import { untilHealthy } from '../support/processes'
import { scratchDir } from '../support/scratch'
import { freePort, runSource, startSource } from '../support/sources'

/**
 * `npm run backup` and `npm run restore FILE` (DESIGN §2): the embedded database as one file and back,
 * with the app stopped or running. The source is the demo data of `npm run seed`: every table has rows.
 * Always on PGlite (PostgreSQL is backed up with pg_dump, which the scripts say).
 */
const scratch = scratchDir('backup')
const at = (name: string) => path.join(scratch.path, name)
const source = at('source')
const ADMIN = { email: 'admin@backup.test', password: 'Backup@Admin1' }

beforeAll(async () => {
  const seeded = await runSource('scripts/seed.ts', { env: { DATA_DIR: source, SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password } })
  if (seeded.code !== 0) throw new Error(`npm run seed failed:\n${seeded.output}`)
}, 300_000)
afterAll(scratch.remove)

/** Every row of every table (the migrations' own included), as sorted JSON per table. */
async function everyRow(dataDir: string) {
  const database = await openDatabase({ dataDir })
  try {
    const rows = async (statement: string) => ((await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows
    const tables = await rows(
      "select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1",
    )
    const all: Record<string, string[]> = {}
    for (const { name } of tables) all[name as string] = (await rows(`select * from ${name as string}`)).map((row) => JSON.stringify(row)).sort()
    return all
  } finally {
    await database.close()
  }
}

const isGzip = (file: string) => fs.readFileSync(file).subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))

/** A process that holds nothing, to stand for a live one holding the lock. */
function someLiveProcess() {
  const sleeper = spawn('sleep', ['60'])
  return { pid: sleeper.pid!, alive: () => sleeper.exitCode === null && sleeper.signalCode === null, stop: () => sleeper.kill() }
}

describe('with the app stopped', () => {
  const file = at('stopped.tar.gz')
  const restored = at('restored')

  test('a backup restored into an empty DATA_DIR gives back every row of every table', async () => {
    const result = await backupEmbedded(source, file)
    expect(result).toEqual({ file, bytes: fs.statSync(file).size, from: 'files' })
    expect(isGzip(file)).toBe(true)
    expect(fs.existsSync(path.join(source, 'db.lock'))).toBe(false)

    await restoreEmbedded(restored, file)
    expect(fs.existsSync(path.join(restored, 'db.lock'))).toBe(false)
    const before = await everyRow(source)
    const after = await everyRow(restored)
    // The seed's data is there to compare: people, roles, their history, projects and their plans.
    expect(before['public.users'].length).toBeGreaterThan(10)
    expect(before['public.roles'].length).toBeGreaterThanOrEqual(4)
    expect(before['public.role_histories'].length).toBeGreaterThan(0)
    expect(before['public.projects'].length).toBeGreaterThanOrEqual(3)
    expect(before['public.project_resource_instances'].length).toBeGreaterThan(0)
    expect(before['drizzle.__drizzle_migrations'].length).toBeGreaterThan(0)
    for (const table of ['public.users', 'public.roles', 'public.role_histories', 'public.projects', 'public.plannings', 'public.leave']) {
      expect(after[table], table).toEqual(before[table])
    }
    expect(after).toEqual(before)
  })

  test('restore refuses a DATA_DIR whose database is not empty, and leaves it as it was', async () => {
    const before = await everyRow(restored)
    await expect(restoreEmbedded(restored, file)).rejects.toThrow(/already holds a database: a backup is restored only into an empty DATA_DIR/)
    expect(fs.readdirSync(restored).sort()).toEqual(['db'])
    expect(await everyRow(restored)).toEqual(before)
  })

  test('restore refuses while a running process holds the database', async () => {
    const holder = someLiveProcess()
    const empty = at('locked')
    fs.mkdirSync(empty)
    fs.writeFileSync(path.join(empty, 'db.lock'), String(holder.pid))
    try {
      await expect(restoreEmbedded(empty, file)).rejects.toThrow(`in use by process ${holder.pid}. Stop the app before restoring.`)
      expect(fs.existsSync(path.join(empty, 'db'))).toBe(false)
    } finally {
      holder.stop()
    }
  })

  test('restore refuses a file that is not a backup, and leaves DATA_DIR empty', async () => {
    const target = at('not-restored')
    fs.writeFileSync(at('notes.txt'), 'not a backup')
    await expect(restoreEmbedded(target, at('notes.txt'))).rejects.toThrow(/is not a backup made by npm run backup/)
    fs.writeFileSync(at('junk.tar.gz'), gzipSync('not a tarball'))
    await expect(restoreEmbedded(target, at('junk.tar.gz'))).rejects.toThrow(/could not be opened as a database/)
    await expect(restoreEmbedded(target, at('missing.tar.gz'))).rejects.toThrow(/There is no backup file/)
    expect(fs.readdirSync(target)).toEqual(['db'])
    expect(fs.readdirSync(path.join(target, 'db'))).toEqual([])
    // Still empty, so the right file restores into it.
    await restoreEmbedded(target, file)
    expect((await everyRow(target))['public.users']).toEqual((await everyRow(source))['public.users'])
  })

  test('backup refuses a DATA_DIR without a database', async () => {
    await expect(backupEmbedded(at('nothing-here'), at('nothing.tar.gz'))).rejects.toThrow(/There is no embedded database in .*nothing-here/)
    expect(fs.existsSync(at('nothing.tar.gz'))).toBe(false)
  })

  test('a process holding the database that does not answer backups (a seed, a migration) is not signalled: the backup is refused', async () => {
    const holder = someLiveProcess()
    fs.writeFileSync(path.join(restored, 'db.lock'), String(holder.pid))
    try {
      await expect(backupEmbedded(restored, at('refused.tar.gz'))).rejects.toThrow(`held by process ${holder.pid}, which does not answer backup requests`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(holder.alive()).toBe(true)
      expect(fs.existsSync(at('refused.tar.gz'))).toBe(false)
    } finally {
      holder.stop()
      fs.rmSync(path.join(restored, 'db.lock'), { force: true })
    }
  })

  test('a live process named by a bare id in both the lock and api.pid (as an older version wrote them) is not signalled: an id alone proves nothing', async () => {
    const holder = someLiveProcess()
    const requests = path.join(restored, 'backup-requests')
    fs.mkdirSync(requests, { recursive: true })
    fs.writeFileSync(path.join(restored, 'db.lock'), String(holder.pid))
    fs.writeFileSync(path.join(requests, 'api.pid'), String(holder.pid))
    try {
      await expect(backupEmbedded(restored, at('unproved.tar.gz'), { timeoutMs: 2000 })).rejects.toThrow(`held by process ${holder.pid}, which does not answer backup requests`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      // SIGUSR2 would have ended it.
      expect(holder.alive()).toBe(true)
    } finally {
      holder.stop()
      fs.rmSync(path.join(restored, 'db.lock'), { force: true })
      fs.rmSync(requests, { recursive: true, force: true })
    }
  })
})

describe('with the API running', () => {
  test('the API writes the backup and keeps serving; the copy holds the last write', async () => {
    const port = await freePort()
    const api = startSource('api/main.ts', { env: { API_PORT: String(port), DATA_DIR: source, LOG_LEVEL: 'warn' } })
    try {
      await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child: api.child, seconds: 120 }).catch((error: Error) => {
        throw new Error(`${error.message}\n${api.output()}`)
      })
      const admin = new Client('127.0.0.1', `http://127.0.0.1:${port}`)
      expect((await admin.post('/auth/login', ADMIN)).status).toBe(200)
      expect((await admin.post('/api/categories', { name: 'Made while running' })).status).toBe(201)

      const file = at('running.tar.gz')
      const result = await backupEmbedded(source, file)
      expect(result.from).toEqual({ pid: api.child.pid })
      expect(isGzip(file)).toBe(true)
      // SIGUSR2 ends a Node process that does not catch it: this one caught it, and answers still.
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
      // Nothing is left of the request but the API's own pid file.
      expect(fs.readdirSync(path.join(source, 'backup-requests'))).toEqual(['api.pid'])

      api.child.kill('SIGTERM')
      expect(await api.exited).toEqual({ code: 0, signal: null })
      expect(fs.readdirSync(path.join(source, 'backup-requests'))).toEqual([])

      const restored = at('restored-running')
      await restoreEmbedded(restored, file)
      const after = await everyRow(restored)
      expect(after['public.categories'].some((row) => row.includes('"Made while running"'))).toBe(true)
      expect(after).toEqual(await everyRow(source))
    } finally {
      api.child.kill('SIGKILL')
      await api.exited
    }
  }, 240_000)
})

describe('the npm scripts', () => {
  test('npm run backup FILE and npm run restore FILE (scripts/backup.ts, scripts/restore.ts) make and restore the file', async () => {
    const file = at('scripted.tar.gz')
    const backup = await runSource('scripts/backup.ts', { args: [file], env: { DATA_DIR: source } })
    expect(backup.output).toContain(`Backup written to ${file}`)
    expect(backup.code).toBe(0)

    const target = at('scripted-restore')
    const restore = await runSource('scripts/restore.ts', { args: [file], env: { DATA_DIR: target } })
    expect(restore.output).toContain(`Restored ${file} into ${path.join(target, 'db')}`)
    expect(restore.code).toBe(0)
    const again = await runSource('scripts/restore.ts', { args: [file], env: { DATA_DIR: target } })
    expect(again.code).toBe(1)
    expect(again.output).toContain('already holds a database')
  }, 120_000)

  test('without a path the backup goes to $DATA_DIR/backups/portal-<time>.tar.gz', async () => {
    const backup = await runSource('scripts/backup.ts', { env: { DATA_DIR: source } })
    expect(backup.code).toBe(0)
    const [made] = fs.readdirSync(path.join(source, 'backups'))
    expect(made).toMatch(/^portal-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/)
    expect(backup.output).toContain(path.join(source, 'backups', made))
  }, 60_000)

  test('with DATABASE_URL set both say that PostgreSQL is backed up with its own tools, and fail', async () => {
    const env = { DATA_DIR: source, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }
    const backup = await runSource('scripts/backup.ts', { env })
    expect(backup.code).toBe(1)
    expect(backup.output).toContain('back up PostgreSQL with its own tools (pg_dump)')
    const restore = await runSource('scripts/restore.ts', { args: [at('scripted.tar.gz')], env })
    expect(restore.code).toBe(1)
    expect(restore.output).toContain('restore PostgreSQL with its own tools (pg_restore or psql)')
  }, 60_000)

  test('restore without a file says how to name one', async () => {
    const restore = await runSource('scripts/restore.ts', { env: { DATA_DIR: at('unnamed') } })
    expect(restore.code).toBe(1)
    expect(restore.output).toContain('npm run restore FILE')
  }, 60_000)
})
