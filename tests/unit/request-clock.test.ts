import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * One time per request: the access hook reads the API's clock (`deps.now()`) once and puts it in
 * request.ctx; the session lookup, the handlers and the stores take that `now`. Reading the clock
 * anywhere else in the API would give one request two times (a session touched at one, its writes
 * made at another). The process's own timers (main.ts's purge, a backup's deadline and file name,
 * the mail outbox's file names) are no request's and keep their clock.
 */

const API = path.resolve(import.meta.dirname, '../../api')
const CLOCK_READERS: Record<string, number> = {
  'http/access.ts': 1,
  'main.ts': 2,
  'db/backup.ts': 3,
  'mail/mailer.ts': 1,
}

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []))

describe("the API's clock", () => {
  test('is read once a request, by the access hook: no other module of the API reads deps.now(), new Date() or Date.now()', () => {
    const reads: Record<string, number> = {}
    for (const file of filesOf(API)) {
      const count = [...readFileSync(file, 'utf8').matchAll(/\bdeps\.now\(\)|\bnew Date\(\)|\bDate\.now\(\)/g)].length
      if (count) reads[path.relative(API, file).split(path.sep).join('/')] = count
    }
    expect(reads).toEqual(CLOCK_READERS)
  })
})
