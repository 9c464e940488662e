import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * Each process reads its environment through one parse (domain/env.ts's schema): the web through
 * server/env.ts, the API through api/env.ts. A module reading process.env itself would take a value
 * without the defaults and the checks that stop start-up on a bad one. The tests, the scripts, the
 * benchmarks and the tools' own configuration files set up processes and keep their own reads.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const OUTSIDE = new Set(['node_modules', 'build', 'data', 'tests', 'scripts', 'bench', 'e2e', 'tools', 'types', 'public', 'docs'])
const PARSES = ['api/env.ts', 'server/env.ts']

/** Every source file of the product: each folder but those set apart above; a config file at the root is a tool's. */
function sources(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.name.startsWith('.')) return []
    if (entry.isDirectory()) return dir === ROOT && OUTSIDE.has(entry.name) ? [] : sources(file)
    if (dir === ROOT) return []
    return /\.(?:ts|tsx|mjs|js)$/.test(entry.name) ? [path.relative(ROOT, file).split(path.sep).join('/')] : []
  })
}

describe('the environment', () => {
  test('is read by one module for each process: no other product module reads process.env', () => {
    const files = sources()
    expect(files).toEqual(expect.arrayContaining([...PARSES, 'server/web.ts', 'api/main.ts', 'app/lib/toast.server.ts']))
    const readers = files.filter((file) => /\bprocess\s*(?:\.\s*env\b|\[\s*['"]env['"]\s*\])/.test(readFileSync(path.join(ROOT, file), 'utf8')))
    expect(readers.sort()).toEqual(PARSES)
  })
})
