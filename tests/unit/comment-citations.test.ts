import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * Comments in production code say why the code is so, never which issue asked for it: a reader of
 * the code needs the reason, and the issue numbers are kept in docs/decisions.md, each issue's
 * decisions under its own heading. Tests may still name the issue they speak for.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['api', 'app', 'domain', 'server', 'shared', 'scripts']
const SOURCE = /\.(?:ts|tsx|mjs|sql|css)$/

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : SOURCE.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

/** "issue 31", "Issue 29 §2", "issues 13", "issue #12". */
const CITATION = /\bissues?\s?#?\d+/i

/** Block comments, and the rest of a line after `//` (and `--` in SQL). A string holding `//` is read as a comment too: stricter, never looser. */
const commentsOf = (sql: boolean) => (sql ? /\/\*[\s\S]*?\*\/|--.*$/gm : /\/\*[\s\S]*?\*\/|\/\/.*$/gm)

/** Each line of a comment that names an issue, as `line: text` (1-based). */
function citationsIn(source: string, sql = false): string[] {
  const found: string[] = []
  for (const comment of source.matchAll(commentsOf(sql))) {
    const first = source.slice(0, comment.index).split('\n').length
    comment[0].split('\n').forEach((line, offset) => {
      if (CITATION.test(line)) found.push(`${first + offset}: ${line.trim()}`)
    })
  }
  return found
}

describe('comments cite no issue', () => {
  test('the check finds an issue named in each kind of comment, and nothing else', () => {
    expect(citationsIn('const a = 1 // see issue 13\n')).toEqual(['1: // see issue 13'])
    expect(citationsIn('/**\n * The audit log (Issue 31 §2).\n */\nconst b = 2\n')).toEqual(['2: * The audit log (Issue 31 §2).'])
    expect(citationsIn('{/* For people with view (issue #29). */}')).toHaveLength(1)
    expect(citationsIn('/* Issue 30: the shell\n   on a phone (issue 12) */')).toHaveLength(2)
    expect(citationsIn('-- Leave apart (issue 28)\nSELECT 1;', true)).toEqual(['1: -- Leave apart (issue 28)'])
    expect(citationsIn("const issue = 'issue 13' // an issue's reason, https://example.com/issues/5\n")).toEqual([])
    expect(citationsIn('// Issues a reset link to an account.\n')).toEqual([])
  })

  test('no production source (api, app, domain, server, shared, scripts) names an issue in a comment', () => {
    const files = FOLDERS.flatMap((folder) => filesOf(path.join(ROOT, folder)))
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) => citationsIn(readFileSync(file, 'utf8'), file.endsWith('.sql')).map((hit) => `${path.relative(ROOT, file)}:${hit}`))
    expect(found).toEqual([])
  })
})
