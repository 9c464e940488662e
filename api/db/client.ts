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
import { tightenDataDir, tightenTree } from '../../shared/private-files'
import { acquireLock } from './lock'
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
  if ('memory' in options) return openPglite(new PGlite(), { release: () => {}, tighten: () => {} }, logger)
  const dir = path.resolve(options.dataDir, 'db')
  const release = acquireLock(dir)
  // Owner-only whatever the umask, and whatever an older version left. PGlite makes most of its
  // files 0666 itself (at its first start, and when it rewrites a cache file), so its folder is
  // walked again after each step that writes files; $DATA_DIR and db/ at 0700 already keep
  // everyone else out in between.
  const tighten = () => tightenTree(dir)
  try {
    tightenDataDir(options.dataDir)
    return await openPglite(new PGlite(dir, { postgresqlconf: [`shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] }), { release, tighten }, logger)
  } catch (error) {
    release()
    throw error
  }
}

async function openPglite(client: PGlite, { release, tighten }: { release: () => void; tighten: () => void }, logger?: Logger): Promise<Database> {
  await client.waitReady
  tighten()
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS })
      tighten()
    },
    async dumpDataDir() {
      // Written back to the data files first, so a restored copy starts without replaying the log.
      await client.exec('checkpoint')
      return Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer())
    },
    async close() {
      try {
        await client.close()
        tighten()
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
