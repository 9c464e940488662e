import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * Which folder may import which. The web (app/, and server/, its Express) never imports the API, and
 * the API never imports the web's: what both processes run (the security headers helmet works out,
 * the private files of DATA_DIR) lives in shared/, which imports neither. domain/ imports no folder
 * but itself (DESIGN §1: pure, shared by both halves).
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const FOLDERS = ['app', 'server', 'api', 'shared', 'domain'] as const
type Folder = (typeof FOLDERS)[number]
const FORBIDDEN: Record<Folder, Folder[]> = {
  app: ['api'],
  server: ['api'],
  api: ['app', 'server'],
  shared: ['app', 'server', 'api', 'domain'],
  domain: ['app', 'server', 'api', 'shared'],
}

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesOf(path.join(dir, entry.name)) : /\.(?:ts|tsx)$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )

/** The top folder an import specifier leads to, from the file that holds it: `#api/…`, or a relative path. */
function folderOf(file: string, specifier: string): string | undefined {
  const alias = /^#(\w+)\//.exec(specifier)
  if (alias) return alias[1]
  if (!specifier.startsWith('.')) return undefined
  return path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep)[0]
}

describe('import directions', () => {
  test('no folder imports one it must not: the web and the API meet only in domain/ and shared/', () => {
    const found = FOLDERS.flatMap((folder) =>
      filesOf(path.join(ROOT, folder)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)]
          .map((match) => match[1]!)
          .filter((specifier) => (FORBIDDEN[folder] as string[]).includes(folderOf(file, specifier) ?? ''))
          .map((specifier) => `${path.relative(ROOT, file)}: ${specifier}`),
      ),
    )
    expect(found).toEqual([])
  })
})
