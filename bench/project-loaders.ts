/**
 * `npm run bench:projects`: the four project screens on a large project (one card of 20
 * instances × 15 clusters × 8 roles, 500 tagged users) against a small one (1 instance × 2
 * clusters × 1 role, 5 tags). For each screen (the whole page, and its loader alone) and each API
 * call those loaders make: median and p95 server time, and the database queries per request. A
 * screen whose query count grows with the data issues a query per row: the issue forbids it.
 *
 * One process: a fresh database (in-memory PGlite, or a fresh PostgreSQL database created and
 * dropped here when DATABASE_URL is set), the API listening on a free port, and the web's Remix
 * build (`npm run build` first) called in-process as server/web.ts calls it. Data is made through
 * the API, except the 505 users (argon2 per sign-up would take minutes; tagging needs no password)
 * and the large project's 2,400 tagging rows, inserted within the caps the API would enforce.
 * Requests run one at a time, so every query counted between a request's start and end is its own.
 */
import fs from 'node:fs'
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import pg from 'pg'
import { buildApi } from '#api/app'
import { openDatabase } from '#api/db/client'
import { projectEntityUserMappings, users } from '#api/db/schema'
import type { Mail } from '#api/mail/mailer'
import { plannedSources, taggingRequirement, type PlanItem } from '#domain/planning/project-plan'
import { assignKey } from '#app/components/assign-users'
import { Client } from '../tests/support/api-harness'

