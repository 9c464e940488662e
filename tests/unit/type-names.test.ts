import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * Names that once meant two things each mean one: `Actor` is who the audit log names, `Holder` what
 * the access rules read of a person, `HireLine` a line of the hire-by queue's answer, `Person` a
 * person the tagging screens offer. The other meanings got names of their own (HolderWithId,
 * RoleMember, HireNeed, PersonRef, and file-local ones), and a type declared again under one of these
 * names, even in one file, fails here.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['api', 'app', 'domain', 'server', 'shared', 'scripts']
const ONE_MEANING: Record<string, string> = {
  Actor: 'api/audit/record.ts',
  Holder: 'domain/access.ts',
  HireLine: 'domain/contracts/schedule.ts',
  Person: 'domain/planning/mapping.ts',
}

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : /\.(?:ts|tsx)$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

describe('the names that meant two things', () => {
  test('are each declared once, where their one meaning lives', () => {
    const declared = Object.fromEntries(Object.keys(ONE_MEANING).map((name) => [name, [] as string[]]))
    for (const file of FOLDERS.flatMap((folder) => filesOf(path.join(ROOT, folder)))) {
      const source = readFileSync(file, 'utf8')
      for (const [, name] of source.matchAll(/^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|class|enum)\s+(\w+)\b/gm)) {
        if (name! in declared) declared[name!]!.push(path.relative(ROOT, file).split(path.sep).join('/'))
      }
    }
    expect(declared).toEqual(Object.fromEntries(Object.entries(ONE_MEANING).map(([name, file]) => [name, [file]])))
  })
})
