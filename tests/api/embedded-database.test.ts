import fs from 'node:fs'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { openDatabase } from '#api/db/client'
import { scratchDir } from '../support/scratch'

const folder = scratchDir('portal-db')
const dataDir = folder.path
afterAll(folder.remove)

test('the embedded database cannot be opened twice while it is held', async () => {
  const first = await openDatabase({ dataDir })
  try {
    await expect(openDatabase({ dataDir })).rejects.toThrow(new RegExp(`in use by process ${process.pid}.*DATABASE_URL`, 's'))
  } finally {
    await first.close()
  }
  // Closed cleanly: the lock is gone and the next process opens it and finds the migrated data.
  expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false)
  const again = await openDatabase({ dataDir })
  await again.migrate()
  const result = await again.db.execute('select count(*)::int as n from roles')
  expect((result as unknown as { rows: { n: number }[] }).rows[0].n).toBe(4)
  await again.close()
})

test('a lock held by another live process is refused with a message naming it', async () => {
  const other = spawn('sleep', ['30'])
  try {
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(other.pid))
    await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by process ${other.pid}`)
  } finally {
    other.kill()
    fs.rmSync(path.join(dataDir, 'db.lock'), { force: true })
  }
})

test('a lock left by a process that died is taken over', async () => {
  const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
  fs.writeFileSync(path.join(dataDir, 'db.lock'), dead.stdout.trim())
  const database = await openDatabase({ dataDir })
  expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid))
  await database.close()
})

// Only Linux says through /proc that a process is a zombie; elsewhere a zombie's lock waits for the reaping.
test.skipIf(process.platform !== 'linux')('a lock left by a process killed but not yet reaped (a zombie) is taken over at once', async () => {
  // `sh` starts a short-lived child, then becomes `sleep`, which never reaps it: a zombie for 5 s.
  const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'])
  const pid = await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())))
  try {
    await expect.poll(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 3000 }).toBe('Z')
    // The zombie still answers signals, which is why a restart right after a crash used to be refused.
    expect(() => process.kill(Number(pid), 0)).not.toThrow()
    fs.writeFileSync(path.join(dataDir, 'db.lock'), pid)
    const database = await openDatabase({ dataDir })
    expect(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(String(process.pid))
    await database.close()
  } finally {
    parent.kill()
  }
})
