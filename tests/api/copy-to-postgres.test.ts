import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApi } from '#api/app'
import { openDatabase, type Database } from '#api/db/client'
import { copyToPostgres, CopyRefused, type CopyReport } from '#api/db/copy'
import * as schema from '#api/db/schema'
import type { Mail } from '#api/mail/mailer'
import { Client } from '../support/api-harness'
import { runSql, scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'
import { runSource } from '../support/sources'

/**
 * `npm run copy-to-postgres` (api/db/copy.ts): the embedded database copied whole into an empty
 * PostgreSQL database. The source is `npm run seed`'s demo data, plus what only use makes (a
 * session, codes, a reset link, rate events, a draft), values at the edges of their types, and a
 * table schema.ts does not declare (as a migration could make one) with an identity column.
 * Every table schema.ts declares is compared row by row on both sides.
 */
const base = process.env.DATABASE_URL

/** The tables schema.ts declares, with the columns of their primary key (rows are compared in its order). */
const declared = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => {
    const config = getTableConfig(table)
    const key = config.primaryKeys[0]?.columns.map((column) => column.name) ?? config.columns.filter((column) => column.primary).map((column) => column.name)
    const references = config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name)
    return { name: config.name, key, references }
  })

/** Made in the source and in the target alike, as a migration would: what schema.ts does not know is copied too. */
const EXTRA = 'copy_extra'
const EXTRA_TABLE = `create table ${EXTRA} (
  id integer generated always as identity primary key,
  counter bigserial not null,
  amount numeric(20, 6),
  ratio double precision,
  small real,
  raw bytea,
  local_time timestamp without time zone,
  at_time time,
  span interval,
  numbers integer[],
  labels text[],
  doc jsonb,
  plain json,
  flag boolean,
  day date,
  doubled numeric generated always as (amount * 2) stored
)`

