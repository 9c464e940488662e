import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * "A failed call's list is empty" is said in one place, `listOr` (app/lib/api/http.server.ts), so a
 * screen reading a list neither repeats the rule nor gets it subtly different (a call not made, a
 * list inside the answer). A ternary on `.ok` falling back to `[]` anywhere else in the web fails here.
 */

const APP = path.resolve(import.meta.dirname, '../../app')
const HELPER = 'lib/api/http.server.ts'

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

/** `x.ok ? x.data : []` (on one line or wrapped at `?` and `:`), and `!x.ok ? [] : …`. */
const FALLBACKS = [/\.ok\s*(?:\n\s*)?\?[^\n]*?(?:\n\s*)?\s:\s\[\]/g, /!\s*[\w?.]+\.ok\s*\?\s*\[\]/g]

const fallbacksIn = (source: string) => FALLBACKS.flatMap((pattern) => [...source.matchAll(pattern)].map((hit) => hit[0].replace(/\s+/g, ' ')))

describe('a failed list', () => {
  test('the check finds each way of writing the fallback, and not an object holding an empty list', () => {
    expect(fallbacksIn('const a = projects.ok ? projects.data : []')).toEqual(['.ok ? projects.data : []'])
    expect(fallbacksIn('const a = answer?.ok\n  ? answer.data.map((row) => row.id)\n  : []')).toHaveLength(1)
    expect(fallbacksIn('const a = !answer.ok ? [] : answer.data')).toEqual(['!answer.ok ? []'])
    expect(fallbacksIn('const a = answer.ok ? { rows: [] } : null')).toEqual([])
  })

  test("is read as empty through listOr alone: no screen writes `.ok ? … : []` itself", () => {
    const files = filesOf(APP)
    expect(files.map((file) => path.relative(APP, file).split(path.sep).join('/'))).toContain(HELPER)
    const found = files
      .filter((file) => path.relative(APP, file).split(path.sep).join('/') !== HELPER)
      .flatMap((file) => fallbacksIn(readFileSync(file, 'utf8')).map((hit) => `app/${path.relative(APP, file).split(path.sep).join('/')}: ${hit}`))
    expect(found).toEqual([])
  })
})
