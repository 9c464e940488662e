/**
 * `npm run bench:navigation`: the HTTP requests of one client-side navigation between two
 * screens (Dashboard -> Users through the sidebar, with JavaScript, after the first page has
 * loaded and gone quiet), with single fetch (the product's build) against the same sources built
 * with Remix's classic data requests (`v3_singleFetch` off, built into a scratch folder in this
 * run). Counts are printed by kind, never asserted.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
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

/** The same sources with single fetch off: the classic compiler's build of a copy of app/ in a scratch folder. */
function classicBuild() {
  const copy = path.join(folder.path, 'classic')
  fs.mkdirSync(copy)
  for (const entry of ['app', 'domain', 'types', 'package.json', 'tsconfig.json', 'public']) fs.cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true, filter: (source) => !source.includes(`${path.sep}public${path.sep}build`) })
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'))
  const config = fs.readFileSync(path.join(ROOT, 'remix.config.js'), 'utf8').replace('v3_singleFetch: true', 'v3_singleFetch: false')
  if (!config.includes('v3_singleFetch: false')) throw new Error('remix.config.js no longer sets v3_singleFetch: true; update the bench')
  fs.writeFileSync(path.join(copy, 'remix.config.js'), config)
  execFileSync(path.join(ROOT, 'node_modules/.bin/remix'), ['build'], { cwd: copy, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })
  // The product's web server, its build beside it: it imports ../web/index.js and serves public/build from its folder.
  fs.mkdirSync(path.join(copy, 'build/server'), { recursive: true })
  fs.copyFileSync(path.join(ROOT, 'build/server/web.js'), path.join(copy, 'build/server/web.js'))
  return copy
}

console.log('Building the classic-fetch copy...')
const classic = classicBuild()
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
  const before = await navigationRequests(classic)
  const after = await navigationRequests(ROOT)
  const data = (requests: string[]) => requests.filter((line) => line.includes('.data') || line.includes('_data=')).length
  const scripts = (requests: string[]) => requests.filter((line) => line.includes('/build/')).length
  const row = (label: string, requests: string[]) => [label, String(requests.length), String(data(requests)), String(scripts(requests)), String(requests.length - data(requests) - scripts(requests))]
  console.log('\nAfter /dashboard went quiet: Users in the sidebar (navigation), then Collapse sidebar there (a fetcher post, then revalidation):')
  printTable(
    [
      ['', 'requests', 'data requests', 'scripts and styles', 'other'],
      row('navigation, classic fetch (v3_singleFetch off)', before.navigation),
      row('navigation, single fetch (the product)', after.navigation),
      row('post and revalidation, classic fetch', before.submission),
      row('post and revalidation, single fetch', after.submission),
    ],
    (column) => column === 0,
  )
  for (const [label, requests] of [['navigation, classic', before.navigation], ['navigation, single', after.navigation], ['post, classic', before.submission], ['post, single', after.submission]] as const) console.log(`${label}: ${requests.join(', ')}`)
  console.log(`\nNode.js ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}.`)
} finally {
  await stop(api)
  folder.remove()
}
process.exit(0)
