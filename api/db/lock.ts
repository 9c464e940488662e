/**
 * Which process holds the embedded database. PGlite is one process's: a second process opening the
 * same files would corrupt them, so `$DATA_DIR/db.lock` names the holder, and a lock whose holder is
 * gone is taken over.
 *
 * A process id alone does not name a process: ids are used again, and in a fresh PID namespace (a
 * container started again after a kill, an OOM kill or a host crash) the same few ids come back in
 * the same order, so the API restarting would find "its own" id in the lock and refuse forever, and
 * a backup would signal whatever process now has the dead API's id. So the lock holds an identity
 * that does not repeat: the id, the process's start time (clock ticks after boot, /proc/<pid>/stat
 * field 22) and the boot's id. The holder is alive only if a process with that id started at that
 * time in this boot, and is not a zombie.
 *
 * Where Linux's /proc is missing, or the lock holds only an id (written by an older version), a live
 * process with that id is believed, except this process and its ancestors: they cannot be holding a
 * lock they would know of, and are exactly the ids a fresh namespace repeats.
 *
 * What this cannot see: a holder in another PID namespace (another container on the same volume
 * while this one runs). One container per DATA_DIR (README, Deploying).
 */
import fs from 'node:fs'
import path from 'node:path'
import { PRIVATE_FILE, privateDir } from '../../shared/private-files'

export interface ProcessIdentity {
  pid: number
  /** Clock ticks from boot to the process's start (Linux); absent where /proc is missing. */
  start?: number
  /** /proc/sys/kernel/random/boot_id: a start time means nothing in another boot. */
  boot?: string
}

/** Lock files this process holds now: it is their holder whatever the platform can tell of identities. */
const held = new Set<string>()

let boot: string | null | undefined
function bootId() {
  if (boot === undefined) {
    try {
      boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    } catch {
      boot = null
    }
  }
  return boot ?? undefined
}

interface ProcStat {
  state: string
  ppid: number
  start: number
}

/** /proc/<pid>/stat's fields, read after the command's closing parenthesis (a command may hold spaces and parentheses). */
function procStat(pid: number): ProcStat | null | undefined {
  let text: string
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    // No such process; or no /proc at all (undefined: unknown).
    return fs.existsSync('/proc/self/stat') ? null : undefined
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  return { state: fields[0], ppid: Number(fields[1]), start: Number(fields[19]) }
}

/** The identity of the live process `pid`, or undefined if there is none (a zombie holds nothing). */
export function identityOf(pid: number): ProcessIdentity | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined
  const stat = procStat(pid)
  if (stat === null || stat?.state === 'Z') return undefined
  if (stat) return { pid, start: stat.start, boot: bootId() }
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined
  }
  return { pid }
}

let own: ProcessIdentity | undefined
export function ownIdentity(): ProcessIdentity {
  return (own ??= identityOf(process.pid) ?? { pid: process.pid })
}

/** This process and every process above it, up to the namespace's init (its parent only, where /proc is missing). */
function lineage(): Set<number> {
  const ids = new Set([process.pid, process.ppid])
  for (let pid = process.ppid; pid > 1; ) {
    const stat = procStat(pid)
    if (!stat || ids.has(stat.ppid)) break
    ids.add(stat.ppid)
    pid = stat.ppid
  }
  return ids
}

/** Whether the process a lock or a pid file names is the one running now. */
export function isRunning(recorded: ProcessIdentity): boolean {
  if (recorded.start !== undefined && recorded.boot !== undefined && bootId() !== undefined) {
    if (recorded.boot !== bootId()) return false
    return identityOf(recorded.pid)?.start === recorded.start
  }
  if (lineage().has(recorded.pid)) return false
  return identityOf(recorded.pid) !== undefined
}

/**
 * Whether `recorded` is proved to be the process running now: it carries a start time that matches,
 * or this system has no start times to compare (no /proc). What a signal may be sent to.
 */
export function provenRunning(recorded: ProcessIdentity): boolean {
  if (recorded.start === undefined && bootId() !== undefined) return false
  return isRunning(recorded)
}

/** An identity as a file holds it: one line of JSON. */
export const formatIdentity = (identity: ProcessIdentity) => `${JSON.stringify(identity)}\n`

/** The identity a lock or pid file holds: JSON, or a bare id (an older version's); undefined if missing or unreadable. */
export function readIdentity(file: string): ProcessIdentity | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  if (/^\d+$/.test(text)) return { pid: Number(text) }
  try {
    const value = JSON.parse(text) as ProcessIdentity
    if (!Number.isSafeInteger(value?.pid)) return undefined
    return {
      pid: value.pid,
      ...(Number.isSafeInteger(value.start) ? { start: value.start } : {}),
      ...(typeof value.boot === 'string' ? { boot: value.boot } : {}),
    }
  } catch {
    return undefined
  }
}

export const sameProcess = (a: ProcessIdentity | undefined, b: ProcessIdentity | undefined) =>
  a !== undefined && b !== undefined && a.pid === b.pid && a.start === b.start && a.boot === b.boot

const lockFileOf = (dataDir: string) => path.join(path.resolve(dataDir), 'db.lock')

/**
 * Takes $DATA_DIR/db.lock for this process, making `dir` (the database's folder, $DATA_DIR/db)
 * and DATA_DIR private if missing; a lock whose holder is gone is taken over. Answers its release.
 */
export function acquireLock(dir: string): () => void {
  privateDir(path.dirname(dir))
  privateDir(dir)
  const lockFile = lockFileOf(path.dirname(dir))
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!held.has(lockFile)) {
      try {
        fs.writeFileSync(lockFile, formatIdentity(ownIdentity()), { flag: 'wx', mode: PRIVATE_FILE })
        held.add(lockFile)
        return () => {
          held.delete(lockFile)
          fs.rmSync(lockFile, { force: true })
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    const owner = lockOwner(lockFile)
    if (owner) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner.pid}. ` +
          'Stop that process, or set DATABASE_URL to share a PostgreSQL database between processes.',
      )
    }
    fs.rmSync(lockFile, { force: true })
  }
  throw new Error(`Could not lock the embedded database in ${dir}`)
}

/** The live process holding the embedded database in `dataDir`, if one does. */
export function lockHolder(dataDir: string): ProcessIdentity | undefined {
  return lockOwner(lockFileOf(dataDir))
}

function lockOwner(lockFile: string): ProcessIdentity | undefined {
  if (held.has(lockFile)) return ownIdentity()
  const recorded = readIdentity(lockFile)
  return recorded && isRunning(recorded) ? recorded : undefined
}
