/**
 * What the processes keep in DATA_DIR (the embedded database, its lock, backups, the outbox's codes
 * and reset links, the session secret) is for the account they run as alone: folders 0700, files
 * 0600. A mode asked for at creation holds whatever the umask (a umask only takes bits away); an
 * explicit chmod narrows what already existed, left by an older version or by a library that sets
 * its own modes (PGlite writes most of its files 0666).
 */
import fs from 'node:fs'
import path from 'node:path'

export const PRIVATE_DIR = 0o700
export const PRIVATE_FILE = 0o600

/** The product's entries in DATA_DIR: what `tightenDataDir` narrows, and nothing else of a folder an operator may share. */
const OWN_ENTRIES = ['db', 'db.lock', 'outbox', 'backups', 'backup-requests', 'session-secret']

/** Makes `dir` (and any missing parent) 0700, or narrows it to 0700 if it exists. Answers `dir`. */
export function privateDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR })
  chmodOwn(dir, PRIVATE_DIR)
  return dir
}

/** Writes `file` as 0600: made so, or narrowed if it was there. `exclusive`: fails with EEXIST rather than replace it. */
export function writePrivateFile(file: string, data: string | Uint8Array, { exclusive = false } = {}) {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE, flag: exclusive ? 'wx' : 'w' })
  fs.chmodSync(file, PRIVATE_FILE)
}

/** Takes group's and others' bits off `root` and everything beneath it (links are left alone: a chmod follows them). */
export function tightenTree(root: string) {
  let stat: fs.Stats
  try {
    stat = fs.lstatSync(root)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return // gone meanwhile (a temporary file)
    throw error
  }
  if (stat.isSymbolicLink()) return
  if (stat.mode & 0o077) chmodOwn(root, stat.mode & 0o700)
  if (stat.isDirectory()) for (const name of fs.readdirSync(root)) tightenTree(path.join(root, name))
}

/** DATA_DIR itself 0700 and the product's entries in it owner-only, if DATA_DIR exists. */
export function tightenDataDir(dataDir: string) {
  if (!fs.existsSync(dataDir)) return
  chmodOwn(dataDir, PRIVATE_DIR)
  for (const name of OWN_ENTRIES) tightenTree(path.join(dataDir, name))
}

/**
 * A chmod that leaves alone what another account owns (EPERM) and a shared folder (the sticky bit:
 * DATA_DIR=/tmp must not close /tmp to everyone): a DATA_DIR an operator made for several users
 * keeps its mode, and the folders and files the product makes inside stay its own.
 */
function chmodOwn(target: string, mode: number) {
  try {
    if (fs.statSync(target).mode & 0o1000) return
    fs.chmodSync(target, mode)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOENT') throw error
  }
}
