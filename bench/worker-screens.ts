/**
 * `npm run bench:worker-screens -- <before> [<after>]`: what a worker's phone downloads, for two
 * builds of the portal in one run. Each argument is a checkout whose `npm run build` has been run
 * (its build/ folder is used; <after> defaults to this one), for example a `git worktree` of the
 * commit before a change, its node_modules a link to this one's. Both builds run side by side on
 * copies of one database (an administrator, then an employee without permissions), beside the bare
 * React Router page, and every worker screen (sign-in, sign-up, verify, reset, the employee's own
 * profile, personal details and dashboard) is loaded on the phone profile (bench/support/phone.ts),
 * the pages of both builds taking turns run after run. It prints, per screen and build: the route's
 * JavaScript gzipped as React Router preloads it (bench/support/page-weight.ts) and its excess over
 * the bare page's, the FCP and interactive medians and their ratio to the bare page's in this run,
 * and the long tasks, against the targets: ≤ bare + 15 KB, ≤ 1.3 × the bare page, ≤ 1.0 s / 2.0 s.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApi } from '#api/app'
import { openDatabase } from '#api/db/client'
import type { Mail } from '#api/mail/mailer'
import { SESSION_COOKIE } from '#domain/constants'
import { Client } from '../tests/support/api-harness'
import { scratchDir } from '../tests/support/scratch'
import { BARE_BUILD, BARE_REACT_ROUTER, ROOT, clientManifest, ensureBareReactRouterBuild, type BuildFiles } from './support/builds'
import { BENCH_EMPLOYEE, signUp, signUpAdmin } from './support/dataset'
import { gzippedSize, routeScripts } from './support/page-weight'
import { PHONE, phoneFigures, type PhonePage } from './support/phone'
import { freePort, start, startPortal, stop, type Running } from './support/processes'
import { printTable } from './support/table'

const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5)
const TARGET = { excessKb: 15, ratio: 1.3, fcpMs: 1000, interactiveMs: 2000 }

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.length < 1) throw new Error('Usage: npm run bench:worker-screens -- <before checkout> [<after checkout>]')
const checkouts = [
  { name: 'before', root: path.resolve(args[0]!) },
  { name: 'after', root: path.resolve(args[1] ?? ROOT) },
]
for (const { root } of checkouts) {
  for (const file of ['build/server/api.js', 'build/server/web.js', 'build/web/server/index.js']) if (!fs.existsSync(path.join(root, file))) throw new Error(`${root}: no ${file}: run \`npm run build\` there first.`)
  if (fs.readFileSync(path.join(root, 'build/web/server/index.js'), 'utf8').includes('react/jsx-dev-runtime')) throw new Error(`${root}: a development build`)
}
ensureBareReactRouterBuild()

// One database made once (through an in-process API), then copied: each build's processes open their own.
const folder = scratchDir('worker-screens-bench')
const made = path.join(folder.path, 'made')
{
  const opened = await openDatabase({ dataDir: made })
  await opened.migrate()
  const mails: Mail[] = []
  const api = await buildApi({ db: opened.db, mailer: { send: async (mail) => void mails.push(mail) }, now: () => new Date(), publicUrl: 'http://bench.test', trustProxy: '127.0.0.1' })
  const url = await api.listen({ port: 0, host: '127.0.0.1' })
  await signUpAdmin(new Client('127.0.0.1', url), mails)
  await signUp(new Client('127.0.0.1', url), mails, BENCH_EMPLOYEE)
  await api.close()
  await opened.close()
}

const running: Running[] = []
try {
  const barePort = await freePort()
  const bare = await start('bare React Router', path.join(BARE_REACT_ROUTER, 'server.mjs'), { NODE_ENV: 'production', PORT: String(barePort) }, `http://127.0.0.1:${barePort}`, '/')
  running.push(bare)
  const bareJs = gzippedSize(BARE_BUILD.client, routeScripts(await clientManifest(BARE_BUILD), 'routes/_index'))

  const builds = []
  for (const checkout of checkouts) {
    const dataDir = path.join(folder.path, checkout.name)
    fs.cpSync(made, dataDir, { recursive: true })
    const apiPort = await freePort()
    const webPort = await freePort()
    const env = { NODE_ENV: 'production', API_PORT: String(apiPort), PORT: String(webPort), DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: `http://localhost:${webPort}`, SMTP_URL: '' }
    const api = await startPortal(`API (${checkout.name})`, path.join(checkout.root, 'build/server/api.js'), env, `http://127.0.0.1:${apiPort}`)
    running.push(api)
    const web = await startPortal(`web (${checkout.name})`, path.join(checkout.root, 'build/server/web.js'), env, `http://localhost:${webPort}`)
    running.push(web)
    // The employee signed in through the API, as the login screen does.
    const client = new Client('127.0.0.1', api.url)
    const signedIn = await client.post('/auth/login', BENCH_EMPLOYEE)
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`)
    const cookie = { name: SESSION_COOKIE, value: client.cookies.get(SESSION_COOKIE)! }
    const landing = await client.get<{ user: { _id: string } }>('/landing')
    const files: BuildFiles = { server: path.join(checkout.root, 'build/web/server/index.js'), client: path.join(checkout.root, 'build/web/client') }
    builds.push({ ...checkout, web, cookie, employeeId: landing.body.user._id, files, manifest: await clientManifest(files) })
  }

  const screens = (employeeId: string) => [
    { screen: '/login', path: '/login', routeId: 'routes/_auth.login', signedIn: false },
    { screen: '/signup', path: '/signup', routeId: 'routes/_auth.signup', signedIn: false },
    { screen: '/verify-otp', path: '/verify-otp', routeId: 'routes/_auth.verify-otp', signedIn: false },
    { screen: '/forgot-password', path: '/forgot-password', routeId: 'routes/_auth.forgot-password', signedIn: false },
    { screen: '/reset-password', path: '/reset-password?token=abc', routeId: 'routes/_auth.reset-password', signedIn: false },
    { screen: '/personal-details', path: '/personal-details', routeId: 'routes/personal-details', signedIn: true },
    { screen: '/users/:id/profile (own)', path: `/users/${employeeId}/profile`, routeId: 'routes/_app.users.$userId.profile', signedIn: true },
    { screen: '/dashboard (employee)', path: '/dashboard', routeId: 'routes/_app.dashboard', signedIn: true },
  ]
  const BARE = 'bare React Router page'
  const pages: PhonePage[] = [{ name: BARE, url: `${bare.url}/` }]
  for (const build of builds) {
    for (const screen of screens(build.employeeId)) pages.push({ name: `${build.name} ${screen.screen}`, url: `${build.web.url}${screen.path}`, ...(screen.signedIn && { cookie: build.cookie }) })
  }

  console.log(
    `What a worker's phone downloads, two builds in one run: before ${checkouts[0]!.root}, after ${checkouts[1]!.root}. Chromium with a ${PHONE.viewport.width}×${PHONE.viewport.height} screen, the CPU ${PHONE.cpuSlowdown}× slower, slow 4G (${PHONE.latencyMs} ms a request, ${((PHONE.throughput * 8) / 1e6).toFixed(1)} Mbit/s), an empty cache; the median of ${RUNS} runs, pages taking turns. Load average at the start: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')} on ${os.cpus().length} cores.`,
  )
  const figures = await phoneFigures(pages, RUNS)
  const base = figures.get(BARE)!.median
  const kb = (bytes: number) => (bytes / 1024).toFixed(1)
  const table: string[][] = [['screen', 'build', 'JS gz KB', '− bare', 'FCP ms', '× bare', 'interactive ms', '× bare', 'long tasks (ms)', 'targets']]
  table.push([BARE, '', kb(bareJs), '', base.fcp.toFixed(0), '1.00', base.interactive.toFixed(0), '1.00', `${base.longTasks} (${base.longTaskMs.toFixed(0)})`, 'the baseline'])
  for (const screen of screens('')) {
    for (const build of builds) {
      const { median } = figures.get(`${build.name} ${screen.screen}`)!
      const js = gzippedSize(build.files.client, routeScripts(build.manifest, screen.routeId))
      const excess = js - bareJs
      const fcpRatio = median.fcp / base.fcp
      const interactiveRatio = median.interactive / base.interactive
      const missed = [
        excess > TARGET.excessKb * 1024 && `JS +${kb(excess - TARGET.excessKb * 1024)} KB`,
        fcpRatio > TARGET.ratio && `FCP ×${fcpRatio.toFixed(2)}`,
        interactiveRatio > TARGET.ratio && `interactive ×${interactiveRatio.toFixed(2)}`,
        median.fcp > TARGET.fcpMs && `FCP ${median.fcp.toFixed(0)} ms`,
        median.interactive > TARGET.interactiveMs && `interactive ${median.interactive.toFixed(0)} ms`,
      ].filter(Boolean)
      table.push([
        screen.screen,
        build.name,
        kb(js),
        `+${kb(excess)}`,
        median.fcp.toFixed(0),
        fcpRatio.toFixed(2),
        median.interactive.toFixed(0),
        interactiveRatio.toFixed(2),
        `${median.longTasks} (${median.longTaskMs.toFixed(0)})`,
        missed.length ? `missed: ${missed.join(', ')}` : 'met',
      ])
    }
  }
  printTable(table, (column) => column <= 1 || column === table[0]!.length - 1)
  console.log(
    [
      `Targets: JS ≤ the bare page + ${TARGET.excessKb} KB gzipped; FCP and interactive each ≤ ${TARGET.ratio} × the bare page's in this run and ≤ ${TARGET.fcpMs / 1000} s / ${TARGET.interactiveMs / 1000} s. JS gz KB: the entry and every route module from the root down, with their imports, gzipped, from each build (what React Router's <Scripts> preloads). FCP, interactive, long tasks: bench/support/phone.ts's definitions, each the median of its own figure.`,
      `Every run, FCP / interactive ms:`,
      ...pages.map((page) => `  ${page.name}: ${figures.get(page.name)!.runs.map((run) => `${run.fcp.toFixed(0)} / ${run.interactive.toFixed(0)}`).join(', ')}`),
      `Load average at the end: ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}. Node.js ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}.`,
    ].join('\n'),
  )
} finally {
  for (const process of running) await stop(process)
  folder.remove()
}
process.exit(0)
