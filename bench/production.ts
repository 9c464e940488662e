/**
 * `npm run bench:production`: the portal as production runs it (`node build/server/api.js` and
 * `node build/server/web.js`, each its own process) on a database holding 1,000 users and the large
 * project of `bench:projects`. It prints:
 *
 * - throughput and latency (autocannon) of GET /login, GET /dashboard, GET /users, Project Resource
 *   Planning for the large project and POST /auth/login, each beside a bare node:http server
 *   answering the very same bytes, and beside a bare React Router page (bench/bare-react-router)
 *   measured in the same run, at the start and at the end; plus one argon2id verification on its own;
 * - the resident memory of both processes after that load;
 * - page weight per screen: HTML, CSS and JavaScript gzipped, from the build output and as Chromium
 *   receives them, against the bare React Router route's JavaScript;
 * - the phone profile that counts (issue 27): first contentful paint and interactive in Chromium
 *   slowed like a phone on slow 4G (bench/support/phone.ts), on /login, /dashboard as an
 *   administrator and as an employee, beside the bare React Router page, against their targets;
 * - Lighthouse (mobile, simulated 4× slower CPU) on login, dashboard, users and the template
 *   screen, for information only.
 *
 * Embedded PGlite in a temporary folder by default; with DATABASE_URL, a fresh PostgreSQL database.
 * Ratios, not times, are the figures to compare between machines: every baseline runs beside them.
 */
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fork } from 'node:child_process'
import { count } from 'drizzle-orm'
import { buildApi } from '#api/app'
import { hashPassword, verifyPassword } from '#api/auth/passwords'
import { openDatabase } from '#api/db/client'
import { users } from '#api/db/schema'
import type { Mail } from '#api/mail/mailer'
import { SESSION_COOKIE } from '#domain/constants'
import { Client } from '../tests/support/api-harness'
import { scratchDir } from '../tests/support/scratch'
import { BARE_BUILD, BARE_REACT_ROUTER, PORTAL_BUILD, ROOT, clientManifest, ensureBareReactRouterBuild, requireProductionBuild } from './support/builds'
import { benchDatabase } from './support/database'
import { BENCH_ADMIN, BENCH_EMPLOYEE, makeUsers, planningData, signUp, signUpAdmin } from './support/dataset'
import { lighthouseScores } from './support/lighthouse'
import { load, rawAnswer, type Load, type RawAnswer, type Target } from './support/load'
import { browserWeights, buildWeight, gzippedSize, routeScripts } from './support/page-weight'
import { PHONE, phoneFigures } from './support/phone'
import { freePort, memoryOf, start, startPortal, stop, type Running } from './support/processes'
import { printTable } from './support/table'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const USERS = 1000
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5)
/** BENCH_ONLY=load,memory,weight,phone,lighthouse runs some sections only (all by default). */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'load,memory,weight,phone,lighthouse').split(','))
const started = performance.now()

// ---------------------------------------------------------------------------------------------
// The builds, the data, the processes
// ---------------------------------------------------------------------------------------------

requireProductionBuild()
ensureBareReactRouterBuild()

const folder = scratchDir('portal-bench')
const dataDir = folder.path
const database = await benchDatabase({ dataDir })
console.log(`Making the data (${database.kind})...`)
const { projectId, adminId } = await makeData()

const apiPort = await freePort()
const webPort = await freePort()
const env = {
  NODE_ENV: 'production',
  API_PORT: String(apiPort),
  PORT: String(webPort),
  DATA_DIR: dataDir,
  DATABASE_URL: 'databaseUrl' in database.options ? database.options.databaseUrl : '',
  PUBLIC_URL: `http://localhost:${webPort}`,
  SMTP_URL: '',
}
const api = await startPortal('API', path.join(ROOT, 'build/server/api.js'), env, `http://127.0.0.1:${apiPort}`)
const web = await startPortal('web', path.join(ROOT, 'build/server/web.js'), env, `http://localhost:${webPort}`)
const barePort = await freePort()
const bareReactRouter = await start('bare React Router', path.join(BARE_REACT_ROUTER, 'server.mjs'), { NODE_ENV: 'production', PORT: String(barePort) }, `http://127.0.0.1:${barePort}`, '/')

