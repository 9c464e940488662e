/**
 * `npm run bench:projects`: the four project screens on a large project (one card of 20
 * instances × 15 clusters × 8 roles, 500 tagged users) against a small one (1 instance × 2
 * clusters × 1 role, 5 tags). For each screen (the whole page, and its loader alone) and each API
 * call those loaders make: median and p95 server time, and the database queries per request. A
 * screen whose query count grows with the data issues a query per row: the issue forbids it.
 *
 * One process: a fresh database (in-memory PGlite, or a fresh PostgreSQL database created and
 * dropped here when DATABASE_URL is set), the API listening on a free port, and the web's React
 * Router build (`npm run build` first) called in-process as server/web.ts calls it. A loader alone
 * is measured through React Router's single-fetch data request for its route only
 * (`/users.data?_routes=routes/_app.users._index`), as a client-side navigation asks for it.
 * Data is made through the API (bench/support/dataset.ts), except the 505 users (argon2 per sign-up would take minutes; tagging needs no password)
 * and the large project's 2,400 tagging rows, inserted within the caps the API would enforce.
 * Requests run one at a time, so every query counted between a request's start and end is its own.
 */
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { planningData, signUpAdmin, type Plan } from './support/dataset'
import { inProcessPortal, loaderRequest, smallThenLarge, type Timing } from './support/in-process'
import { collapsed, median, ms, p95, queriesOf } from './support/stats'
import { printTable } from './support/table'

const WARM_UPS = Number(process.env.BENCH_WARMUPS ?? 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
/** BENCH_SHOW_QUERIES=1 prints the SQL of one request of each measure whose query count grew. */
const SHOW_QUERIES = process.env.BENCH_SHOW_QUERIES === '1'
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const started = performance.now()

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

type Size = 'small' | 'large'
interface Result extends Timing {
  kind: 'page' | 'loader' | 'dialog' | 'API' | 'save'
  name: string
  size: Size
}

async function measureAll(size: Size, plan: Plan) {
  const p = plan.projectId
  const c = data.categoryId
  const s = data.siteId
  const pages: Record<(typeof screens)[number]['name'], string> = {
    'Project Resource Planning': `/project-resource-planning?projectId=${p}`,
    'User Entity Mapping': `/user-entity-mapping?projectId=${p}`,
    'Project Cluster Timelines': `/project-cluster-timelines?projectId=${p}&categoryId=${c}&entityTypeId=${s}`,
    'Role Project Clusters': '/role-project-clusters',
    Users: '/users',
  }
  for (const screen of screens) {
    if (!web.routes.has(screen.route)) continue
    const path = pages[screen.name]
    await measure({ kind: 'page', name: screen.name, size }, () => web.get(path))
    await measure({ kind: 'loader', name: screen.name, size }, () => web.get(loaderRequest(path, screen.route)))
  }
  // Assign Users without JavaScript, after a search that found nobody: the ticked users of the
  // earlier search (picked=1&userIds=…) are neither tagged to the row nor among the candidates.
  const mapping = screens[1]
  if (plan.dialog && web.routes.has(mapping.route)) {
    const dialog = new URLSearchParams({ projectId: p, assign: plan.dialog.key, q: 'no such person', picked: '1' })
    for (const userId of plan.dialog.userIds) dialog.append('userIds', userId)
    await measure({ kind: 'dialog', name: `Assign Users, ${plan.dialog.userIds.length} ticked`, size }, () => web.get(loaderRequest(`/user-entity-mapping?${dialog}`, mapping.route)))
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
    `/api/projects/${p}/mapping`,
    `/api/projects/${p}/planning`,
    '/users?limit=1000',
    `/api/timelines/by-project-selection?projectId=${p}&entityTypeId=${s}`,
    `/api/timelines/site-overrides?projectId=${p}&categoryId=${c}&entityId=${s}`,
    `/api/timelines/cluster-by-entity?projectId=${p}&entityId=${s}`,
    '/api/role-project-clusters',
  ]
  for (const path of calls) {
    await measure({ kind: 'API', name: `GET ${path.split('?')[0]!.replace(p, '{id}')}`, size }, () => portal.apiGet(path))
  }
  // The card saved again as Project Resource Planning's Save sends it (every instance by its id).
  await measure({ kind: 'save', name: `POST /api/project-resource-instances, ${plan.card.number} instance${plan.card.number === 1 ? '' : 's'}`, size }, async () => {
    const answer = await admin.post('/api/project-resource-instances', plan.card)
    return { status: answer.status, bytes: JSON.stringify(answer.body).length }
  })
}

/** Warm-ups, then timed runs, one request at a time; queries and API calls counted per request. */
async function measure(what: Pick<Result, 'kind' | 'name' | 'size'>, request: () => Promise<{ status: number; bytes: number }>) {
  results.push({ ...what, ...(await portal.timed(`${what.kind} ${what.name} (${what.size})`, request, { warmUps: WARM_UPS, runs: RUNS })) })
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
    const sq = queriesOf(s.queries)
    const lq = queriesOf(l.queries)
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
  printTable(rows, (column) => column < 2)
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
  console.log(`Database: ${portal.kind}; node ${process.version}; ${WARM_UPS} warm-ups, ${RUNS} runs per measure; times are server-side wall times, in-process.`)
}

// ---------------------------------------------------------------------------------------------
// The run: the database, the API and the web; the small project, measured; the large, measured
// ---------------------------------------------------------------------------------------------

const portal = await inProcessPortal({ showQueries: SHOW_QUERIES })
const { admin, web } = portal

const screens = [
  { name: 'Project Resource Planning', route: 'routes/_app.project-resource-planning', file: 'app/routes/_app.project-resource-planning.tsx' },
  { name: 'User Entity Mapping', route: 'routes/_app.user-entity-mapping', file: 'app/routes/_app.user-entity-mapping.tsx' },
  { name: 'Project Cluster Timelines', route: 'routes/_app.project-cluster-timelines', file: 'app/routes/_app.project-cluster-timelines.tsx' },
  { name: 'Role Project Clusters', route: 'routes/_app.role-project-clusters', file: 'app/routes/_app.role-project-clusters.tsx' },
  // Every user on one page: 6 beside the small project, 506 beside the large.
  { name: 'Users', route: 'routes/_app.users._index', file: 'app/routes/_app.users._index.tsx' },
] as const

// ---------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------

await signUpAdmin(admin, portal.mails)
const data = await planningData(portal.db, admin)
const results: Result[] = []
await smallThenLarge(portal, 'project', { small: data.smallProject, large: data.largeProject, measure: measureAll, report }, { warmUps: WARM_UPS, runs: RUNS, started })
