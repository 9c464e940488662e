import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * A post is read one way: by conform with its zod schema (`parseWithSchema`, app/lib/validation.ts;
 * a screen's buttons through its intent table, app/lib/intents.ts). What is left reads no post: the
 * UI's glance at a submission still on its way (the sidebar's optimistic toggles, the busy labels,
 * the verify screen's own boxes before it submits), and bare `safeParse` only where no form is read
 * (the toast in the session cookie, the emailed link's ?code=) or on what
 * Save Template assembles from the draft conform read (docs/decisions.md says why for each).
 */

const APP = path.resolve(import.meta.dirname, '../../app')

/** Files that read a submission's fields by hand, each for the UI, never an action's post. */
const PENDING_READS = ['components/sidebar.tsx', 'features/auth/form.ts', 'features/setup/answer.ts', 'lib/submitting.ts']
/** Files with a bare safeParse, none of them on a post. */
const BARE_PARSES = ['features/auth/form.server.ts', 'features/template/form.ts', 'lib/toast.server.ts', 'lib/validation.ts']

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []))

/** Source without its comments (a comment may quote the old way). */
const codeOf = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')

const sources = filesOf(APP).map((file) => ({ name: path.relative(APP, file).split(path.sep).join('/'), code: codeOf(file) }))
const readers = (pattern: RegExp) =>
  sources
    .filter(({ code }) => pattern.test(code))
    .map(({ name }) => name)
    .sort()

describe('forms', () => {
  test("are read by conform: no module reads a post's fields by hand (get, getAll, entries, a loop over the FormData)", () => {
    expect(sources.length).toBeGreaterThan(100)
    expect(readers(/\b(?:formData|form|sent)\??\.(?:get|getAll|entries)\(|for \(const \[\w+, \w+\] of (?:formData|form)\b/)).toEqual(PENDING_READS)
  })

  test('have no bare safeParse beside them but where docs/decisions.md says why', () => {
    expect(readers(/(?:\.|\b)safeParse\(/)).toEqual(BARE_PARSES)
  })
})
