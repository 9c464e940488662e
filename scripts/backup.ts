import { parseEnv } from '#domain/env'
import { backupEmbedded, BackupError, defaultBackupFile } from '#api/db/backup'

/**
 * `npm run backup [FILE]`: the embedded database as one file, $DATA_DIR/backups/portal-<time>.tar.gz
 * unless a path is given. Works with the app running (the API writes the dump) or stopped.
 */
const env = parseEnv(process.env)
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump), e.g. pg_dump --format=custom --file=portal.dump "$DATABASE_URL"')
  process.exit(1)
}
try {
  const result = await backupEmbedded(env.DATA_DIR, process.argv[2] || defaultBackupFile(env.DATA_DIR))
  const from = result.from === 'files' ? 'the database files (the app is not running)' : `the running API (process ${result.from.pid})`
  console.log(`Backup written to ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB), read by ${from}.`)
  console.log(`Restore it into an empty DATA_DIR with: npm run restore ${result.file}`)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exit(1)
}
