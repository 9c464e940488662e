import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { PRIVATE_DIR, PRIVATE_FILE, privateDir, tightenTree, writePrivateFile } from '../../shared/private-files'
import { openDatabase, type Database } from './client'
import { acquireLock, formatIdentity, lockHolder, ownIdentity, provenRunning, readIdentity, sameProcess, type ProcessIdentity } from './lock'

/**
 * Backups of the embedded database (DESIGN §2: `npm run backup`, `npm run restore FILE`): one
 * gzipped tarball of $DATA_DIR/db, PGlite's own dumpDataDir, and back.
 *
 * Only the process holding $DATA_DIR/db.lock may read the database. With the app stopped, the backup
 * holds it itself. With the API running, the backup asks the API, through files in DATA_DIR (no
 * network endpoint: whoever can write there can read the database files anyway):
 *
 *   backup-requests/api.pid       the API's identity (./lock.ts), written while it answers requests
 *   backup-requests/<id>          an empty request, written by the backup, which then sends SIGUSR2
 *   backup-requests/<id>.tar.gz   the API's answer (written as <id>.partial, then renamed), or
 *   backup-requests/<id>.error    the reason it could not
 *
 * A signal only goes to a process proved to be the API: the one running now with the identity both
 * the lock and api.pid hold (its id, start time and boot). SIGUSR2 ends a Node process that does not
 * listen for it; the lock may be held by a seed or a migration, and a dead API's id may be another
 * process's now.
 */

/** A refusal or failure the person running the command can act on: its message is the whole story. */
export class BackupError extends Error {}

const REQUESTS = 'backup-requests'
const ANSWERING = 'api.pid'
const REQUEST_ID = /^[0-9a-f]{32}$/
/** How long a backup waits for the running API's answer before giving up. */
export const BACKUP_ANSWER_TIMEOUT_MS = 10 * 60_000

const dbDir = (dataDir: string) => path.join(path.resolve(dataDir), 'db')
const requestsDir = (dataDir: string) => path.join(path.resolve(dataDir), REQUESTS)

/** $DATA_DIR/backups/portal-<UTC time>.tar.gz */
export function defaultBackupFile(dataDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')
  return path.join(path.resolve(dataDir), 'backups', `portal-${stamp}.tar.gz`)
}

export interface BackupResult {
  file: string
  bytes: number
  /** Who read the database: this process, or the running API (its pid). */
  from: 'files' | { pid: number }
}