const WARM_UPS = Number(process.env.BENCH_WARMUPS ?? 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
/** BENCH_SHOW_QUERIES=1 prints the SQL of one request of each measure whose query count grew. */
const SHOW_QUERIES = process.env.BENCH_SHOW_QUERIES === '1'
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()

// ---------------------------------------------------------------------------------------------
// Counting queries: every query the API's Drizzle runs goes through this logger
// ---------------------------------------------------------------------------------------------

let queryCount = 0
let queryLog: string[] = []
const logger = {
  logQuery(query: string) {
    queryCount++
    if (SHOW_QUERIES) queryLog.push(query)
  },
}

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

type Size = 'small' | 'large'
interface Plan {
  projectId: string
  /** POST /api/project-resource-instances of the card as saved: saving it again changes nothing. */
  card: { projectId: string; categoryId: string; entityId: string; typeId: string; number: number; names: { name: string; projectEntityId: string }[] }
  instanceIds: string[]
  /** The rows of one instance, in plan order. */
  rows: { roleId: string; item: PlanItem }[]
  /** Assign Users opened on a row with users ticked in an earlier search (set once the tags are made). */
  dialog?: { key: string; userIds: string[] }
}
interface Result {
  kind: 'page' | 'loader' | 'dialog' | 'API' | 'save'
  name: string
  size: Size
  times: number[]
  queries: number[]
  calls: string[]
  sql: string[]
  /** Size of the answer: the HTML page, or the JSON. */
  bytes: number
}

async function measureAll(size: Size, plan: Plan) {
  const p = plan.projectId
  const c = category._id
  const s = site._id
  const pages: Record<(typeof screens)[number]['name'], string> = {
    'Project Resource Planning': `/project-resource-planning?projectId=${p}`,
    'User Entity Mapping': `/user-entity-mapping?projectId=${p}`,
    'Project Cluster Timelines': `/project-cluster-timelines?projectId=${p}&categoryId=${c}&entityTypeId=${s}`,
    'Role Project Clusters': '/role-project-clusters',
  }
  for (const screen of screens) {
    if (!web.routes.has(screen.route)) continue
    const path = pages[screen.name]
    await measure({ kind: 'page', name: screen.name, size }, () => web.get(path))
    const separator = path.includes('?') ? '&' : '?'
    await measure({ kind: 'loader', name: screen.name, size }, () => web.get(`${path}${separator}_data=${encodeURIComponent(screen.route)}`))
  }
  // Assign Users without JavaScript, after a search that found nobody: the ticked users of the
  // earlier search (picked=1&userIds=…) are neither tagged to the row nor among the candidates.
  const mapping = screens[1]
  if (plan.dialog && web.routes.has(mapping.route)) {
    const dialog = new URLSearchParams({ projectId: p, assign: plan.dialog.key, q: 'no such person', picked: '1', _data: mapping.route })
    for (const userId of plan.dialog.userIds) dialog.append('userIds', userId)
    await measure({ kind: 'dialog', name: `Assign Users, ${plan.dialog.userIds.length} ticked`, size }, () => web.get(`/user-entity-mapping?${dialog}`))
  }
  const calls = [
    '/landing',
    '/api/projects',
    `/api/categories?projectId=${p}`,
    `/api/entity-types?projectId=${p}&categoryId=${c}`,
    `/api/planning?categoryId=${c}&entityId=${s}`,
    '/api/resource-planning-templates',
    `/api/project-resource-instances?projectId=${p}`,
    `/api/project-entity-user-mappings?projectId=${p}`,
    '/users?limit=1000',
    `/api/timelines/by-project-selection?projectId=${p}&entityTypeId=${s}`,
    `/api/timelines/site-overrides?projectId=${p}&categoryId=${c}&entityId=${s}`,
    `/api/timelines/cluster-by-entity?projectId=${p}&entityId=${s}`,
    '/api/role-project-clusters',
  ]
  for (const path of calls) {
    await measure({ kind: 'API', name: `GET ${path.split('?')[0]}`, size }, async () => {
      const answer = await admin.get(path)
      return { status: answer.status, bytes: JSON.stringify(answer.body).length }
    })
  }
  // The card saved again as Project Resource Planning's Save sends it (every instance by its id).
  await measure({ kind: 'save', name: `POST /api/project-resource-instances, ${plan.card.number} instance${plan.card.number === 1 ? '' : 's'}`, size }, async () => {
    const answer = await admin.post('/api/project-resource-instances', plan.card)
    return { status: answer.status, bytes: JSON.stringify(answer.body).length }
  })
}

/** Warm-ups, then timed runs, one request at a time; queries and API calls counted per request. */
async function measure(what: Pick<Result, 'kind' | 'name' | 'size'>, request: () => Promise<{ status: number; bytes: number }>) {
  const result: Result = { ...what, times: [], queries: [], calls: [], sql: [], bytes: 0 }
  for (let run = 0; run < WARM_UPS + RUNS; run++) {
    queryCount = 0
    queryLog = []
    apiCalls = []
    const start = performance.now()
    const { status, bytes } = await request()
    const took = performance.now() - start
    if (status !== 200) throw new Error(`${what.kind} ${what.name} (${what.size}) answered ${status}`)
    result.bytes = bytes
    if (run < WARM_UPS) continue
    result.times.push(took)
    result.queries.push(queryCount)
    // Copies: the logs go on filling until the next request starts.
    result.calls = [...apiCalls]
    result.sql = [...queryLog]
  }
  results.push(result)
}

function report() {
  const missing = screens.filter((screen) => !web.routes.has(screen.route))
  const rows: string[][] = [['', 'what', 'small ms (median / p95)', 'large ms (median / p95)', 'time ×', 'queries small', 'queries large', 'queries ×', 'KB small', 'KB large']]
  // Measures pair up by kind and name; a name's figures after the comma (e.g. how many ticked) may differ.
  const keyOf = (result: Result) => `${result.kind}\u0000${result.name.split(',')[0]}`
  const grew: Result[] = []
  for (const key of [...new Set(results.map(keyOf))]) {
    const of = (size: Size) => results.find((result) => keyOf(result) === key && result.size === size)!
    const [s, l] = [of('small'), of('large')]
    const name = s.name === l.name ? s.name : `${s.name} / ${l.name.split(',').slice(1).join(',').trim()}`
    const sq = queriesOf(s)
    const lq = queriesOf(l)
    if (median(l.queries) > median(s.queries)) grew.push(l, s)
    rows.push([
      s.kind,
      name,
      `${ms(median(s.times))} / ${ms(p95(s.times))}`,
      `${ms(median(l.times))} / ${ms(p95(l.times))}`,
      (median(l.times) / median(s.times)).toFixed(1),
      sq,
      lq,
      (median(l.queries) / median(s.queries)).toFixed(2),
      (s.bytes / 1024).toFixed(0),
      (l.bytes / 1024).toFixed(0),
    ])
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  console.log('')
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  '))
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  }
  console.log('')
  console.log('API calls each page made (large project):')
  for (const result of results.filter((r) => (r.kind === 'page' || r.kind === 'dialog') && r.size === 'large')) console.log(`  ${result.name}: ${collapsed(result.calls)}`)
  for (const screen of missing) {
    const exists = fs.existsSync(`${ROOT}/${screen.file}`)
    console.log(`  ${screen.name}: not measured, ${exists ? 'the build lacks it (run `npm run build`)' : `${screen.file} does not exist yet`}`)
  }
  console.log('')
  const verdict = grew.filter((result) => result.size === 'large')
  if (verdict.length === 0) console.log('Query counts are the same for the large project as for the small one: no query per row.')
  else console.log(`Query counts grow with the data (a query per row) in: ${verdict.map((r) => `${r.kind} ${r.name}`).join('; ')}`)
  if (SHOW_QUERIES) {
    for (const result of grew) console.log(`\n${result.kind} ${result.name} (${result.size}), ${result.sql.length} queries:\n  ${result.sql.join('\n  ')}`)
  }
  console.log(`Database: ${database.kind}; node ${process.version}; ${WARM_UPS} warm-ups, ${RUNS} runs per measure; times are server-side wall times, in-process.`)
}

/** API calls with ids as :id, repeats counted: "GET /users/:id ×8". */
function collapsed(calls: string[]) {
  const named = calls.map((call) => call.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id'))
  const runs: { call: string; times: number }[] = []
  for (const call of named) {
    const last = runs.at(-1)
    if (last?.call === call) last.times++
    else runs.push({ call, times: 1 })
  }
  return runs.map(({ call, times }) => (times > 1 ? `${call} ×${times}` : call)).join(', ')
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const median = (values: number[]) => {
  const list = sorted(values)
  const middle = Math.floor(list.length / 2)
  return list.length % 2 ? list[middle] : (list[middle - 1] + list[middle]) / 2
}
const p95 = (values: number[]) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]
const ms = (value: number) => value.toFixed(1)
const seconds = (value: number) => (value / 1000).toFixed(1)
/** The query count per request: one figure when every run made the same number (as it should). */
function queriesOf(result: Result) {
  const list = sorted(result.queries)
  return list[0] === list[list.length - 1] ? String(list[0]) : `${list[0]}–${list[list.length - 1]}`
}

// ---------------------------------------------------------------------------------------------
// Making things
// ---------------------------------------------------------------------------------------------

async function freshDatabase() {
  const base = process.env.DATABASE_URL
  if (!base) return { database: await openDatabase({ memory: true, logger }), drop: async () => {} }
  const name = `bench_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: base })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(`create database ${name}`)
  // A bench that stops on an error cannot drop it any more (the exit is synchronous): it says so.
  process.on('exit', (code) => {
    if (code !== 0) console.error(`The bench stopped early: its database ${name} is left behind (drop database ${name}).`)
  })
  const url = new URL(base)
  url.pathname = `/${name}`
  return { database: await openDatabase({ databaseUrl: url.toString(), logger }), drop: () => run(`drop database if exists ${name} with (force)`) }
}

/** The web as server/web.ts serves it, called in-process: a GET as the signed-in admin, answering its status and size once the body is read. */
async function loadWeb() {
  const buildFile = `${ROOT}/build/web/index.js`
  if (!fs.existsSync(buildFile)) throw new Error('No web build: run `npm run build` first.')
  // A development build (React's dev runtime) renders several times slower: its figures would mislead.
  if (fs.readFileSync(buildFile, 'utf8').includes('react/jsx-dev-runtime')) throw new Error('build/web is a development build: run `npm run build` first.')
  // The npm script makes build/ a module directory for vite-node (VITE_NODE_DEPS_MODULE_DIRECTORIES), so
  // Node itself loads the build: transformed by vite-node, it would load a second copy of
  // @remix-run/react, whose React contexts the server render then misses.
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  return {
    routes: new Set(Object.keys(build.routes)),
    async get(path: string) {
      const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ')
      const response = await handle(new Request(`http://bench.test${path}`, { headers: { cookie } }), {
        cspNonce: 'bench',
        clientAddress: '127.0.0.1',
        backendUrl: apiUrl,
      })
      return { status: response.status, bytes: (await response.text()).length }
    },
  }
}

