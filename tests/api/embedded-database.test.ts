import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { openDatabase } from '#api/db/client'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

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
