import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database, type Executor } from './client'
import { lockHolder } from './lock'
import { pgErrorCode } from './errors'

/**
 * `npm run copy-to-postgres`: the embedded database (PGlite, $DATA_DIR/db) copied whole into an
 * empty PostgreSQL database, the way off the embedded database (README, Deploying).
 *
 * What is copied is read from the source's catalog, not from a list: every table of the public
 * schema (schema.ts's, and anything a migration made beside them), every column but generated
 * ones (the target computes those), in foreign-key order, each value through its own text form
 * (what pg_dump writes), so every type arrives as it was: timestamps to the microsecond, dates,
 * json and jsonb (a jsonb `null` too), arrays, numerics, bigints, booleans, bytea. What the target
 * makes itself is not copied: Drizzle's migration journal (the target's own migrate() writes it)
 * and sequences' positions (set after the copy, past every copied id).
 *
 * All of it is one transaction on the target. Its triggers fire as they would for any write: the
 * plan revision triggers (migration 0007) raise plan_revision at commit, over the copied value. So
 * the deferred triggers are run before the end (SET CONSTRAINTS ALL IMMEDIATE), every table is then
 * compared with the source (row count and a digest of every row's text), a table a trigger changed
 * is written again from the source, and anything still different rolls the whole copy back.
 */

/** A refusal the operator can act on: its message is the whole story. */
export class CopyRefused extends Error {}

export interface CopiedTable {
  name: string
  /** Rows in the source, all of them now in the target (compared after the copy). */
  rows: number
  /** Written a second time: the target's triggers had changed it during the copy (plan_revision). */
  rewritten: boolean
}

export interface CopyReport {
  /** In the order they were written: every table before the tables whose keys refer to it. */
  tables: CopiedTable[]
  /** Sequences (serial and identity columns) set past the copied ids, with the value they now hold. */
  sequences: { name: string; value: string }[]
}

export interface CopyOptions {
  /** Rows per INSERT. */
  batchSize?: number
  /** Told of each table as it is written (and again if it is written a second time). */
  progress?: (table: CopiedTable) => void
}

export const DEFAULT_BATCH_SIZE = 1000

/**
 * Copies the embedded database in `dataDir` into the PostgreSQL database `databaseUrl` names. The
 * app must be stopped: this takes the embedded database's lock, as the app does.
 */
export async function copyToPostgres({ dataDir, databaseUrl, ...options }: { dataDir: string; databaseUrl: string } & CopyOptions): Promise<CopyReport> {
  const dir = path.join(path.resolve(dataDir), 'db')
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new CopyRefused(`There is no embedded database in ${dir} to copy (is DATA_DIR right?).`)
  const holder = lockHolder(dataDir)
  if (holder !== undefined) throw new CopyRefused(inUse(dir, holder.pid))
  let source: Database
  try {
    source = await openDatabase({ dataDir })
  } catch (error) {
    // Taken between the look and the open.
    const owner = /in use by process (\d+)/.exec((error as Error).message)?.[1]
    if (owner) throw new CopyRefused(inUse(dir, Number(owner)))
    throw error
  }
  try {
    const target = await openDatabase({ databaseUrl })
    try {
      return await copyDatabase(source, target, { ...options, targetName: describeUrl(databaseUrl) })
    } finally {
      await target.close()
    }
  } finally {
    await source.close()
  }
}

const inUse = (dir: string, pid: number) => `The embedded database in ${dir} is in use by process ${pid}: stop the app first, then copy again.`