async function signUpAdmin(client: Client) {
  const email = 'bench.admin@example.com'
  const signup = await client.post('/auth/signup', { email, password: 'Bench@2026' })
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`)
  const code = mails.findLast((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
  const verified = await client.post('/auth/verify-otp', { email, otp: code })
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`)
}

/** A call that must work: 200 or 201, or the bench stops saying why. */
async function sent<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const answer = await admin.request<T>(method, path, body)
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  return answer.body
}
function made<T>(path: string, body: unknown) {
  return sent<T>('POST', path, body)
}

async function makeRole(name: string) {
  return (await made<{ _id: string }>('/roles', { name, permissions: ['view'] }))._id
}

async function makeClusters(entityId: string, prefix: string, from: number, to: number) {
  const ids: string[] = []
  for (let i = from; i < to; i++) {
    ids.push((await made<{ _id: string }>('/api/clusters', { category: category._id, entityType: entityId, name: `${prefix} ${i + 1}`, description: `Work of ${prefix} ${i + 1}` }))._id)
  }
  return ids
}

/** Each cluster its own month of 2026, so timelines and the roll-up show dates. */
async function datesFor(clusterIds: string[]) {
  for (const clusterId of clusterIds) {
    const month = String(1 + (siteClusters.indexOf(clusterId) % 12)).padStart(2, '0')
    await sent('PUT', `/api/clusters/${clusterId}`, { startDate: `2026-${month}-01`, endDate: `2026-${month}-25` })
  }
}

