import fs from 'node:fs'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { afterAll, expect, test } from 'vitest'
import { openDatabase } from '#api/db/client'
import { scratchDir } from '../support/scratch'

const folder = scratchDir('portal-db')
const dataDir = folder.path
afterAll(folder.remove)

/** The process id the lock names (it holds the holder's identity: id, start time, boot). */
const lockedBy = () => (JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8')) as { pid: number }).pid

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
  expect(lockedBy()).toBe(process.pid)
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
    expect(lockedBy()).toBe(process.pid)
    await database.close()
  } finally {
    parent.kill()
  }
})

/** A process's start, clock ticks after boot (/proc/<pid>/stat field 22), and this boot's id. */
const startOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19])
const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()

// A restarted container's processes get the ids its dead ones had: an id alone names no one.
test.skipIf(process.platform !== 'linux')('a lock names its holder by id, start time and boot: the same id started at another time or in another boot holds nothing', async () => {
  const other = spawn('sleep', ['30'])
  const lock = path.join(dataDir, 'db.lock')
  try {
    await expect.poll(() => fs.existsSync(`/proc/${other.pid}/stat`)).toBe(true)
    const holder = { pid: other.pid!, start: startOf(other.pid!), boot: bootId() }
    fs.writeFileSync(lock, JSON.stringify(holder))
    // Its answer, not the database itself, goes to expect: a database opened by mistake is closed here.
    const refusal = await openDatabase({ dataDir }).then(
      (database) => database.close().then(() => 'opened'),
      (error: Error) => error.message,
    )
    expect(refusal).toContain(`in use by process ${other.pid}`)
    for (const earlier of [{ ...holder, start: holder.start - 1 }, { ...holder, boot: '00000000-0000-0000-0000-000000000000' }]) {
      fs.writeFileSync(lock, JSON.stringify(earlier))
      const database = await openDatabase({ dataDir })
      expect(lockedBy()).toBe(process.pid)
      await database.close()
    }
  } finally {
    other.kill()
    fs.rmSync(lock, { force: true })
  }
})

test("a bare id (an older version's lock) that is this process's own or its parent's is taken over: neither can be holding it", async () => {
  for (const pid of [process.pid, process.ppid]) {
    fs.writeFileSync(path.join(dataDir, 'db.lock'), String(pid))
    const database = await openDatabase({ dataDir })
    expect(lockedBy()).toBe(process.pid)
    await database.close()
  }
})
