/**
 * The processes a benchmark measures, started as production starts them (`node build/server/…`),
 * each on a port of its own, with their memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import { SERVER_FLAGS } from '../../scripts/server-flags.mjs'
import { stopProcess, untilHealthy } from '../../tests/support/processes'

export interface Running {
  name: string
  child: ChildProcess
  url: string
}

/** A port nobody listens on now: the system's pick, released at once. */
export async function freePort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured processes, say. */
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []

/** Starts `node <script>` (in `cwd`, this process's by default) and waits until `<url><ready>` answers (or the process dies). */
export async function start(name: string, script: string, env: Record<string, string | undefined>, url: string, ready = '/healthz', cwd?: string, flags: string[] = []): Promise<Running> {
  const child = spawn(process.execPath, [...flags, ...nodeArgs, script], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)))
  try {
    await untilHealthy(`${url}${ready}`, { child })
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${name}: ${(error as Error).message}\n${errors}`)
  }
  return { name, child, url }
}

/** One of the portal's built processes (`build/server/api.js`, `web.js`), with the flags `npm start` gives them. */
export const startPortal = (name: string, script: string, env: Record<string, string | undefined>, url: string, ready = '/healthz', cwd?: string) =>
  start(name, script, env, url, ready, cwd, SERVER_FLAGS)

export const stop = (running: Running) => stopProcess(running.child)

/** Resident memory now and at its peak, in MB, as the kernel counts it (VmRSS, VmHWM). */
export function memoryOf(running: Running) {
  const status = fs.readFileSync(`/proc/${running.child.pid}/status`, 'utf8')
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}
