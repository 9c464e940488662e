/**
 * Scratch places of a test's (or a benchmark's) own, made here and removed after: a PostgreSQL
 * database beside the one DATABASE_URL names, and a folder for an embedded database and an outbox.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** Runs one statement on a connection of its own to the database `url` names. */
export async function runSql<T extends pg.QueryResultRow>(url: string, statement: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query<T>(statement, values)
  } finally {
    await client.end()
  }
}

export interface ScratchPostgres {
  /** Its name, `{prefix}_` and twelve hex digits. */
  name: string
  /** DATABASE_URL with the database's name in place of the one it named. */
  url: string
  /** Drops it, once whatever still holds a connection to it has let go (or five seconds have passed). */
  drop: () => Promise<void>
}

/** Creates an empty database on the server `base` (a postgres:// URL) points at. */
export async function scratchPostgres(base: string, prefix: string): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await runSql(base, `create database ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      // A pool's end() resolves before its connections have finished closing: a forced drop
      // meanwhile would kill them mid-goodbye, an error nobody listens for. Wait for them first.
      for (let i = 0; i < 50; i++) {
        const { rows } = await runSql<{ open: number }>(base, 'select count(*)::int as open from pg_stat_activity where datname = $1', [name])
        if (rows[0].open === 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await runSql(base, `drop database if exists ${name} with (force)`)
    },
  }
}

/** A new empty folder under the system's temporary folder, `{prefix}-…`, and its removal. */
export function scratchDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`))
  return { path: dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) }
}
