/**
 * `npm run bench:navigation`: the HTTP requests of one client-side navigation between two
 * screens (Dashboard -> Users through the sidebar, with JavaScript, after the first page has
 * loaded and gone quiet), then of a fetcher post and the revalidation after it, on the product's
 * build (React Router 7: single fetch, its only way of loading data). Counts are printed by kind,
 * never asserted. Remix 2's classic data requests (`v3_singleFetch` off), measured beside it until
 * the move to React Router, no longer exist.
 */
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../scripts/browser.mjs'
import { SESSION_COOKIE } from '#domain/constants'
import { openDatabase } from '#api/db/client'
import { buildApi } from '#api/app'
import type { Mail } from '#api/mail/mailer'
import { Client } from '../tests/support/api-harness'
import { scratchDir } from '../tests/support/scratch'
import { ROOT, requireProductionBuild } from './support/builds'
import { BENCH_ADMIN, signUpAdmin } from './support/dataset'
import { freePort, startPortal, stop } from './support/processes'
import { printTable } from './support/table'

requireProductionBuild()
const folder = scratchDir('navigation-bench')
const dataDir = path.join(folder.path, 'data')
const database = await openDatabase({ dataDir })
await database.migrate()
const mails: Mail[] = []
const inProcess = await buildApi({ db: database.db, mailer: { send: async (mail) => void mails.push(mail) }, now: () => new Date(), publicUrl: 'http://bench.test', trustProxy: '127.0.0.1' })
await signUpAdmin(new Client('127.0.0.1', await inProcess.listen({ port: 0, host: '127.0.0.1' })), mails)
await inProcess.close()
await database.close()

const apiPort = await freePort()
const env = { NODE_ENV: 'production', API_PORT: String(apiPort), DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' }
const api = await startPortal('API', path.join(ROOT, 'build/server/api.js'), env, `http://127.0.0.1:${apiPort}`)
const admin = new Client('127.0.0.1', api.url)
if ((await admin.post('/auth/login', BENCH_ADMIN)).status !== 200) throw new Error('sign-in failed')
const session = { name: SESSION_COOKIE, value: admin.cookies.get(SESSION_COOKIE)! }

/**
 * Signs in, opens /dashboard, waits until quiet, then records what each step asks for until quiet
 * again: clicking Users in the sidebar (a navigation: only the new screen's loader runs), then
 * Collapse sidebar there (a fetcher post, after which every loader on the page revalidates).
 */
async function navigationRequests(cwd: string) {
  const port = await freePort()
  const base = `http://localhost:${port}`
  const web = await startPortal('web', path.join(cwd, 'build/server/web.js'), { ...env, PORT: String(port), PUBLIC_URL: base }, base, '/healthz', cwd)
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const context = await browser.newContext()
    await context.addCookies([{ ...session, url: base }])
    const page = await context.newPage()
    await page.goto(`${base}/dashboard`, { waitUntil: 'load' })
    // Hydrated (e2e/support/session.ts's mark), so the click is React Router's navigation, then quiet.
    await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')))
    await page.waitForLoadState('networkidle')
    let requests: string[] = []
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`))
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('link', { name: 'Users', exact: true }).click()
    await page.getByRole('heading', { name: 'User management' }).waitFor()
    await page.waitForLoadState('networkidle')
    const navigation = requests
    requests = []
    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click()
    await sidebar.getByRole('button', { name: 'Expand sidebar' }).waitFor()
    await page.waitForLoadState('networkidle')
    return { navigation, submission: requests }
  } finally {
    await browser.close()
    await stop(web)
  }
}

try {
  const measured = await navigationRequests(ROOT)
  // Single fetch's data requests end in .data (`/users.data`, `/users.data?_routes=…`); the
  // browser's files are under /assets/. Lazy route discovery's /__manifest is "other".
  const data = (requests: string[]) => requests.filter((line) => /\.data(\?|$)/.test(line)).length
  const scripts = (requests: string[]) => requests.filter((line) => line.includes(' /assets/')).length
  const row = (label: string, requests: string[]) => [label, String(requests.length), String(data(requests)), String(scripts(requests)), String(requests.length - data(requests) - scripts(requests))]
  console.log('\nAfter /dashboard went quiet: Users in the sidebar (navigation), then Collapse sidebar there (a fetcher post, then revalidation):')
  printTable(
    [
      ['', 'requests', 'data requests', 'scripts and styles', 'other'],
      row('navigation (Dashboard -> Users)', measured.navigation),
      row('post and revalidation (Collapse sidebar)', measured.submission),
    ],
    (column) => column === 0,
  )
  for (const [label, requests] of [['navigation', measured.navigation], ['post and revalidation', measured.submission]] as const) console.log(`${label}: ${requests.join(', ')}`)
  console.log(`\nNode.js ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}.`)
} finally {
  await stop(api)
  folder.remove()
}
process.exit(0)
