import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

/**
 * What a worker's phone downloads: the screens everyone uses (sign-in, sign-up, verify, reset,
 * their own profile, the dashboard), and the root and layout routes they sit under, import no
 * planning module into the browser, and neither conform's client nor zod: their forms are checked
 * by their actions alone, and the page shows the reply (app/lib/form-reply.ts). Read statically
 * from the sources: every import a module makes that reaches the browser, followed from module to
 * module. Left out, as React Router's client build leaves them out: `.server` modules (files named
 * `*.server.ts(x)` or under a `.server/` folder), imports of types only (`import type`, or every
 * name marked `type`), and, in a route module, imports only its server exports (loader, action,
 * headers, middleware) use, directly or through the module's own declarations. Conservative
 * otherwise: any other mention of an imported name counts, and so does a module imported lazily.
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

/** conform's client and zod, in any of their entry points: what a worker screen's forms leave to the server. */
const FORM_LIBRARIES: { rule: string; test: (module: string) => boolean }[] = [
  { rule: "conform (@conform-to/*)", test: (module) => module.startsWith('@conform-to/') },
  { rule: 'zod (zod, zod/mini, zod/v4/…)', test: (module) => module === 'zod' || module.startsWith('zod/') },
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

/** A route module's exports React Router's client build removes, with whatever only they use. */
const SERVER_EXPORTS = new Set(['loader', 'action', 'headers', 'middleware'])
const isRouteModule = (file: string) => file === 'app/root.tsx' || file.startsWith('app/routes/')

/** Every identifier written in a node (conservative: property names and labels count too). */
function namesIn(node: ts.Node, into = new Set<string>()) {
  if (ts.isIdentifier(node)) into.add(node.text)
  ts.forEachChild(node, (child) => void namesIn(child, into))
  return into
}

/**
 * The names a route module's client code uses: from every top-level statement but the server
 * exports and the module's own declarations, then through the declarations those reach.
 */
function clientNames(source: ts.SourceFile): Set<string> {
  const declared = new Map<string, ts.Node>()
  const roots: ts.Node[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    const names = ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) ? [statement.name?.text] : ts.isVariableStatement(statement) ? statement.declarationList.declarations.map((declaration) => (ts.isIdentifier(declaration.name) ? declaration.name.text : undefined)) : []
    const server = exported && names.length > 0 && names.every((name) => name && SERVER_EXPORTS.has(name))
    if (server) continue
    if (exported || names.length === 0 || names.some((name) => !name)) roots.push(statement)
    else for (const name of names) declared.set(name!, statement)
  }
  const used = new Set<string>()
  const queue = roots.flatMap((root) => [...namesIn(root)])
  while (queue.length) {
    const name = queue.pop()!
    if (used.has(name)) continue
    used.add(name)
    const declaration = declared.get(name)
    if (declaration) queue.push(...namesIn(declaration))
  }
  return used
}

/** The specifiers of a module's imports that stay in JavaScript: type-only ones are erased, and a route module's server-only ones dropped. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const used = isRouteModule(file) ? clientNames(source) : undefined
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      const bindings = clause ? [clause.name?.text, ...(clause.namedBindings ? (ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text) : [clause.namedBindings.name.text]) : [])].filter((name) => name !== undefined) : []
      const serverOnly = used !== undefined && bindings.length > 0 && bindings.every((name) => !used.has(name))
      if (!typeOnly && !serverOnly) found.push(node.moduleSpecifier.text)
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

  test.each(WORKER_ROUTES)("%s brings neither conform's client nor zod into the browser", (route) => {
    const shipped = [...clientGraph(route)].flatMap(([module, chain]) => {
      const rule = FORM_LIBRARIES.find((library) => library.test(module))
      return rule ? [`${module} (${rule.rule}), through ${chain.join(' → ')}`] : []
    })
    expect(shipped).toEqual([])
  })

  test('the walk sees what the browser gets: the dashboard reaches the leave form and its reply, not the .server modules nor what only the action uses', () => {
    const graph = clientGraph('app/routes/_app.dashboard.tsx')
    expect(graph.has('app/features/schedule/leave.tsx')).toBe(true)
    expect(graph.has('app/lib/form-reply.ts')).toBe(true)
    expect([...graph.keys()].filter(isServerOnly)).toEqual([])
    // The login route imports the schema and conform's parsing for its action: seen, and left out.
    expect(runtimeImports('app/routes/_auth.login.tsx')).not.toContain('#app/lib/validation')
    expect(runtimeImports('app/routes/_auth.login.tsx')).toContain('#app/lib/form-reply')
    // A form still checked in the browser (a planner's screen) does reach conform and zod: the rules match what they name.
    const planning = [...clientGraph('app/routes/_app.planning.tsx').keys()]
    expect(planning.some((module) => FORM_LIBRARIES[0]!.test(module)) && planning.some((module) => FORM_LIBRARIES[1]!.test(module))).toBe(true)
    // A planner's screen does reach planning modules: the rules match what they name.
    expect([...clientGraph('app/routes/_app.planning.tsx').keys()].some((module) => PLANNING.some((planning) => planning.test(module)))).toBe(true)
  })
})
