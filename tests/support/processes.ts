/** Built processes a test or a benchmark starts: waiting for them to answer, and stopping them. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort } from './sources'

const ROOT = path.resolve(import.meta.dirname, '../..')
const BUILT = ['build/server/api.js', 'build/server/web.js', 'build/web/server/index.js']

/**
 * Builds the app unless it is built. For production whatever runs the test: under vitest NODE_ENV is
 * `test`, and a web built so renders with the development JSX runtime it does not ship.
 */
export function ensureBuilt() {
  if (BUILT.every((file) => fs.existsSync(path.join(ROOT, file)))) return
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) throw new Error('npm run build failed')
}

/** Waits until `url` answers 2xx (asked every 100 ms); fails after `seconds`, or at once if `child` stops first. */
export async function untilHealthy(url: string, { child, seconds = 60 }: { child?: ChildProcess; seconds?: number } = {}) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`the process stopped (${child.exitCode ?? child.signalCode}) before ${url} answered`)
    if (await fetch(url).then((answer) => answer.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing answered ${url} within ${seconds} s`)
}

/** SIGTERM, then SIGKILL if the process has not exited within five seconds. */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

export interface Collected {
  child: ChildProcess
  /** Everything it wrote to stdout and stderr so far: what a failing test shows. */
  output: () => string
  /** Its exit code (null if a signal ended it). */
  exited: Promise<number | null>
}

/**
 * Starts `command` in the repository as production runs it (the embedded database unless `env`
 * names a DATABASE_URL, warnings only in the log), with the test's variables, collecting its output.
 */
export function startCollecting(command: string, args: string[], env: Record<string, string>): Collected {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

/**
 * The built web (build/server/web.js, production) in front of the API at `backendUrl`, on a free
 * port, answering: `url` to call it by, `publicUrl` its PUBLIC_URL (the Origin a form post carries).
 * Stop it with stopProcess(child).
 */
export async function startBuiltWeb(backendUrl: string, dataDir: string) {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const publicUrl = `http://localhost:${port}`
  const child = spawn(process.execPath, [path.join(ROOT, 'build/server/web.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BACKEND_URL: backendUrl, PUBLIC_URL: publicUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await untilHealthy(`${url}/healthz`, { child, seconds: 60 })
  return { child, url, publicUrl }
}