/** host:port/database, without the user and password. */
export function describeUrl(databaseUrl: string) {
  try {
    const url = new URL(databaseUrl)
    return `${url.host}${url.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

/**
 * The copy itself, between two open databases: both are migrated first (the source as the app's
 * start would), must then have the same tables and columns, and the target must hold nothing but
 * what the migrations write (the starter roles, plan_revision's row), which the copy replaces.
 */
export async function copyDatabase(source: Database, target: Database, { batchSize = DEFAULT_BATCH_SIZE, progress = () => {}, targetName = 'PostgreSQL' }: CopyOptions & { targetName?: string } = {}): Promise<CopyReport> {
  await source.migrate()
  await target.migrate()
  const sourceTables = await readTables(source.db)
  const targetTables = await readTables(target.db)
  refuseUnlessAlike(sourceTables, targetTables, targetName)
  const order = foreignKeyOrder(sourceTables, await readForeignKeys(source.db))
  const sequences = await readSequences(target.db)
  const sourceSequences = new Set((await readSequences(source.db)).map((sequence) => sequence.name))

  const report: CopyReport = { tables: [], sequences: [] }
  await source.db.transaction(async (from) => {
    await run(from, 'set transaction read only')
    await sameTextForms(from)
    await target.db.transaction(async (to) => {
      await sameTextForms(to)
      // Nobody writes into the target meanwhile (an app started on it too early); reading stays possible.
      await run(to, "set local lock_timeout = '10s'")
      try {
        await run(to, `lock table ${order.map((table) => quote(table.name)).join(', ')} in exclusive mode`)
      } catch (error) {
        if (pgErrorCode(error) === LOCK_NOT_AVAILABLE) throw new CopyRefused(`The PostgreSQL database ${targetName} is in use (its tables stay locked): stop what uses it, then copy again.`)
        throw error
      }
      await refuseUnlessEmpty(to, order, targetName)
      // The migrations' own rows give way to the source's (its roles, its plan revision).
      for (const table of [...order].reverse()) await run(to, `delete from ${quote(table.name)}`)

      for (const table of order) {
        const rows = await copyTable(from, to, table, batchSize)
        report.tables.push({ name: table.name, rows, rewritten: false })
        progress(report.tables.at(-1)!)
      }

      // The triggers deferred to the commit run now, while their effects can still be undone.
      await run(to, 'set constraints all immediate')
      for (const copied of report.tables) {
        const table = order.find((candidate) => candidate.name === copied.name)!
        const want = await digest(from, table)
        if (sameDigest(want, await digest(to, table))) continue
        await run(to, `delete from ${quote(table.name)}`)
        await copyTable(from, to, table, batchSize)
        const got = await digest(to, table)
        if (!sameDigest(want, got)) {
          throw new Error(`${table.name} differs after the copy: ${want.rows} rows in the embedded database, ${got.rows} in PostgreSQL, or the same count with other values. Nothing was written.`)
        }
        copied.rewritten = true
        progress(copied)
      }

      for (const sequence of sequences) {
        const value = await sequenceValue(to, from, sequence, sourceSequences.has(sequence.name))
        if (value === undefined) continue
        await to.execute(sql`select setval(${quote(sequence.name)}::regclass, ${value}::bigint, true)`)
        report.sequences.push({ name: sequence.name, value })
      }
    })
  })

  // After the commit: the counts as PostgreSQL now holds them.
  for (const copied of report.tables) {
    const count = Number((await texts(target.db, `select count(*)::text as r from ${quote(copied.name)}`))[0])
    if (count !== copied.rows) throw new Error(`${copied.name}: ${copied.rows} rows in the embedded database but ${count} in PostgreSQL after the commit.`)
  }
  return report
}

const LOCK_NOT_AVAILABLE = '55P03'

interface Column {
  name: string
  /** As SQL spells it (format_type): what a value's text is cast back to. */
  type: string
  /** GENERATED ALWAYS AS (...) STORED: computed by the target, not written. */
  generated: boolean
}
interface Table {
  name: string
  columns: Column[]
}
interface Sequence {
  name: string
  /** The column it numbers (serial or identity), if one owns it. */
  owner?: { table: string; column: string }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

async function rowsOf<T>(db: Executor, statement: string): Promise<T[]> {
  return ((await db.execute(sql.raw(statement))) as unknown as { rows: T[] }).rows
}
const run = (db: Executor, statement: string) => db.execute(sql.raw(statement))
/** The first column (named r) of every row, as text. */
const texts = async (db: Executor, statement: string) => (await rowsOf<{ r: string | null }>(db, statement)).map((row) => row.r as string)

/** Every table of the public schema (partitions are read through their parent), with its columns. */
async function readTables(db: Executor): Promise<Table[]> {
  const rows = await rowsOf<{ table: string; column: string; type: string; generated: boolean }>(
    db,
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type", a.attgenerated <> '' as "generated"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relpersistence <> 't'
      order by c.relname, a.attnum`,
  )
  const tables = new Map<string, Table>()
  for (const row of rows) {
    let table = tables.get(row.table)
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [] }))
    table.columns.push({ name: row.column, type: row.type, generated: row.generated })
  }
  return [...tables.values()]
}

