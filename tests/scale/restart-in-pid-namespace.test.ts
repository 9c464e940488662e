import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ensureBuilt, startCollecting, untilHealthy } from '../support/processes'
import { scratchDir } from '../support/scratch'
import { freePort } from '../support/sources'

/**
 * A container killed outright (docker kill, an OOM kill, a host crash) and started again: each start
 * is a fresh PID namespace, where the same processes get the same ids as last time, so the dead API's
 * id in db.lock is the new API's own (or its parent's). `unshare -pf --mount-proc` makes such a
 * namespace (root only); `--kill-child` ends its first process when unshare is killed, and with it,
 * as in a container, every process inside.
 */
const NAMESPACE = ['-pf', '--mount-proc', '--kill-child']
const canUnshare = process.platform === 'linux' && spawnSync('unshare', [...NAMESPACE, 'true']).status === 0

beforeAll(() => {
  if (canUnshare) ensureBuilt()
}, 240_000)

/** `command` as the first process of a new PID namespace, with the test's variables. */
const inNewNamespace = (command: string[], env: Record<string, string>) => startCollecting('unshare', [...NAMESPACE, ...command], env)
type Namespace = ReturnType<typeof inNewNamespace>

/** Kills the namespace's first process outright, which ends every process in it; waits until `url` no longer answers. */
async function killAll(namespace: Namespace, url: string) {
  namespace.child.kill('SIGKILL')
  await namespace.exited
  for (let i = 0; i < 100 && (await fetch(url).then(() => true, () => false)); i++) await new Promise((resolve) => setTimeout(resolve, 50))
}

const lockPid = (dataDir: string) => Number(/\d+/.exec(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8'))![0])

// Skipped, its name saying why, where unshare may not make a PID namespace (not Linux, or not root).
describe.skipIf(!canUnshare)('restarts in a fresh PID namespace (needs unshare -p: Linux, as root)', () => {
  const folder = scratchDir('pid-namespace')
  const running: Namespace[] = []
  afterAll(async () => {
    for (const namespace of running) namespace.child.kill('SIGKILL')
    await Promise.all(running.map((namespace) => namespace.exited))
    folder.remove()
  })

  test('killed with everything in its namespace, the app starts again on the same DATA_DIR, three times', async () => {
    const dataDir = path.join(folder.path, 'restarts')
    const [port, apiPort] = [await freePort(), await freePort()]
    const env = { DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort), PUBLIC_URL: `http://localhost:${port}` }
    const pids: number[] = []
    for (let round = 1; round <= 3; round++) {
      // The image's CMD: start.mjs starts the API, then the web once the API answers.
      const app = inNewNamespace([process.execPath, 'scripts/start.mjs', '--built'], env)
      running.push(app)
      await untilHealthy(`http://127.0.0.1:${port}/healthz`, { child: app.child, seconds: 60 }).catch((error: Error) => {
        throw new Error(`start ${round}: ${error.message}\n${app.output()}`)
      })
      pids.push(lockPid(dataDir))
      await killAll(app, `http://127.0.0.1:${apiPort}/healthz`)
      // Killed: the lock is left behind, naming the dead API.
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true)
    }
    // The case this is about: each API had the id of the one before it.
    expect(new Set(pids).size).toBe(1)
  }, 120_000)

  test('npm run backup does not signal a process that has the dead API’s id, and reads the files itself', async () => {
    const dataDir = path.join(folder.path, 'impostor')
    const apiPort = await freePort()
    const api = inNewNamespace(['sh', '-c', `"${process.execPath}" build/server/api.js & wait`], { DATA_DIR: dataDir, API_PORT: String(apiPort) })
    running.push(api)
    await untilHealthy(`http://127.0.0.1:${apiPort}/healthz`, { child: api.child, seconds: 60 }).catch((error: Error) => {
      throw new Error(`${error.message}\n${api.output()}`)
    })
    const pid = lockPid(dataDir)
    await killAll(api, `http://127.0.0.1:${apiPort}/healthz`)
    expect(fs.existsSync(path.join(dataDir, 'backup-requests', 'api.pid'))).toBe(true)

    // A new namespace where a process that is not the API gets the dead API's id (the kernel hands
    // out the id after ns_last_pid), then the backup runs beside it.
    const file = path.join(folder.path, 'impostor.tar.gz')
    const script = [
      `echo ${pid - 1} > /proc/sys/kernel/ns_last_pid`,
      'sleep 60 & impostor=$!',
      'echo "impostor $impostor"',
      `"${process.execPath}" build/server/backup.js "${file}"; status=$?`,
      'if kill -0 $impostor 2>/dev/null; then echo "impostor alive"; else echo "impostor ended"; fi',
      'exit $status',
    ].join('\n')
    const backup = inNewNamespace(['sh', '-c', script], { DATA_DIR: dataDir })
    running.push(backup)
    const status = await backup.exited
    const output = backup.output()
    expect(output).toContain(`impostor ${pid}\n`)
    expect(output).toContain('impostor alive')
    expect(output).toContain('read by the database files (the app is not running)')
    expect(status, output).toBe(0)
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
  }, 120_000)
})
