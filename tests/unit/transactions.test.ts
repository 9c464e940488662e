import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * A transaction is opened one way, `transaction(ctx, (tx) => …)` (api/context.ts): the work gets the
 * same context with the transaction as its `db`, so every store it calls writes in it under the same
 * actor and `now`. A retried one is `retryingRaces(() => transaction(ctx, …))`. The copy between two
 * databases (api/db/copy.ts) is the one exception: it holds a transaction on each side, with no
 * store and nobody acting in it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['api', 'app', 'domain', 'server', 'shared', 'scripts']
const OPENERS = ['api/context.ts', 'api/db/copy.ts']

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : /\.(?:ts|tsx|mjs)$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

describe('transactions', () => {
  test('are opened through transaction(ctx, …) alone: no other product module calls .transaction(', () => {
    const files = FOLDERS.flatMap((folder) => filesOf(path.join(ROOT, folder))).map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
    expect(files).toEqual(expect.arrayContaining([...OPENERS, 'scripts/seed.ts', 'api/users/administrators.ts']))
    const openers = files.filter((file) => /\.\s*transaction\s*\(/.test(readFileSync(path.join(ROOT, file), 'utf8')))
    expect(openers.sort()).toEqual(OPENERS)
  })
})