async function readForeignKeys(db: Executor) {
  return rowsOf<{ table: string; references: string }>(
    db,
    `select distinct c.relname as "table", r.relname as "references"
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class r on r.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  )
}

async function readSequences(db: Executor): Promise<Sequence[]> {
  const rows = await rowsOf<{ name: string; table: string | null; column: string | null }>(
    db,
    `select s.relname as "name", t.relname as "table", a.attname as "column"
       from pg_class s
       join pg_namespace n on n.oid = s.relnamespace
       left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class t on t.oid = d.refobjid
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and n.nspname = 'public'
      order by s.relname`,
  )
  return rows.map((row) => ({ name: row.name, owner: row.table && row.column ? { table: row.table, column: row.column } : undefined }))
}

/**
 * The tables in an order where every table comes after the tables it refers to (ties by name).
 * A table that refers to itself, or a cycle, would need its rows in order, which this does not do.
 */
export function foreignKeyOrder<T extends { name: string }>(tables: T[], keys: { table: string; references: string }[]): T[] {
  const waitingOn = new Map(tables.map((table) => [table.name, new Set<string>()]))
  for (const key of keys) if (waitingOn.has(key.table) && waitingOn.has(key.references)) waitingOn.get(key.table)!.add(key.references)
  const ordered: T[] = []
  const left = [...tables].sort((a, b) => (a.name < b.name ? -1 : 1))
  while (left.length > 0) {
    const ready = left.findIndex((table) => [...waitingOn.get(table.name)!].every((name) => ordered.some((done) => done.name === name)))
    if (ready === -1) throw new Error(`These tables refer to each other (or to themselves), so no order copies them: ${left.map((table) => table.name).join(', ')}.`)
    ordered.push(...left.splice(ready, 1))
  }
  return ordered
}

/** Both databases, once migrated, must have the same tables with the same columns of the same types. */
function refuseUnlessAlike(source: Table[], target: Table[], targetName: string) {
  const problems: string[] = []
  const columns = (tables: Table[]) => new Map(tables.flatMap((table) => table.columns.map((column) => [`${table.name}.${column.name}`, column] as const)))
  const tableNames = (tables: Table[]) => new Set(tables.map((table) => table.name))
  const [sourceTables, targetTables] = [tableNames(source), tableNames(target)]
  for (const name of sourceTables) if (!targetTables.has(name)) problems.push(`table ${name} is only in the embedded database`)
  for (const name of targetTables) if (!sourceTables.has(name)) problems.push(`table ${name} is only in PostgreSQL`)
  const [sourceColumns, targetColumns] = [columns(source), columns(target)]
  for (const [name, column] of sourceColumns) {
    const other = targetColumns.get(name)
    if (!other) {
      if (targetTables.has(name.split('.')[0])) problems.push(`column ${name} is only in the embedded database`)
    } else if (other.type !== column.type || other.generated !== column.generated) {
      problems.push(`column ${name} is ${column.type} in the embedded database, ${other.type} in PostgreSQL`)
    }
  }
  for (const name of targetColumns.keys()) if (!sourceColumns.has(name) && sourceTables.has(name.split('.')[0])) problems.push(`column ${name} is only in PostgreSQL`)
  if (problems.length > 0) {
    throw new CopyRefused(
      `The embedded database and the PostgreSQL database ${targetName} differ after both were migrated (${problems.join('; ')}). ` +
        'Copy with the version of the app that wrote the embedded database.',
    )
  }
}

/**
 * The target may hold what its migrations wrote (the starter roles, plan_revision's row) and
 * nothing else. What they write is learnt by migrating an in-memory database and compared without
 * the values a migration makes up each time (uuids, timestamps).
 */
async function refuseUnlessEmpty(db: Executor, tables: Table[], targetName: string) {
  const counts = new Map<string, number>()
  for (const table of tables) counts.set(table.name, Number((await texts(db, `select count(*)::text as r from ${quote(table.name)}`))[0]))
  const filled = tables.filter((table) => counts.get(table.name)! > 0)
  if (filled.length === 0) return
  const fresh = await openDatabase({ memory: true })
  const problems: string[] = []
  try {
    await fresh.migrate()
    await sameTextForms(fresh.db, 'session')
    const made = new Set((await readTables(fresh.db)).map((table) => table.name))
    for (const table of filled) {
      const kept = table.columns.filter((column) => !/^(uuid|timestamp)/.test(column.type))
      const masked = `select to_json(array[${kept.map((column) => `${quote(column.name)}::text`).join(', ')}]::text[])::text as r from ${quote(table.name)}`
      const migrated = made.has(table.name) ? await texts(fresh.db, masked) : []
      const count = counts.get(table.name)!
      if (count > migrated.length) {
        const written = migrated.length > 0 ? ` (its migrations write ${migrated.length})` : ''
        problems.push(`${table.name} has ${count} ${count === 1 ? 'row' : 'rows'}${written}`)
        continue
      }
      // Each of the target's rows must be one of the migrations' (each of those used once).
      const unmatched = [...migrated]
      for (const row of await texts(db, masked)) {
        const at = unmatched.indexOf(row)
        if (at === -1) {
          problems.push(`${table.name} was changed after its migrations wrote it`)
          break
        }
        unmatched.splice(at, 1)
      }
    }
  } finally {
    await fresh.close()
  }
  if (problems.length > 0) {
    throw new CopyRefused(
      `The PostgreSQL database ${targetName} is not empty: ${problems.join(', ')}. ` +
        'The copy only goes into a new database (one that holds nothing but what the migrations write): create one (createdb) and point DATABASE_URL at it.',
    )
  }
}

/** Settings under which both sides write every value as the same text (and the target reads it back). */
async function sameTextForms(db: Executor, scope: 'local' | 'session' = 'local') {
  for (const setting of ["TimeZone = 'UTC'", "DateStyle = 'ISO, YMD'", "IntervalStyle = 'postgres'", 'extra_float_digits = 1', "bytea_output = 'hex'"]) {
    await run(db, `set ${scope} ${setting}`)
  }
}

/** Every row of `table` from `from` into `to`, `batchSize` rows per INSERT; answers how many. */
async function copyTable(from: Executor, to: Executor, table: Table, batchSize: number) {
  const written = table.columns.filter((column) => !column.generated)
  const values = written.map((column, index) => `(e.r->>${index})::${column.type}`).join(', ')
  const insert = `insert into ${quote(table.name)} (${written.map((column) => quote(column.name)).join(', ')}) overriding system value select ${values} from json_array_elements(`
  await run(from, `declare copy_rows no scroll cursor for select ${rowText(written)} as r from ${quote(table.name)}`)
  let copied = 0
  for (;;) {
    const batch = await texts(from, `fetch forward ${batchSize} from copy_rows`)
    if (batch.length === 0) break
    await to.execute(sql`${sql.raw(insert)}${`[${batch.join(',')}]`}::json) as e(r)`)
    copied += batch.length
    if (batch.length < batchSize) break
  }
  // Not in a finally: after a failed statement the transaction is over, and the cursor with it.
  await run(from, 'close copy_rows')
  return copied
}

/** A row as a JSON array of its values' text (null for NULL): the same on both sides for the same row. */
const rowText = (columns: Column[]) => `to_json(array[${columns.map((column) => `${quote(column.name)}::text`).join(', ')}]::text[])::text`

interface Digest {
  rows: string
  digest: string
}
/** The row count and a digest of every row (all columns, generated ones too), whatever their order. */
async function digest(db: Executor, table: Table): Promise<Digest> {
  const [row] = await rowsOf<Digest>(
    db,
    `select count(*)::text as rows, coalesce(md5(string_agg(h, '' order by h collate "C")), '') as digest
       from (select md5(${rowText(table.columns)}) as h from ${quote(table.name)}) as hashed`,
  )
  return row
}
const sameDigest = (a: Digest, b: Digest) => a.rows === b.rows && a.digest === b.digest

/**
 * Where the target's sequence must stand: past the largest id copied into its column, and never
 * behind where the source's stood (ids deleted there are not handed out again). Undefined: nothing
 * was ever drawn from it, and its start is right.
 */
async function sequenceValue(to: Executor, from: Executor, sequence: Sequence, inSource: boolean) {
  const candidates: bigint[] = []
  if (sequence.owner) {
    const [max] = await texts(to, `select max(${quote(sequence.owner.column)})::text as r from ${quote(sequence.owner.table)}`)
    if (max !== null) candidates.push(BigInt(max))
  }
  if (inSource) {
    const [state] = await rowsOf<{ value: string; called: boolean }>(from, `select last_value::text as value, is_called as called from ${quote(sequence.name)}`)
    if (state.called) candidates.push(BigInt(state.value))
  }
  return candidates.length > 0 ? candidates.reduce((a, b) => (a > b ? a : b)).toString() : undefined
}