/** A session of `account`'s, signed in through the API as the login screen does. */
async function sessionOf(account: { email: string; password: string }) {
  const client = new Client('127.0.0.1', api.url)
  const signedIn = await client.post('/auth/login', account)
  if (signedIn.status !== 200) throw new Error(`sign-in of ${account.email} failed: ${JSON.stringify(signedIn.body)}`)
  return { name: SESSION_COOKIE, value: client.cookies.get(SESSION_COOKIE)! }
}
const session = await sessionOf(BENCH_ADMIN)
const cookie = `${session.name}=${session.value}`

const running: Running[] = [api, web, bareReactRouter]
const idle = { API: memoryOf(api), web: memoryOf(web) }
try {
  if (ONLY.has('load')) await throughput()
  if (ONLY.has('memory')) memory()
  if (ONLY.has('weight')) await pageWeight()
  if (ONLY.has('phone')) await phone()
  if (ONLY.has('lighthouse')) await lighthouse()
} finally {
  for (const process of running) await stop(process)
  await database.drop()
  folder.remove()
}
console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s. Node.js ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB.`)
process.exit(0)

/** The first administrator, the large project, an employee and users up to 1,000, made by an in-process API on the database the processes will open. */
async function makeData() {
  const opened = await openDatabase(database.options)
  await opened.migrate()
  const mails: Mail[] = []
  const inProcess = await buildApi({ db: opened.db, mailer: { send: async (mail) => void mails.push(mail) }, now: () => new Date(), publicUrl: 'http://bench.test', trustProxy: '127.0.0.1' })
  const apiUrl = await inProcess.listen({ port: 0, host: '127.0.0.1' })
  const client = new Client('127.0.0.1', apiUrl)
  await signUpAdmin(client, mails)
  const data = await planningData(opened.db, client)
  const large = await data.largeProject()
  // A client of its own: verifying its code signs the employee in.
  await signUp(new Client('127.0.0.1', apiUrl), mails, BENCH_EMPLOYEE)
  const [{ total }] = await opened.db.select({ total: count() }).from(users)
  await makeUsers(opened.db, 'listed', USERS - total)
  const landing = await client.get<{ user: { _id: string } }>('/landing')
  await inProcess.close()
  await opened.close()
  return { projectId: large.projectId, adminId: landing.body.user._id }
}

// ---------------------------------------------------------------------------------------------
// Throughput and latency
// ---------------------------------------------------------------------------------------------

interface Row {
  name: string
  target: Target
  /** The figure the issue sets, checked against the bare React Router page or as server time. */
  goal?: { bareRatio: number } | { p50Ms: number }
}

async function throughput() {
  const gzip = { 'accept-encoding': 'gzip' }
  const rows: Row[] = [
    { name: 'GET /login', target: { url: `${web.url}/login`, headers: gzip }, goal: { bareRatio: 0.5 } },
    { name: 'GET /dashboard, signed in', target: { url: `${web.url}/dashboard`, headers: { ...gzip, cookie } }, goal: { bareRatio: 0.5 } },
    { name: `GET /users, ${USERS} users`, target: { url: `${web.url}/users`, headers: { ...gzip, cookie } }, goal: { p50Ms: 50 } },
    { name: 'GET /project-resource-planning, large project', target: { url: `${web.url}/project-resource-planning?projectId=${projectId}`, headers: { ...gzip, cookie } }, goal: { p50Ms: 50 } },
    {
      name: 'POST /auth/login (API)',
      target: { url: `${api.url}/auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) },
    },
  ]
  const barePage: Target = { url: `${bareReactRouter.url}/`, headers: gzip }

  // The floor: the same bytes each row answers, from a server that does nothing else.
  const answers: ({ method: string; path: string } & Omit<RawAnswer, 'html'>)[] = []
  for (const row of rows) {
    const { html: _, ...answer } = await rawAnswer(row.target)
    if (answer.status >= 400) throw new Error(`${row.name} answered ${answer.status}`)
    const url = new URL(row.target.url)
    answers.push({ method: row.target.method ?? 'GET', path: url.pathname + url.search, ...answer })
  }
  const bare = fork(path.join(ROOT, 'bench/support/bare-http.mjs'), { stdio: 'ignore' })
  const barePort = await new Promise<number>((resolve) => {
    bare.once('message', (message) => resolve((message as { port: number }).port))
    bare.send({ answers })
  })
  const onBare = (target: Target): Target => ({ ...target, url: target.url.replace(/^http:\/\/[^/]+/, `http://127.0.0.1:${barePort}`) })

  console.log(`\nThroughput: autocannon, ${CONNECTIONS} connections × ${SECONDS} s per figure; server time: 1 connection. Same machine, same run.`)
  const bareBefore = await load(barePage, CONNECTIONS, SECONDS)
  const results: { row: Row; portal: Load; floor: Load; alone: Load; bytes: number }[] = []
  for (const [index, row] of rows.entries()) {
    const portal = await load(row.target, CONNECTIONS, SECONDS)
    const floor = await load(onBare(row.target), CONNECTIONS, SECONDS)
    const alone = await load(row.target, 1, Math.max(2, SECONDS / 2))
    results.push({ row, portal, floor, alone, bytes: answers[index].bytes })
    process.stdout.write('.')
  }
  const bareAfter = await load(barePage, CONNECTIONS, SECONDS)
  bare.kill()
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2

  const table: string[][] = [['what', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'bare http req/s', '× bare http', '× bare React Router', '1 conn. p50 ms', 'target']]
  table.push(['bare React Router page (before / after)', '', `${bareBefore.rps.toFixed(0)} / ${bareAfter.rps.toFixed(0)}`, `${bareBefore.p50} / ${bareAfter.p50}`, `${bareBefore.p99} / ${bareAfter.p99}`, '', '', '1.00', '', ''])
  for (const { row, portal, floor, alone, bytes } of results) {
    const ratio = portal.rps / bareRps
    const goal = row.goal
    const verdict = !goal ? '' : 'bareRatio' in goal ? `≥ ${goal.bareRatio.toFixed(2)} × React Router: ${ratio >= goal.bareRatio ? 'met' : `missed by ${((goal.bareRatio - ratio) * 100).toFixed(0)} points`}` : `p50 ≤ ${goal.p50Ms} ms: ${alone.p50 <= goal.p50Ms ? 'met' : `missed by ${alone.p50 - goal.p50Ms} ms`}`
    const failed = portal.failed + floor.failed + alone.failed
    table.push([
      row.name + (failed ? ` (${failed} failed answers)` : ''),
      String(bytes),
      portal.rps.toFixed(0),
      String(portal.p50),
      String(portal.p99),
      floor.rps.toFixed(0),
      (portal.rps / floor.rps).toFixed(3),
      ratio.toFixed(2),
      String(alone.p50),
      verdict,
    ])
  }
  printTable(table, (column) => column === 0 || column === table[0].length - 1)

  // argon2id on its own: what one sign-in costs before any HTTP.
  const hash = await hashPassword(BENCH_ADMIN.password)
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    const begin = performance.now()
    if (!(await verifyPassword(hash, BENCH_ADMIN.password))) throw new Error('argon2 verification failed')
    times.push(performance.now() - begin)
  }
  const median = times.sort((a, b) => a - b)[10]
  console.log(`argon2id verification alone (the library's defaults): ${median.toFixed(1)} ms median of 20 → at most ${((os.cpus().length * 1000) / median).toFixed(0)} sign-ins/s on ${os.cpus().length} cores.`)
}

