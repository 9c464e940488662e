/**
 * The API and the database scripts run from their sources, as processes of their own, for the tests
 * of what only a whole process shows (signals, the embedded database's lock) without needing a build.
 * tsx (drizzle-kit's TypeScript runner) compiles them on the way, resolving package.json's #imports.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')

export interface SourceProcess {
  child: ChildProcess
  /** Everything it wrote to stdout and stderr so far: what a failing test shows. */
  output: () => string
  /** Its exit code (or the signal that ended it), once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts `node --import tsx <file> ...args` in the repository, with the test's variables: the embedded
 * database unless `env` names a DATABASE_URL, and NODE_ENV=test.
 */
export function startSource(file: string, { args = [], env = {} }: { args?: string[]; env?: Record<string, string> } = {}): SourceProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file), ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return { child, output: () => output, exited }
}

/** Runs a script from its source to its end: its exit code and what it wrote. */
export async function runSource(file: string, options: { args?: string[]; env?: Record<string, string> } = {}) {
  const run = startSource(file, options)
  const { code } = await run.exited
  return { code, output: run.output() }
}

/** A port nothing listens on right now (the system picks it), for a process of a test's own. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
