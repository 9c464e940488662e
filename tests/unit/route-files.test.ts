import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

/**
 * Issue 31 §1: one write path. A route file parses, authorises, calls a store of its area and
 * presents; the queries live in the stores (api/<area>/…), where the audit entries are written in
 * the same transaction. And the routes of one resource live in one route file. The scripts
 * (issue 36 §7: the seed, migrate, backup…) keep the same rule: they call the stores and the
 * database's own functions (open, migrate, back up, copy), so what they write is on record too.
 */

const DIR = new URL('../../api/routes/', import.meta.url)
const files = readdirSync(DIR).filter((name) => name.endsWith('.ts'))
const sourceOf = (name: string) => readFileSync(new URL(name, DIR), 'utf8')
const SCRIPTS = new URL('../../scripts/', import.meta.url)
const scripts = readdirSync(SCRIPTS).filter((name) => /\.(?:ts|mjs|js)$/.test(name))

/** Each query, or what it takes to write one, in a source: Drizzle, a table, a database driver, a call that runs SQL. */
const queriesIn = (source: string) => [
  ...source.matchAll(/from 'drizzle-orm(?:\/[^']*)?'/g),
  ...source.matchAll(/^import (?!type ).*from '#api\/db\/schema'/gm),
  ...source.matchAll(/from '(?:pg|postgres|@electric-sql\/pglite(?:\/[^']*)?)'/g),
  ...source.matchAll(/\b(?:db|tx)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute)\s*\(/g),
  // Drizzle's relational queries: db.query.users.findMany(…).
  ...source.matchAll(/\b(?:db|tx)\s*\.\s*query\b/g),
]

describe('the API route files', () => {
  // A route may open the transaction several stores share (verify-otp: the verification and the
  // session it starts, all or none); the queries themselves stay in the stores.
  test('hold no query: no Drizzle import, no table, no select, insert, update, delete or execute', () => {
    const found = files.flatMap((name) => queriesIn(sourceOf(name)).map((hit) => `${name}: ${hit[0]}`))
    expect(found).toEqual([])
  })

  test("each resource's routes (one path, its ids left out) are declared in one route file", () => {
    const filesOf = new Map<string, Set<string>>()
    for (const name of files)
      for (const [, path] of sourceOf(name).matchAll(/app\.(?:get|post|put|patch|delete)(?:<[^>]*>)?\(\s*'([^']+)'/g)) {
        const resource = path!
          .split('/')
          .filter((part) => !part.startsWith(':'))
          .join('/')
        filesOf.set(resource, (filesOf.get(resource) ?? new Set()).add(name))
      }
    expect(filesOf.size).toBeGreaterThan(30)
    expect([...filesOf].filter(([, names]) => names.size > 1).map(([resource, names]) => `${resource}: ${[...names].join(', ')}`)).toEqual([])
  })
})

describe('the API route handlers', () => {
  // What comes in is checked by the route's declared schemas before the handler runs, and the access
  // hook has found the actor and the request's one `now` (request.ctx): a handler does neither again.
  test('parse nothing themselves, look no session up and read no clock: their schemas and request.ctx do', () => {
    const found = files.flatMap((name) =>
      [...sourceOf(name).matchAll(/(?<![.\w])parse\(|\bpathId\(|\brequireUser\(|\brequirePermission\(|\bdeps\.now\(/g)].map((hit) => `${name}: ${hit[0]}`),
    )
    expect(files).toContain('schedule.ts')
    expect(found).toEqual([])
  })
})

describe('the scripts', () => {
  test('hold no query either: no Drizzle, no table, no database driver, no select, insert, update, delete or execute', () => {
    // The seed is among them: the one that writes the most.
    expect(scripts).toContain('seed.ts')
    const found = scripts.flatMap((name) => queriesIn(readFileSync(new URL(name, SCRIPTS), 'utf8')).map((hit) => `scripts/${name}: ${hit[0]}`))
    expect(found).toEqual([])
  })
})