// ---------------------------------------------------------------------------------------------
// Memory, page weight, the phone, Lighthouse
// ---------------------------------------------------------------------------------------------

function memory() {
  const figures = [api, web].map((process) => ({ name: process.name, ...memoryOf(process) }))
  const total = figures.reduce((sum, figure) => sum + figure.rss, 0)
  console.log(`\nResident memory${ONLY.has('load') ? ' after the load' : ''} (${database.kind}):`)
  for (const figure of figures) console.log(`  ${figure.name}: ${figure.rss.toFixed(0)} MB now, ${figure.peak.toFixed(0)} MB at its peak, ${idle[figure.name as keyof typeof idle].rss.toFixed(0)} MB once started`)
  const target = database.kind === 'pglite' ? `both under 600 MB: ${total < 600 ? 'met' : `missed by ${(total - 600).toFixed(0)} MB`}` : `API under 150 MB: ${figures[0].rss < 150 ? 'met' : `missed by ${(figures[0].rss - 150).toFixed(0)} MB`}`
  console.log(`  together: ${total.toFixed(0)} MB (target: ${target})`)
}

async function pageWeight() {
  const manifest = await clientManifest(PORTAL_BUILD)
  const bare = await clientManifest(BARE_BUILD)
  const floor = gzippedSize(BARE_BUILD.client, routeScripts(bare, 'routes/_index'))
  const screens: [string, string, string][] = [
    ['/login', 'routes/_auth.login', ''],
    ['/signup', 'routes/_auth.signup', ''],
    ['/verify-otp', 'routes/_auth.verify-otp', ''],
    ['/forgot-password', 'routes/_auth.forgot-password', ''],
    ['/reset-password?token=abc', 'routes/_auth.reset-password', ''],
    ['/personal-details', 'routes/personal-details', cookie],
    ['/dashboard', 'routes/_app.dashboard', cookie],
    ['/users', 'routes/_app.users._index', cookie],
    [`/users/${adminId}/profile`, 'routes/_app.users.$userId.profile', cookie],
    ['/roles', 'routes/_app.roles', cookie],
    ['/role-history', 'routes/_app.role-history', cookie],
    ['/planning', 'routes/_app.planning', cookie],
    ['/setup', 'routes/_app.setup', cookie],
    ['/resource-planning-template', 'routes/_app.resource-planning-template', cookie],
    [`/project-resource-planning?projectId=${projectId}`, 'routes/_app.project-resource-planning', cookie],
    [`/user-entity-mapping?projectId=${projectId}`, 'routes/_app.user-entity-mapping', cookie],
    [`/project-cluster-timelines?projectId=${projectId}`, 'routes/_app.project-cluster-timelines', cookie],
    ['/role-project-clusters', 'routes/_app.role-project-clusters', cookie],
  ]
  const publicOnes = screens.filter(([, , withCookie]) => !withCookie).map(([address]) => address)
  const signedInOnes = screens.filter(([, , withCookie]) => withCookie).map(([address]) => address)
  const received = new Map([...(await browserWeights(web.url, publicOnes)), ...(await browserWeights(web.url, signedInOnes, session))])
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  const table: string[][] = [['screen', 'gzip: HTML', 'build: CSS', 'JS', 'JS − floor', 'Chromium (br): HTML', 'CSS', 'JS', 'other', 'spreadsheet lib', 'target']]
  for (const [address, routeId, withCookie] of screens) {
    if (!manifest.routes[routeId]) throw new Error(`${routeId} is not in the build`)
    const page = await rawAnswer({ url: `${web.url}${address}`, headers: { 'accept-encoding': 'gzip', ...(withCookie ? { cookie } : {}) } })
    const built = buildWeight(PORTAL_BUILD.client, routeScripts(manifest, routeId), page)
    const got = received.get(address)!
    const above = built.js - floor
    const allowed = address === '/login' ? 15 * 1024 : 40 * 1024
    table.push([
      address.split('?')[0].replace(adminId, ':userId'),
      kb(built.html),
      kb(built.css),
      kb(built.js),
      kb(above),
      kb(got.html),
      kb(got.css),
      kb(got.js),
      kb(got.other),
      built.spreadsheet ? 'YES' : 'no',
      `≤ +${allowed / 1024} KB: ${above <= allowed && !built.spreadsheet ? 'met' : `missed by ${kb(above - allowed)} KB`}`,
    ])
  }
  console.log(`\nPage weight, KB: the document as the web sends it gzipped and the build's CSS and JavaScript gzipped; then what Chromium received, as encoded on the wire (Chromium also accepts brotli). Floor: a bare React Router route ships ${kb(floor)} KB of JavaScript (bench/bare-react-router, same compiler and options).`)
  printTable(table, (column) => column === 0 || column === table[0].length - 1)
}

