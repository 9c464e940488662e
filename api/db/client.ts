import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql, type Logger } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /**
   * The embedded database's files as one gzipped tarball (PGlite's dumpDataDir), taken between two
   * queries; PostgreSQL has none (pg_dump backs it up). See ./backup.ts.
   */
  dumpDataDir?(): Promise<Buffer>
}

// Source (api/db/client.ts) and bundle (build/server/*.js) both sit two folders below the root.
const MIGRATIONS = fileURLToPath(new URL('../../api/db/migrations', import.meta.url))
// Any fixed number: serialises migrations when several API processes start at once.
const MIGRATION_LOCK = 7_406_211

export type DatabaseOptions = (
  | { databaseUrl: string }
  | { dataDir: string }
  /** An in-memory embedded database: tests, and what copy-to-postgres compares a fresh target with. */
  | { memory: true }
) & {
  /** Told of every query the app's Drizzle runs (not the migrations'): the benchmark counts them. */
  logger?: Logger
}

/**
 * A query prepared once per database and then only bound: for the queries every request runs,
 * where Drizzle building their SQL each time cost as much as the query itself on the embedded one.
 */
export function preparedOnce<On extends Executor, Query>(prepare: (db: On) => Query) {
  const prepared = new WeakMap<On, Query>()
  return (db: On) => {
    let query = prepared.get(db)
    if (!query) prepared.set(db, (query = prepare(db)))
    return query
  }
}

/**
 * The embedded database's own page cache. PostgreSQL's default of 128 MB lives inside PGlite's
 * WebAssembly memory, which never shrinks: the API process held 150 MB of it after the load bench.
 * Pages past it come from the operating system's file cache, as they do for a PostgreSQL server;
 * the bench's large project answers as fast with 32 MB, and the API holds 100-160 MB less.
 */
const EMBEDDED_SHARED_BUFFERS = '32MB'

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { logger } = options
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, logger)
  if ('memory' in options) return openPglite(new PGlite(), () => {}, logger)
  const dir = path.resolve(options.dataDir, 'db')
  const release = acquireLock(dir)
  try {
    return await openPglite(new PGlite(dir, { postgresqlconf: [`shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] }), release, logger)
  } catch (error) {
    release()
    throw error
  }
}

async function openPglite(client: PGlite, release: () => void, logger?: Logger): Promise<Database> {
  await client.waitReady
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS }),
    async dumpDataDir() {
      // Written back to the data files first, so a restored copy starts without replaying the log.
      await client.exec('checkpoint')
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer())
    },
    async close() {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

async function openPostgres(connectionString: string, logger?: Logger): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  const db = drizzlePg({ client: pool, schema, logger }) as unknown as Db
  await db.execute(sql`select 1`)
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        client.release()
      }
    },
    close: () => pool.end(),
  }
}

/**
 * PGlite is one process's database: a second process opening the same files would corrupt them.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over. `dir` is the
 * database's folder ($DATA_DIR/db), made if missing; the answer releases the lock.
 */
export function acquireLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true })
  const lockFile = path.join(dir, '..', 'db.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(lockFile, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = lockOwner(lockFile)
      if (owner) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. ` +
            'Stop that process, or set DATABASE_URL to share a PostgreSQL database between processes.',
        )
      }
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`Could not lock the embedded database in ${dir}`)
}

/** The live process holding the embedded database in `dataDir`, if one does. */
export function lockHolder(dataDir: string): number | undefined {
  return lockOwner(path.join(path.resolve(dataDir), 'db.lock'))
}

function lockOwner(lockFile: string): number | undefined {
  let owner: number
  try {
    owner = Number(fs.readFileSync(lockFile, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return owner && isAlive(owner) ? owner : undefined
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A killed process stays a zombie until its parent reaps it (about a second and a half after a
  // SIGKILL under `npm start`): it answers signals, but holds nothing. Linux says so in /proc.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return true
  }
}
