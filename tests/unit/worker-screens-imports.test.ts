import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * What a worker's phone downloads: the screens everyone uses (sign-in, sign-up, verify, reset,
 * their own profile, the dashboard), and the root and layout routes they sit under, import no
 * planning module into the browser. Read statically from the sources: every import a module makes
 * that reaches the browser, followed from module to module. Left out, as React Router's client
 * build leaves them out: `.server` modules (files named `*.server.ts(x)` or under a `.server/`
 * folder) and imports of types only (`import type`, or every name marked `type`). Conservative
 * otherwise: an import only a loader or action uses counts, though the build would drop it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The worker screens' route modules, each with the layouts React Router renders it in (flat route names). */
const WORKER_ROUTES = [
  'app/root.tsx',
  'app/routes/_auth.tsx',
  'app/routes/_auth.login.tsx',
  'app/routes/_auth.signup.tsx',
  'app/routes/_auth.verify-otp.tsx',
  'app/routes/_auth.forgot-password.tsx',
  'app/routes/_auth.reset-password.tsx',
  'app/routes/personal-details.tsx',
  'app/routes/_app.tsx',
  'app/routes/_app.dashboard.tsx',
  'app/routes/_app.users.$userId.profile.tsx',
]

/**
 * Planning modules, which no worker screen may ship: the planning domain (its schemas, messages,
 * interchanges, plans), the people-over-time modules that compute capacity, demand and the grid,
 * and the API's own schedule schemas (built on the planning ones); the API's answer shapes; the
 * planners' screens' features and components; full zod (the browser's forms use zod/mini).
 */
const PLANNING: { rule: string; test: (module: string) => boolean }[] = [
  { rule: 'domain/planning/**', test: (module) => module.startsWith('domain/planning/') },
  {
    rule: 'domain/schedule/{schemas,capacity,grid,slots,attention,window}',
    test: (module) => /^domain\/schedule\/(schemas|capacity|grid|slots|attention|window)\.ts$/.test(module),
  },
  { rule: 'domain/answers/**', test: (module) => module.startsWith('domain/answers/') },
  { rule: 'domain/contracts/{planning,projects,catalog}', test: (module) => /^domain\/contracts\/(planning|projects|catalog)\.ts$/.test(module) },
  {
    rule: 'app/features/{planning,project-planning,template,mappings,timeline,capacity,project-cluster-timelines,setup}/**',
    test: (module) => /^app\/features\/(planning|project-planning|template|mappings|timeline|capacity|project-cluster-timelines|setup)\//.test(module),
  },
  { rule: 'app/features/schedule/schedule-*', test: (module) => module.startsWith('app/features/schedule/schedule-') },
  { rule: 'app/components/{template-*,project-cluster-table,cascade-form}', test: (module) => /^app\/components\/(template-[^/]+|project-cluster-table|cascade-form)\.tsx?$/.test(module) },
  { rule: 'zod (full)', test: (module) => module === 'zod' || module.startsWith('zod/v4') && !module.startsWith('zod/v4/core') },
]

const isServerOnly = (module: string) => /\.server(\.[tj]sx?)?$/.test(module) || module.includes('.server/')

/** A specifier made a module name: a file of the repository relative to ROOT, or a package's specifier as written. */
function resolve(from: string, specifier: string): string | undefined {
  const alias = /^#(app|domain|api)\/(.*)$/.exec(specifier)
  const base = alias ? path.join(ROOT, alias[1]!, alias[2]!) : specifier.startsWith('.') ? path.resolve(path.dirname(path.join(ROOT, from)), specifier) : undefined
  if (!base) return specifier
  // Assets (`./styles/app.css?url`) are no JavaScript module.
  if (/\.(css|svg|png|woff2?)(\?.*)?$/.test(base)) return undefined
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(ROOT, candidate)
  }
  throw new Error(`${from}: cannot resolve ${specifier}`)
}

/** The specifiers of a module's imports that stay in JavaScript: type-only ones are erased. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      if (!typeOnly) found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((element) => element.isTypeOnly))
      if (!typeOnly) found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every module the browser gets from `entry`, each with the chain of imports that brings it. */
function clientGraph(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>([[entry, [entry]]])
  const queue = [entry]
  while (queue.length) {
    const file = queue.shift()!
    for (const specifier of runtimeImports(file)) {
      const module = resolve(file, specifier)
      if (!module || isServerOnly(module) || reached.has(module)) continue
      reached.set(module, [...reached.get(file)!, module])
      if (!path.isAbsolute(module) && /\.(ts|tsx)$/.test(module)) queue.push(module)
    }
  }
  return reached
}

describe("what a worker's phone downloads", () => {
  test.each(WORKER_ROUTES)('%s brings no planning module into the browser', (route) => {
    const shipped = [...clientGraph(route)].flatMap(([module, chain]) => {
      const rule = PLANNING.find((planning) => planning.test(module))
      return rule ? [`${module} (${rule.rule}), through ${chain.join(' → ')}`] : []
    })
    expect(shipped).toEqual([])
  })

  test('the walk sees what the browser gets: the dashboard reaches the leave form and zod/mini, not the .server modules', () => {
    const graph = clientGraph('app/routes/_app.dashboard.tsx')
    expect(graph.has('app/features/schedule/leave.tsx')).toBe(true)
    expect(graph.has('zod/mini')).toBe(true)
    expect([...graph.keys()].filter(isServerOnly)).toEqual([])
    // A planner's screen does reach planning modules: the rules match what they name.
    expect([...clientGraph('app/routes/_app.planning.tsx').keys()].some((module) => PLANNING.some((planning) => planning.test(module)))).toBe(true)
  })
})
