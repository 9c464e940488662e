import { parseEnv } from '#domain/env'
import { copyToPostgres, CopyRefused, describeUrl, type CopiedTable } from '#api/db/copy'

/**
 * `npm run copy-to-postgres`: the embedded database in $DATA_DIR/db copied whole into the empty
 * PostgreSQL database DATABASE_URL names, with the app stopped (api/db/copy.ts). The embedded
 * database is left as it was (migrated, as the app's start would); start the app with
 * DATABASE_URL set to use the copy.
 */
const env = parseEnv(process.env)
if (!env.DATABASE_URL) {
  console.error("Set DATABASE_URL to the empty PostgreSQL database to copy into (postgres://user:password@host:5432/name), and DATA_DIR to the embedded database's folder.")
  process.exit(1)
}
console.log(`Copying the embedded database in ${env.DATA_DIR} into PostgreSQL ${describeUrl(env.DATABASE_URL)}, in one transaction:`)
const progress = (table: CopiedTable) =>
  console.log(
    table.rewritten
      ? `  ${table.name} written again: the target's triggers had changed it`
      : `  ${table.name.padEnd(30)} ${String(table.rows).padStart(9)} ${table.rows === 1 ? 'row' : 'rows'}`,
  )
try {
  const report = await copyToPostgres({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, progress })
  for (const sequence of report.sequences) console.log(`  sequence ${sequence.name} set to ${sequence.value}`)
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0)
  console.log(`Committed: ${rows} rows in ${report.tables.length} tables. Every table's row count and contents match the embedded database's.`)
  console.log(`Start the app with the same DATABASE_URL to use PostgreSQL. The embedded database in ${env.DATA_DIR} is no longer used: keep a backup of it.`)
} catch (error) {
  console.error(error instanceof CopyRefused ? error.message : error)
  process.exit(1)
}