/** Writes a backup of the embedded database in `dataDir` to `file` (replaced whole, never left half-written). */
export async function backupEmbedded(dataDir: string, file: string, { timeoutMs = BACKUP_ANSWER_TIMEOUT_MS } = {}): Promise<BackupResult> {
  if (!fs.existsSync(path.join(dbDir(dataDir), 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dbDir(dataDir)} to back up.`)
  const target = path.resolve(file)
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR })
  // Twice at most: the API may stop (or start) between looking at the lock and acting on it.
  for (let attempt = 0; ; attempt++) {
    const holder = lockHolder(dataDir)
    try {
      if (holder === undefined) {
        const bytes = await dumpFiles(dataDir)
        writeWhole(target, bytes)
        return { file: target, bytes: bytes.length, from: 'files' }
      }
      await askRunningApi(dataDir, holder, target, timeoutMs)
      return { file: target, bytes: fs.statSync(target).size, from: { pid: holder.pid } }
    } catch (error) {
      if (!(error instanceof LockChanged) || attempt > 0) throw error instanceof LockChanged ? new BackupError(error.message) : error
    }
  }
}

/** The lock changed hands while a backup was under way: worth one more try. */
class LockChanged extends Error {}

async function dumpFiles(dataDir: string) {
  let database: Database
  try {
    database = await openDatabase({ dataDir })
  } catch (error) {
    if (/in use by process/.test((error as Error).message)) throw new LockChanged((error as Error).message)
    throw error
  }
  try {
    return await database.dumpDataDir!()
  } finally {
    await database.close()
  }
}

async function askRunningApi(dataDir: string, holder: ProcessIdentity, target: string, timeoutMs: number) {
  const { pid } = holder
  const dir = requestsDir(dataDir)
  const isTheApi = () => sameProcess(answering(dataDir), holder) && provenRunning(holder)
  if (!isTheApi()) {
    throw new BackupError(
      `The embedded database in ${dbDir(dataDir)} is held by process ${pid}, which does not answer backup requests ` +
        '(a seed, a migration, or an API still starting). Run the backup again once it has finished or started.',
    )
  }
  const id = randomBytes(16).toString('hex')
  const request = path.join(dir, id)
  const answer = path.join(dir, `${id}.tar.gz`)
  const failure = path.join(dir, `${id}.error`)
  writePrivateFile(request, '')
  try {
    if (!isTheApi()) throw new LockChanged(`The API (process ${pid}) stopped before it was asked for the backup.`)
    process.kill(pid, 'SIGUSR2')
    const until = Date.now() + timeoutMs
    for (;;) {
      if (fs.existsSync(answer)) return moveInto(answer, target)
      if (fs.existsSync(failure)) throw new BackupError(`The running API (process ${pid}) could not back up the database: ${fs.readFileSync(failure, 'utf8')}`)
      if (!sameProcess(lockHolder(dataDir), holder)) throw new LockChanged(`The API (process ${pid}) stopped before it answered the backup request.`)
      if (Date.now() > until) throw new BackupError(`The running API (process ${pid}) did not answer the backup request within ${Math.round(timeoutMs / 1000)} s.`)
      await sleep(100)
    }
  } finally {
    for (const leftover of [request, answer, failure, `${answer}.partial`]) fs.rmSync(leftover, { force: true })
  }
}

/** The identity in api.pid: the API that answers backup requests, if one has said so. */
function answering(dataDir: string) {
  try {
    return readIdentity(path.join(requestsDir(dataDir), ANSWERING))
  } catch {
    return undefined
  }
}

/**
 * The API's side: answers every request in backup-requests/ on SIGUSR2, one dump at a time.
 * `stop` (before the database closes) waits for a dump under way and withdraws the offer; a request
 * that still comes is answered with an error, and the signal is still caught, so it ends nothing.
 */
export function answerBackupRequests(database: Database, dataDir: string, log: { error: (obj: object, msg: string) => void }) {
  const dir = requestsDir(dataDir)
  const pidFile = path.join(dir, ANSWERING)
  privateDir(dir)
  writePrivateFile(pidFile, formatIdentity(ownIdentity()))
  let open = true
  let running: Promise<void> | undefined
  let again = false

  async function answerAll() {
    for (const id of fs.readdirSync(dir).filter((name) => REQUEST_ID.test(name))) {
      try {
        fs.rmSync(path.join(dir, id)) // claimed: a second signal will not answer it twice
      } catch {
        continue
      }
      try {
        if (!open) throw new Error('the API is shutting down')
        writeWhole(path.join(dir, `${id}.tar.gz`), await database.dumpDataDir!())
      } catch (error) {
        log.error({ err: error }, 'backup request failed')
        writePrivateFile(path.join(dir, `${id}.error`), (error as Error).message)
      }
    }
  }
  function onSignal() {
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        await answerAll().catch((error: unknown) => log.error({ err: error }, 'backup requests could not be read'))
      } while (again)
    })().finally(() => (running = undefined))
  }
  process.on('SIGUSR2', onSignal)
  return {
    async stop() {
      open = false
      // Another API may have taken over the folder since (this one's lock having been left): its file stays.
      if (sameProcess(answering(dataDir), ownIdentity())) fs.rmSync(pidFile, { force: true })
      await running
    },
  }
}

/**
 * Brings a backup back into `dataDir`, whose database folder must be empty (or missing) and which no
 * process may hold. The files are unpacked beside it and moved into place only once PGlite has opened
 * them, so a failure leaves DATA_DIR as it was.
 */
export async function restoreEmbedded(dataDir: string, file: string) {
  const source = path.resolve(file)
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup file ${source}.`)
  const bytes = fs.readFileSync(source)
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new BackupError(`${source} is not a backup made by npm run backup (a .tar.gz file).`)
  const dir = dbDir(dataDir)
  const holder = lockHolder(dataDir)
  if (holder !== undefined) throw new BackupError(`The embedded database in ${dir} is in use by process ${holder.pid}. Stop the app before restoring.`)
  let release: () => void
  try {
    release = acquireLock(dir)
  } catch (error) {
    throw new BackupError(`${(error as Error).message} Stop the app before restoring.`)
  }
  const unpacked = `${dir}.restoring-${randomBytes(4).toString('hex')}`
  try {
    if (fs.readdirSync(dir).length > 0) {
      throw new BackupError(
        `${dir} already holds a database: a backup is restored only into an empty DATA_DIR. ` +
          'Move that folder away (or point DATA_DIR at a new folder) and restore again.',
      )
    }
    const client = new PGlite(unpacked, { loadDataDir: new Blob([bytes]) })
    try {
      await client.waitReady
      await client.query('select 1')
    } catch (error) {
      throw new BackupError(`${source} could not be opened as a database: ${(error as Error).message}`)
    } finally {
      await client.close().catch(() => {})
    }
    if (!fs.existsSync(path.join(unpacked, 'PG_VERSION'))) throw new BackupError(`${source} holds no database.`)
    fs.rmdirSync(dir)
    fs.renameSync(unpacked, dir)
    // PGlite unpacked the files with the modes the tarball gave them.
    tightenTree(dir)
    return { dir }
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true })
    release()
  }
}

/** Written beside the target and renamed over it: a reader never sees half a backup. */
function writeWhole(target: string, bytes: Uint8Array) {
  const partial = `${target}.partial`
  writePrivateFile(partial, bytes)
  fs.renameSync(partial, target)
}

/** A rename, or a copy where the two are on different file systems. */
function moveInto(from: string, to: string) {
  try {
    fs.renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    fs.copyFileSync(from, `${to}.partial`)
    fs.chmodSync(`${to}.partial`, PRIVATE_FILE)
    fs.renameSync(`${to}.partial`, to)
    fs.rmSync(from)
  }
}
