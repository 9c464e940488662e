import { parseEnv } from '#domain/env'
import { BackupError, restoreEmbedded } from '#api/db/backup'

/** `npm run restore FILE`: a backup made by `npm run backup` back into an empty DATA_DIR, with the app stopped. */
const env = parseEnv(process.env)
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: restore PostgreSQL with its own tools (pg_restore or psql), from a dump made by pg_dump.')
  process.exit(1)
}
const file = process.argv[2]
if (!file) {
  console.error('Name the backup to restore: npm run restore FILE (a file made by npm run backup).')
  process.exit(1)
}
try {
  const { dir } = await restoreEmbedded(env.DATA_DIR, file)
  console.log(`Restored ${file} into ${dir}. Start the app (npm start): it applies any newer migrations.`)
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exit(1)
}