/**
 * The phone profile that counts (issue 27): each page loaded PHONE_RUNS times in Chromium slowed
 * like a phone on slow 4G, with an empty cache; the definitions are bench/support/phone.ts's.
 */
async function phone() {
  const employee = await sessionOf(BENCH_EMPLOYEE)
  const pages = [
    { name: 'bare React Router page', url: `${bareReactRouter.url}/`, routeId: 'routes/_index' },
    { name: '/login, signed out', url: `${web.url}/login`, routeId: 'routes/_auth.login' },
    { name: '/dashboard, administrator', url: `${web.url}/dashboard`, routeId: 'routes/_app.dashboard', cookie: session },
    { name: '/dashboard, employee (no permission)', url: `${web.url}/dashboard`, routeId: 'routes/_app.dashboard', cookie: employee },
  ]
  const manifest = await clientManifest(PORTAL_BUILD)
  const bareManifest = await clientManifest(BARE_BUILD)
  const builtJs = (page: (typeof pages)[number]) => (page.url.startsWith(bareReactRouter.url) ? gzippedSize(BARE_BUILD.client, routeScripts(bareManifest, page.routeId)) : gzippedSize(PORTAL_BUILD.client, routeScripts(manifest, page.routeId)))
  console.log(
    `\nThe phone that counts (issue 27): Chromium with a ${PHONE.viewport.width}×${PHONE.viewport.height} screen, the CPU ${PHONE.cpuSlowdown}× slower, slow 4G (${PHONE.latencyMs} ms a request, ${((PHONE.throughput * 8) / 1e6).toFixed(1)} Mbit/s), an empty cache; the median of ${PHONE_RUNS} runs`,
  )
  const figures = await phoneFigures(pages, PHONE_RUNS)
  const bare = figures.get(pages[0].name)!.median
  const bareBuilt = builtJs(pages[0])
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  const table: string[][] = [['screen', 'FCP ms', 'hydrated ms', 'interactive ms', 'long tasks (ms)', 'JS gz KB: build', '− bare', 'received', 'target']]
  for (const [index, page] of pages.entries()) {
    const { median } = figures.get(page.name)!
    const built = builtJs(page)
    const verdicts =
      index === 0
        ? 'the baseline'
        : [
            `FCP ≤ 1.0 s: ${median.fcp <= 1000 ? 'met' : `missed by ${(median.fcp - 1000).toFixed(0)} ms`}`,
            `interactive ≤ 2.5 s: ${median.interactive <= 2500 ? 'met' : `missed by ${(median.interactive - 2500).toFixed(0)} ms`}`,
          ].join('; ')
    table.push([
      page.name,
      median.fcp.toFixed(0),
      median.hydrated.toFixed(0),
      median.interactive.toFixed(0),
      `${median.longTasks} (${median.longTaskMs.toFixed(0)})`,
      kb(built),
      index === 0 ? '' : `+${kb(built - bareBuilt)}`,
      kb(median.js),
      verdicts,
    ])
  }
  printTable(table, (column) => column === 0 || column === table[0].length - 1)
  console.log(
    [
      `FCP: the browser's first-contentful-paint entry. Hydrated: React's first commit once it has claimed the server's <body> (the e2e tests' mark). Interactive: the first moment at or after hydration when no long task (> 50 ms) is running: hydration, moved to the end of any long task running at that time, and again.`,
      `Long tasks: how many the page ran before it settled (2 s without one), and their total time. JS gz KB: build: the entry and every route module from the root down, with their imports, gzipped, from the build; − bare: above the bare page's ${kb(bareBuilt)} KB; received: script bodies as Chromium received them (brotli), ${kb(bare.js)} KB for the bare page.`,
      `Times from the start of the navigation; each is the median of its own figure over the runs. Every run, FCP / interactive ms:`,
      ...pages.map((page) => `  ${page.name}: ${figures.get(page.name)!.runs.map((run) => `${run.fcp.toFixed(0)} / ${run.interactive.toFixed(0)}`).join(', ')}`),
    ].join('\n'),
  )
}

