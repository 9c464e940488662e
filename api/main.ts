import path from 'node:path'
import { tightenDataDir } from '../shared/private-files'
import { buildApi } from './app'
import { answerBackupRequests } from './db/backup'
import { apiEnv } from './env'
import { openDatabase } from './db/client'
import { createMailer } from './mail/mailer'
import { purgeExpired } from './maintenance'

/** The API process: opens (and migrates) the database, serves, and closes cleanly on a signal. */
const env = apiEnv()
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
// Owner-only, as an older version may not have left it: the outbox (codes, reset links) and the
// session secret live there with PostgreSQL too. Opening the embedded database has done it already.
if (database.kind === 'postgres') tightenDataDir(env.DATA_DIR)
const app = await buildApi(
  {
    db: database.db,
    mailer: createMailer({ from: env.MAIL_FROM, smtpUrl: env.SMTP_URL, outboxDir: path.join(env.DATA_DIR, 'outbox') }),
    now: () => new Date(),
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    signupsPerAddressPerHour: env.SIGNUPS_PER_ADDRESS_PER_HOUR,
    timeZone: env.TIME_ZONE,
  },
  // Answers are checked against their schemas outside production only (docs/decisions.md).
  { logger: { level: env.LOG_LEVEL }, checkAnswers: env.NODE_ENV !== 'production' },
)

// Expired drafts, codes, links, sessions and counters are rows nobody reads again: swept at start
// and every hour by each API process (idempotent, so several processes may).
const sweep = () => purgeExpired(database.db, new Date()).catch((error: unknown) => app.log.error({ err: error }, 'purge failed'))
await sweep()
const sweeper = setInterval(sweep, 60 * 60_000)
sweeper.unref()

// `npm run backup` while the app runs: only this process may read the embedded database's files.
const backups = database.kind === 'pglite' ? answerBackupRequests(database, env.DATA_DIR, app.log) : undefined

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish (new requests
 * on kept-alive connections get 503 meanwhile), cut whatever still runs at the deadline, then close
 * the database (releasing the embedded one's lock) and exit 0.
 */
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info(`${signal}: closing, requests in flight have ${env.SHUTDOWN_DEADLINE_MS} ms`)
  clearInterval(sweeper)
  const deadline = setTimeout(() => {
    app.log.warn('shutdown deadline reached: closing the connections still open')
    app.server.closeAllConnections()
  }, env.SHUTDOWN_DEADLINE_MS)
  try {
    await app.close()
    clearTimeout(deadline)
    await backups?.stop()
    await database.close()
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: env.API_PORT, host: env.API_HOST })
console.log(`API listening on http://${env.API_HOST}:${env.API_PORT} (${database.kind} database)`)
