/**
 * `npm run bench:runtime`: the portal before and after a runtime move (Node, React, React Router),
 * measured in one run on one machine, so the ratios mean something whatever the machine's load.
 *
 * BEFORE_DIR is a checkout of the commit before the move, installed (`npm ci`) and built
 * (`npm run build`) with its own Node; BEFORE_NODE is that Node (the machine's `node` unless set).
 * The other side is this checkout's build, run on this process's Node (the project's Node 24).
 *
 * Each side gets a database of its own, seeded by its own `seed` script (the administrator and the
 * demo employees), and its two processes started as `npm start` starts them. Then, side by side:
 * - server time: GET /login and GET /dashboard (an employee's, signed in), autocannon with one
 *   connection (the median is one request's server time) and with ten (requests a second);
 * - resident memory of each process after that load;
 * - the phone profile of bench/support/phone.ts (FCP, interactive, JavaScript received) on /login
 *   and the employee's /dashboard, the two sides taking turns run after run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { SESSION_COOKIE } from '#domain/constants'
import { SERVER_FLAGS } from '../scripts/server-flags.mjs'
import { stopProcess, untilHealthy } from '../tests/support/processes'
import { scratchDir } from '../tests/support/scratch'
import { ROOT, requireProductionBuild } from './support/builds'
import { load } from './support/load'
import { PHONE, phoneFigures, type PhonePage } from './support/phone'
import { freePort, memoryOf, type Running } from './support/processes'
import { printTable } from './support/table'

const BEFORE_DIR = process.env.BEFORE_DIR
if (!BEFORE_DIR) throw new Error('Set BEFORE_DIR to a checkout of the commit before the move, installed and built with its own Node.')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
const PHONE_RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 5)
const ADMIN = { email: 'admin@example.com', password: 'Bench-admin-2026!' }

requireProductionBuild()

interface Side {
  name: string
  dir: string
  node: string
}

const sides: Side[] = [
  { name: 'before', dir: path.resolve(BEFORE_DIR), node: process.env.BEFORE_NODE ?? 'node' },
  { name: 'after', dir: ROOT, node: process.execPath },
]

interface Started {
  side: Side
  version: string
  api: Running
  web: Running
  employeeCookie: string
  remove: () => void
}

function startProcess(side: Side, name: string, script: string, env: Record<string, string>): ChildProcess {
  return spawn(side.node, [...SERVER_FLAGS, script], { cwd: side.dir, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] })
}

async function signIn(apiUrl: string, account: { email: string; password: string }) {
  const answer = await fetch(`${apiUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) })
  if (answer.status !== 200) throw new Error(`sign-in of ${account.email} failed: ${answer.status} ${await answer.text()}`)
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
  if (!session) throw new Error('no session cookie')
  return session.split(';')[0]
}

async function startSide(side: Side): Promise<Started> {
  const folder = scratchDir(`runtime-${side.name}`)
  const [apiPort, webPort] = [await freePort(), await freePort()]
  const env = {
    NODE_ENV: 'production',
    API_PORT: String(apiPort),
    PORT: String(webPort),
    DATA_DIR: folder.path,
    DATABASE_URL: '',
    PUBLIC_URL: `http://localhost:${webPort}`,
    SMTP_URL: '',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  }
  const seeded = spawnSync(side.node, ['build/server/seed.js'], { cwd: side.dir, env: { ...process.env, ...env }, encoding: 'utf8' })
  if (seeded.status !== 0) throw new Error(`${side.name}: the seed failed\n${seeded.stderr}`)
  const employee = seeded.stdout.match(/e\.g\. (\S+@\S+?)\.?$/m)?.[1]
  const password = seeded.stdout.match(/password (\S+), e\.g\./)?.[1]
  if (!employee || !password) throw new Error(`${side.name}: the seed printed no demo employee\n${seeded.stdout}`)
  const version = spawnSync(side.node, ['--version'], { encoding: 'utf8' }).stdout.trim()

  const api = startProcess(side, 'API', 'build/server/api.js', env)
  await untilHealthy(`http://127.0.0.1:${apiPort}/healthz`, { child: api })
  const web = startProcess(side, 'web', 'build/server/web.js', env)
  await untilHealthy(`http://localhost:${webPort}/healthz`, { child: web })
  const apiUrl = `http://127.0.0.1:${apiPort}`
  return {
    side,
    version,
    api: { name: 'API', child: api, url: apiUrl },
    web: { name: 'web', child: web, url: `http://localhost:${webPort}` },
    employeeCookie: await signIn(apiUrl, { email: employee, password }),
    remove: () => folder.remove(),
  }
}

const started: Started[] = []
try {
  for (const side of sides) started.push(await startSide(side))
  const gzip = { 'accept-encoding': 'gzip' }

  console.log(`\nServer time: autocannon, 1 connection (median = one request's server time) and 10 connections × ${SECONDS} s; sides take turns per page.`)
  const serverRows: string[][] = [['page', ...started.flatMap(({ side, version }) => [`${side.name} (${version}) 1 conn. p50 ms`, `${side.name} req/s`]), 'after ÷ before p50', 'after ÷ before req/s']]
  for (const page of ['/login', '/dashboard']) {
    const figures = []
    for (const side of started) {
      const target = { url: `${side.web.url}${page}`, headers: { ...gzip, cookie: page === '/login' ? '' : side.employeeCookie } }
      const alone = await load(target, 1, Math.max(2, SECONDS / 2))
      const many = await load(target, 10, SECONDS)
      if (alone.failed || many.failed) throw new Error(`${side.side.name} ${page}: ${alone.failed + many.failed} failed answers`)
      figures.push({ alone, many })
    }
    const [before, after] = figures
    serverRows.push([page, ...figures.flatMap(({ alone, many }) => [String(alone.p50), many.rps.toFixed(0)]), (after.alone.p50 / before.alone.p50).toFixed(2), (after.many.rps / before.many.rps).toFixed(2)])
  }
  printTable(serverRows, (column) => column === 0)

  console.log('\nResident memory after that load (VmRSS / peak VmHWM, MB):')
  const memoryRows: string[][] = [['process', ...started.map(({ side }) => side.name)]]
  for (const which of ['api', 'web'] as const) {
    memoryRows.push([which, ...started.map((side) => {
      const { rss, peak } = memoryOf(side[which])
      return `${rss.toFixed(0)} / ${peak.toFixed(0)}`
    })])
  }
  printTable(memoryRows, (column) => column === 0)

  const pages: PhonePage[] = started.flatMap(({ side, web, employeeCookie }) => {
    const split = employeeCookie.indexOf('=')
    const cookie = { name: employeeCookie.slice(0, split), value: employeeCookie.slice(split + 1) }
    return [
      { name: `${side.name}: /login`, url: `${web.url}/login` },
      { name: `${side.name}: /dashboard, employee`, url: `${web.url}/dashboard`, cookie },
    ]
  })
  console.log(`\nThe phone (${PHONE.viewport.width}×${PHONE.viewport.height}, CPU ${PHONE.cpuSlowdown}× slower, slow 4G, empty cache), median of ${PHONE_RUNS} runs:`)
  const phone = await phoneFigures(pages, PHONE_RUNS)
  const phoneRows: string[][] = [['page', 'FCP s', 'interactive s', 'long tasks (ms)', 'JS received KB', 'FCP after ÷ before', 'interactive after ÷ before']]
  for (const page of pages) {
    const { median } = phone.get(page.name)!
    const other = page.name.startsWith('after') ? phone.get(page.name.replace('after', 'before'))!.median : null
    phoneRows.push([
      page.name,
      (median.fcp / 1000).toFixed(2),
      (median.interactive / 1000).toFixed(2),
      `${median.longTasks} (${median.longTaskMs.toFixed(0)})`,
      (median.js / 1024).toFixed(1),
      other ? (median.fcp / other.fcp).toFixed(2) : '',
      other ? (median.interactive / other.interactive).toFixed(2) : '',
    ])
  }
  printTable(phoneRows, (column) => column === 0)
} finally {
  for (const side of started) {
    await stopProcess(side.web.child)
    await stopProcess(side.api.child)
    side.remove()
  }
}
console.log(`\n${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, load ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}.`)
process.exit(0)