async function lighthouse() {
  // /login signed out: a signed-in person is sent on to the dashboard, and Lighthouse would score
  // the redirects. The bare React Router page is the framework's own score on this machine, in this run.
  const pages = [
    { name: 'bare React Router page', url: `${bareReactRouter.url}/` },
    { name: '/login', url: `${web.url}/login` },
    ...['/dashboard', '/users', '/resource-planning-template'].map((address) => ({ name: address, url: `${web.url}${address}`, cookie })),
  ]
  console.log(
    `\nLighthouse, for information only (the phone profile above is what counts): mobile, simulated slow 4G and 4× CPU slowdown, the median of ${LIGHTHOUSE_RUNS} runs; /login signed out, the other screens signed in as the administrator:`,
  )
  const scores = await lighthouseScores(pages, LIGHTHOUSE_RUNS)
  const table: string[][] = [['screen', 'performance', 'accessibility', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'failed accessibility audits, or Lighthouse\'s error']]
  for (const page of pages) {
    const score = scores.get(page.url)!
    const m = score.metrics
    table.push([page.name, String(score.performance), String(score.accessibility), m.fcp.toFixed(0), m.lcp.toFixed(0), m.tbt.toFixed(0), m.cls.toFixed(3), m.si.toFixed(0), score.error ?? score.failedAccessibility.join('; ')])
  }
  printTable(table, (column) => column === 0 || column === table[0].length - 1)
}