/** Users straight into the database: no password (they are only tagged), status Active. */
async function makeUsers(prefix: string, count: number) {
  const now = new Date()
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench.${prefix}.${i + 1}@example.com`,
        passwordHash: '!',
        emailVerifiedAt: now,
        fullName: `Bench ${prefix} user ${i + 1}`,
        createdAt: now,
      })),
    )
    .returning({ id: users.id })
  return rows.map((row) => row.id)
}

/** A planning type of the Site entity with these rows, its template, a project and its one card. */
async function makeProjectPlan(projectName: string, typeName: string, rows: { roleId: string; item: PlanItem }[], names: string[]): Promise<Plan> {
  const byRole = new Map<string, PlanItem[]>()
  for (const { roleId, item } of rows) byRole.set(roleId, [...(byRole.get(roleId) ?? []), item])
  const planning = await made<{ _id: string }>('/api/planning', {
    categoryId: category._id,
    entityId: site._id,
    typeName,
    roleClusters: [...byRole].map(([roleId, items]) => ({ roleId, clusters: items.flatMap((item) => item.clusterIds) })),
  })
  await made('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: site._id,
    planningId: planning._id,
    roleClusters: [...byRole].map(([roleId, items]) => ({
      roleId,
      clusters: items.map((item) => ({ clusterId: item.clusterIds[0], plannedPeople: item.plannedPeople, isInterchange: item.interchanges.length > 0, interchanges: item.interchanges })),
    })),
  })
  const project = await made<{ _id: string }>('/api/projects', { name: projectName, globalCategory: category._id })
  const card = await made<{ names: { name: string; projectEntityId: string }[] }>('/api/project-resource-instances', {
    projectId: project._id,
    categoryId: category._id,
    entityId: site._id,
    typeId: planning._id,
    number: names.length,
    names,
  })
  // The rows in the order the template stores them: role by role.
  return {
    projectId: project._id,
    card: { projectId: project._id, categoryId: category._id, entityId: site._id, typeId: planning._id, number: names.length, names: card.names },
    instanceIds: card.names.map((name) => name.projectEntityId),
    rows: [...byRole].flatMap(([roleId, items]) => items.map((item) => ({ roleId, item }))),
  }
}

/** Each instance's rows in plan order, with the users `perRow` gives them (row k of all instances' rows). */
function rowsToTag(plan: Plan, perRow: string[][]) {
  const rows = plan.instanceIds.flatMap((projectEntityId) => plan.rows.map(({ roleId, item }) => ({ projectEntityId, roleId, item })))
  return rows.map((row, k) => ({ ...row, userIds: perRow[k] ?? [] })).filter((row) => row.userIds.length > 0)
}

/** Tags through POST /api/project-entity-user-mappings/replace, which checks each row's cap. */
async function tagThroughApi(plan: Plan, perRow: string[][]) {
  for (const { projectEntityId, roleId, item, userIds } of rowsToTag(plan, perRow)) {
    await made('/api/project-entity-user-mappings/replace', { projectId: plan.projectId, projectEntityId, clusterIds: item.clusterIds, userIds, roleId })
  }
}

/**
 * The same rows straight into the table, in a few inserts: 2,400 replace calls would take a minute
 * of the bench's three. The counts were kept within each row's tagging requirement by the caller.
 */
async function tagDirectly(plan: Plan, perRow: string[][]) {
  const now = new Date()
  const values = rowsToTag(plan, perRow).flatMap(({ projectEntityId, roleId, item, userIds }) =>
    item.clusterIds.flatMap((clusterId) => userIds.map((userId) => ({ projectEntityId, roleId, clusterId, userId, createdAt: now }))),
  )
  for (let start = 0; start < values.length; start += 1000) await database.db.insert(projectEntityUserMappings).values(values.slice(start, start + 1000))
}

async function override(projectId: string, clusterId: string, startDate: string, endDate: string) {
  await sent('PUT', '/api/timelines/site-overrides', { projectId, categoryId: category._id, entityId: site._id, clusterId, startDate, endDate })
}

// ---------------------------------------------------------------------------------------------
// The run: the database, the API and the web; the small project, measured; the large, measured
// ---------------------------------------------------------------------------------------------

const { database, drop } = await freshDatabase()
await database.migrate()
const mails: Mail[] = []
const api = await buildApi({
  db: database.db,
  mailer: { send: async (mail) => void mails.push(mail) },
  now: () => new Date(),
  publicUrl: 'http://bench.test',
  trustProxy: '127.0.0.1',
})
const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' })
/** The API calls a page made, in order, as the API saw them. */
let apiCalls: string[] = []
api.server.on('request', (request: { method?: string; url?: string }) => apiCalls.push(`${request.method} ${request.url?.split('?')[0]}`))

const screens = [
  { name: 'Project Resource Planning', route: 'routes/_app.project-resource-planning', file: 'app/routes/_app.project-resource-planning.tsx' },
  { name: 'User Entity Mapping', route: 'routes/_app.user-entity-mapping', file: 'app/routes/_app.user-entity-mapping.tsx' },
  { name: 'Project Cluster Timelines', route: 'routes/_app.project-cluster-timelines', file: 'app/routes/_app.project-cluster-timelines.tsx' },
  { name: 'Role Project Clusters', route: 'routes/_app.role-project-clusters', file: 'app/routes/_app.role-project-clusters.tsx' },
] as const
const web = await loadWeb()

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

const admin = new Client('127.0.0.1', apiUrl)
await signUpAdmin(admin)
const category = await made<{ _id: string }>('/api/categories', { name: 'Bench Category' })
const site = await made<{ _id: string }>('/api/entities', { name: 'Site', categoryId: category._id })
const tower = await made<{ _id: string }>('/api/entities', { name: 'Tower', categoryId: category._id })
const roleIds = [await makeRole('Surveyor')]
const siteClusters = await makeClusters(site._id, 'Site cluster', 0, 2)
const towerClusters = await makeClusters(tower._id, 'Tower cluster', 0, 1)
await datesFor(siteClusters)

// The small project: 1 instance × 2 clusters × 1 role, 5 users tagged. One interchange, as the large
// template has some: the template call reads interchange sources' names only when there are any.
const smallUsers = await makeUsers('small', 5)
const smallItems: PlanItem[] = siteClusters.map((clusterId, c) => ({
  clusterIds: [clusterId],
  plannedPeople: 4,
  interchanges: c === 0 ? [{ interchangePeople: 1, interchangeFrom: { entityId: tower._id, clusterId: towerClusters[0] } }] : [],
}))
const small = await makeProjectPlan('Small Project', 'Small Plan', smallItems.map((item) => ({ roleId: roleIds[0], item })), ['Site 1'])
await tagThroughApi(small, [smallUsers.slice(0, 3), smallUsers.slice(3, 5)])
// Its first row (requirement 3 + 1) has 3 users tagged; the other 2 were ticked in an earlier search.
small.dialog = { key: assignKey(small.instanceIds[0], small.rows[0].roleId, small.rows[0].item.clusterIds), userIds: smallUsers.slice(3, 5) }
await override(small.projectId, siteClusters[0], '2026-03-01', '2026-03-31')

const results: Result[] = []
console.log(`Small project built; measuring (${WARM_UPS} warm-ups, ${RUNS} runs each)...`)
await measureAll('small', small)

// The large project: one card of 20 instances × 15 clusters × 8 roles, 500 users tagged.
towerClusters.push(...(await makeClusters(tower._id, 'Tower cluster', 1, 3)))
siteClusters.push(...(await makeClusters(site._id, 'Site cluster', 2, 15)))
await datesFor(siteClusters.slice(2))
for (const name of ['Electrician', 'Foreman', 'Safety Officer', 'Planner', 'Welder', 'Carpenter', 'Plumber']) roleIds.push(await makeRole(name))
const largeItems = roleIds.flatMap((roleId, r) =>
  siteClusters.map((clusterId, c) => {
    const plannedPeople = 4 + ((r + c) % 5)
    // Every third item borrows one person from the next Site cluster (inside the plan), every
    // fifth two from a Tower cluster (outside it: no card plans Tower).
    const interchanges = [
      ...(c % 3 === 0 ? [{ interchangePeople: 1, interchangeFrom: { entityId: site._id, clusterId: siteClusters[(c + 1) % siteClusters.length] } }] : []),
      ...(c % 5 === 0 ? [{ interchangePeople: 2, interchangeFrom: { entityId: tower._id, clusterId: towerClusters[c % towerClusters.length] } }] : []),
    ]
    return { roleId, item: { clusterIds: [clusterId], plannedPeople, interchanges } satisfies PlanItem }
  }),
)
const instanceNames = Array.from({ length: 20 }, (_, i) => `Site ${String(i + 1).padStart(2, '0')}`)
const large = await makeProjectPlan('Large Project', 'Large Plan', largeItems, instanceNames)
const largeUsers = await makeUsers('large', 500)
{
  // Each row a few users (1 to 3, never past its tagging requirement), taken in turn, so all 500 are tagged.
  const inPlan = plannedSources([{ entityId: site._id, items: largeItems.map((entry) => entry.item) }])
  let next = 0
  let row = 0
  const perRow: string[][] = []
  for (let instance = 0; instance < instanceNames.length; instance++) {
    for (const { item } of largeItems) {
      const count = Math.min(taggingRequirement(item, inPlan).total, 1 + (row++ % 3))
      perRow.push(Array.from({ length: count }, () => largeUsers[next++ % largeUsers.length]))
    }
  }
  if (next < largeUsers.length) throw new Error(`only ${next} of ${largeUsers.length} users would be tagged`)
  await tagDirectly(large, perRow)
  // Assign Users on the first instance's row of the largest requirement, that many users ticked in an earlier search.
  const widest = large.rows.reduce((best, row, index) => (taggingRequirement(row.item, inPlan).total > taggingRequirement(large.rows[best].item, inPlan).total ? index : best), 0)
  const { roleId, item } = large.rows[widest]
  const ticked = largeUsers.filter((userId) => !perRow[widest].includes(userId)).slice(0, taggingRequirement(item, inPlan).total)
  large.dialog = { key: assignKey(large.instanceIds[0], roleId, item.clusterIds), userIds: ticked }
}
for (const [index, clusterId] of siteClusters.entries()) {
  if (index % 2 === 0) await override(large.projectId, clusterId, `2026-${String(1 + (index % 12)).padStart(2, '0')}-10`, `2026-${String(1 + (index % 12)).padStart(2, '0')}-28`)
}
console.log(`Large project built in ${seconds(performance.now() - started)} s from the start; measuring...`)
await measureAll('large', large)

report()
try {
  await api.close()
  await database.close()
} finally {
  await drop()
}
console.log(`Done in ${seconds(performance.now() - started)} s.`)
// The Remix build's modules may keep timers of their own; nothing is left to wait for.
process.exit(0)