describe.skipIf(!base)('copy-to-postgres (needs DATABASE_URL: a PostgreSQL server to copy into)', () => {
  // Made in beforeAll, so a skipped run leaves no folder behind.
  let scratch: ReturnType<typeof scratchDir>
  let source: string
  const ADMIN = { email: 'admin@copy.test', password: 'Copy@Admin1' }
  const targets: ScratchPostgres[] = []
  const newTarget = async (name: string) => {
    const target = await scratchPostgres(base!, name)
    targets.push(target)
    return target
  }
  /** The cookies of a session made on the embedded database, to be used on PostgreSQL after the copy. */
  let signedIn: Client

  beforeAll(async () => {
    scratch = scratchDir('copy')
    source = path.join(scratch.path, 'source')
    const seeded = await runSource('scripts/seed.ts', { env: { DATA_DIR: source, SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password } })
    if (seeded.code !== 0) throw new Error(`npm run seed failed:\n${seeded.output}`)
    const database = await openDatabase({ dataDir: source })
    try {
      signedIn = await useTheApp(database)
      await edgeValues(database)
    } finally {
      await database.close()
    }
  }, 300_000)
  afterAll(async () => {
    for (const target of targets) await target.drop()
    scratch?.remove()
  })

  /** What the seed does not make and a running portal does: a session, codes, a reset link, rate events, a draft. */
  async function useTheApp(database: Database) {
    const mails: Mail[] = []
    const app = await buildApi({ db: database.db, mailer: { send: async (mail) => void mails.push(mail) }, now: () => new Date(), publicUrl: 'http://portal.test', trustProxy: '127.0.0.1', signupsPerAddressPerHour: 1000 })
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const admin = new Client('198.51.100.7', url)
      expect((await new Client('198.51.100.8', url).post('/auth/login', { email: ADMIN.email, password: 'Wrong@Pass1' })).status).toBe(401)
      expect((await admin.post('/auth/login', ADMIN)).status).toBe(200)
      expect((await new Client('198.51.100.9', url).post('/auth/signup', { email: 'new.hire@copy.test', password: 'NewHire@1' })).status).toBe(201)
      expect((await new Client('198.51.100.10', url).post('/auth/forgot-password', { email: 'asha.rao@example.com' })).status).toBe(200)
      expect((await new Client('198.51.100.11', url).put('/form/draft', { personal: { name: 'Draft Person' } })).status).toBe(200)
      expect(mails.length).toBe(2)
      return admin
    } finally {
      await app.close()
    }
  }

  /** Values a type can hold that a careless copy would change: microseconds, quotes, big numbers, JSON nulls. */
  async function edgeValues(database: Database) {
    const exec = (statement: string) => database.db.execute(statement)
    await exec(`update users set full_name = E'Ädmin "Q" O''Brien \\\\ tab\\t line\\n 😀', created_at = '2025-03-04 05:06:07.123456+00' where email = '${ADMIN.email}'`)
    await exec(`insert into rate_events (key, at) values ('edge:µs', '2026-01-05 09:00:00.000001+00'), ('edge:old', '1999-12-31 23:59:59.999999+00')`)
    await exec(`insert into profile_drafts (token_hash, data, updated_at, expires_at) values ('edge', '{"big": 12345678901234567890.123456789, "nested": [null, true, {"é": "\\u00e9"}], "empty": {}, "text": "null"}', now(), 'infinity')`)
    // Past 2^53: a bigint that went through a JavaScript number would come out changed.
    await exec('update plan_revision set revision = 9007199254740993 where id = 1')
    await exec(EXTRA_TABLE)
    await exec(`insert into ${EXTRA} (amount, ratio, small, raw, local_time, at_time, span, numbers, labels, doc, plain, flag, day) values
      (12345678901234.123456, 0.1, 1.5, '\\x00ff10'::bytea, '2026-02-03 04:05:06.789012', '23:59:59.999999', '1 year 2 mons 3 days 04:05:06.5', '{1,NULL,3}', '{"a,b","c \\"d\\"",NULL}', 'null'::jsonb, '{"b": 1,  "a": [1, 2]}', true, '2024-02-29'::date + 1),
      (-0.000001, 'NaN', '-Infinity', '', '-infinity', '00:00', '-1 day', '{}', '{}', '{"k": null}', 'null', false, '4713-01-01 BC'),
      (null, null, null, null, null, null, null, null, null, null, null, null, null),
      (1, 1e308, 3.4e38, '\\x', '2000-01-01', '12:00', '0', '{{1,2},{3,4}}', '{""}', '[]', '""', null, 'infinity'),
      (2, 2, 2, null, null, null, null, null, null, null, null, null, null)`)
    // Ids past the last row were drawn and given back: the copy's sequence must not hand them out again.
    await exec(`delete from ${EXTRA} where id = 5`)
  }

  /**
   * Every row of every table on one side, in primary-key order: each row as JSON and as PostgreSQL's
   * own text of the row (which tells a jsonb null from a NULL), written under the same settings.
   */
  async function everyRow(query: (statement: string) => Promise<string[]>) {
    await query("set TimeZone = 'UTC'")
    await query("set DateStyle = 'ISO, YMD'")
    const all: Record<string, string[]> = {}
    for (const table of [...declared, { name: EXTRA, key: ['id'] }]) {
      all[table.name] = await query(`select json_build_object('json', to_jsonb(t), 'text', t::text)::text as r from "${table.name}" t order by ${table.key.map((column) => `"${column}"`).join(', ')}`)
    }
    return all
  }
  const embeddedRows = async () => {
    const database = await openDatabase({ dataDir: source })
    try {
      return await everyRow(async (statement) => ((await database.db.execute(statement)) as unknown as { rows: { r: string }[] }).rows.map((row) => row.r))
    } finally {
      await database.close()
    }
  }
  const postgresRows = async (url: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      return await everyRow(async (statement) => (await client.query<{ r: string }>(statement)).rows.map((row) => row.r))
    } finally {
      await client.end()
    }
  }
  /** A target as an operator may have left it: migrated (`npm run migrate`), nothing else written. */
  async function migratedTarget(name: string) {
    const target = await newTarget(name)
    const database = await openDatabase({ databaseUrl: target.url })
    await database.migrate()
    await database.close()
    return target
  }

  describe('into an empty database', () => {
    let target: ScratchPostgres
    let report: CopyReport
    let before: Record<string, string[]>

    beforeAll(async () => {
      target = await migratedTarget('copy')
      await runSql(target.url, EXTRA_TABLE)
      before = await embeddedRows()
      // Small batches: every table of more than a few rows takes several.
      report = await copyToPostgres({ dataDir: source, databaseUrl: target.url, batchSize: 7 })
    }, 120_000)

    test('every table of the schema, and the one it does not declare, is copied, each after the tables it refers to', async () => {
      const copied = report.tables.map((table) => table.name)
      expect([...copied].sort()).toEqual([...declared.map((table) => table.name), EXTRA].sort())
      for (const table of declared) {
        for (const referenced of table.references) expect(copied.indexOf(referenced), `${table.name} after ${referenced}`).toBeLessThan(copied.indexOf(table.name))
      }
      // Something to compare: the seed and the use above fill every table.
      for (const table of declared) expect(before[table.name].length, table.name).toBeGreaterThan(0)
      expect(before.users.length).toBeGreaterThan(30)
      expect(before.project_entity_user_mappings.length).toBeGreaterThan(7)
      for (const table of report.tables) expect(table.rows, table.name).toBe(before[table.name].length)
    })

    test('every row of every table is the same on both sides, and the embedded database is left as it was', async () => {
      const after = await postgresRows(target.url)
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table])
      expect(await embeddedRows()).toEqual(before)
      expect(fs.existsSync(path.join(source, 'db.lock'))).toBe(false)
    })

    test("the plan revision is the source's, though the target's triggers raised it during the copy", async () => {
      expect(report.tables.filter((table) => table.rewritten).map((table) => table.name)).toEqual(['plan_revision'])
      const { rows } = await runSql<{ revision: string }>(target.url, 'select revision::text from plan_revision')
      expect(rows).toEqual([{ revision: '9007199254740993' }])
    })

    test('sequences stand past the copied ids, and past the ids the source had handed out', async () => {
      expect(report.sequences).toEqual([
        { name: `${EXTRA}_counter_seq`, value: '5' },
        { name: `${EXTRA}_id_seq`, value: '5' },
      ])
      const { rows } = await runSql<{ id: number; counter: string }>(target.url, `insert into ${EXTRA} (amount) values (3) returning id, counter::text`)
      expect(rows).toEqual([{ id: 6, counter: '6' }])
    })

    test('the copy works through the API: a session made on the embedded database, the user list, a new category', async () => {
      const database = await openDatabase({ databaseUrl: target.url })
      const app = await buildApi({ db: database.db, mailer: { send: async () => {} }, now: () => new Date(), publicUrl: 'http://portal.test', trustProxy: '127.0.0.1' })
      const url = await app.listen({ port: 0, host: '127.0.0.1' })
      try {
        const kept = new Client(signedIn.forwardedFor, url)
        for (const [name, value] of signedIn.cookies) kept.cookies.set(name, value)
        const list = await kept.get<{ users: { email: string }[]; total: number }>('/users?limit=100')
        expect(list.status).toBe(200)
        expect(list.body.total).toBe(before.users.length)
        expect(list.body.users.map((user) => user.email)).toContain(ADMIN.email)

        const admin = new Client('198.51.100.20', url)
        expect((await admin.post('/auth/login', ADMIN)).status).toBe(200)
        expect((await admin.post('/api/categories', { name: 'Copied Category' })).status).toBe(201)
        // The triggers work on the copy: the write raised the revision.
        const { rows } = await runSql<{ revision: string }>(target.url, 'select revision::text from plan_revision')
        expect(rows).toEqual([{ revision: '9007199254740994' }])
      } finally {
        await app.close()
        await database.close()
      }
    })
  })

  test('a database that holds more than its migrations wrote is refused, named, and left as it was', async () => {
    const target = await migratedTarget('copy_full')
    await runSql(target.url, EXTRA_TABLE)
    await runSql(target.url, "insert into users (email, password_hash, created_at) values ('someone@copy.test', 'x', now())")
    await runSql(target.url, "insert into categories (name, created_at) values ('Theirs', now())")
    await runSql(target.url, `insert into ${EXTRA} (amount) values (1)`)
    const error = await copyToPostgres({ dataDir: source, databaseUrl: target.url }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CopyRefused)
    // plan_revision too: the category's insert raised it, as any write to the plans does.
    expect((error as Error).message).toMatch(/is not empty: categories has 1 row, copy_extra has 1 row, plan_revision was changed after its migrations wrote it, users has 1 row\./)
    const { rows } = await runSql<{ users: number; roles: number; categories: number }>(
      target.url,
      'select (select count(*)::int from users) as users, (select count(*)::int from roles) as roles, (select count(*)::int from categories) as categories',
    )
    expect(rows).toEqual([{ users: 1, roles: 4, categories: 1 }])

    // A starter role renamed is not what the migrations wrote either.
    const renamed = await migratedTarget('copy_renamed')
    await runSql(renamed.url, EXTRA_TABLE)
    await runSql(renamed.url, "update roles set name = 'Boss' where name = 'Admin'")
    await expect(copyToPostgres({ dataDir: source, databaseUrl: renamed.url })).rejects.toThrow(/is not empty: plan_revision was changed after its migrations wrote it, roles was changed after its migrations wrote it\./)
  })

  test('a database whose tables differ from the embedded one is refused', async () => {
    const target = await newTarget('copy_other')
    // No copy_extra table: the embedded database has one more table than the migrations make.
    await expect(copyToPostgres({ dataDir: source, databaseUrl: target.url })).rejects.toThrow(/table copy_extra is only in the embedded database/)
  })

  test('an embedded database in use is refused: stop the app first (exit 1 from the command)', async () => {
    const target = await newTarget('copy_locked')
    const sleeper = spawn('sleep', ['60'])
    fs.writeFileSync(path.join(source, 'db.lock'), String(sleeper.pid))
    try {
      await expect(copyToPostgres({ dataDir: source, databaseUrl: target.url })).rejects.toThrow(new CopyRefused(`The embedded database in ${path.join(source, 'db')} is in use by process ${sleeper.pid}: stop the app first, then copy again.`))
      const run = await runSource('scripts/copy-to-postgres.ts', { env: { DATA_DIR: source, DATABASE_URL: target.url } })
      expect(run.code).toBe(1)
      expect(run.output).toMatch(/stop the app first/)
      // Refused before anything was written: not even the migrations ran on the target.
      const { rows } = await runSql<{ tables: number }>(target.url, "select count(*)::int as tables from pg_tables where schemaname = 'public'")
      expect(rows).toEqual([{ tables: 0 }])
    } finally {
      sleeper.kill()
      fs.rmSync(path.join(source, 'db.lock'), { force: true })
    }
  })

  test('the command copies and prints each table with its row count', async () => {
    const target = await migratedTarget('copy_command')
    await runSql(target.url, EXTRA_TABLE)
    const run = await runSource('scripts/copy-to-postgres.ts', { env: { DATA_DIR: source, DATABASE_URL: target.url } })
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(/^ {2}users +\d+ rows$/m)
    expect(run.output).toMatch(/^ {2}plan_revision +1 row$/m)
    expect(run.output).toMatch(/^ {2}plan_revision written again: the target's triggers had changed it$/m)
    expect(run.output).toMatch(new RegExp(`Committed: \\d+ rows in ${declared.length + 1} tables\\. Every table's row count and contents match`))
    expect(run.output).not.toContain('postgres@')
  })
})
