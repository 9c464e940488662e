/**
 * The phone profile that counts (issue 27, "Performance that counts"): real loads in Debian's
 * Chromium, driven by Playwright, slowed down the way a mid-range phone on a slow mobile network
 * is, and timed by the browser itself. Nothing is simulated after the fact (as Lighthouse's Lantern
 * does): the figures are what the throttled page did.
 *
 * - The phone: a 390 × 844 viewport (CSS pixels; device scale factor 3, mobile, touch), the CPU
 *   slowed 4× (CDP Emulation.setCPUThrottlingRate), slow 4G (CDP Network.emulateNetworkConditions:
 *   150 ms added to every request, 1.6 Mbit/s ≈ 200,000 bytes/s each way), an empty cache (a new
 *   browser context per run: no cache, no open connection, no cookie but the session's).
 * - First contentful paint: the browser's own 'paint' entry `first-contentful-paint`.
 * - Hydrated: the first commit React makes once it has claimed the server's `<body>` (the mark
 *   e2e/support/session.ts `hydrated()` waits for: a `__reactFiber…` key on document.body), seen
 *   through React's devtools commit hook, which an init script provides before any page script.
 * - Interactive: the first moment at or after hydration when no long task (> 50 ms, the browser's
 *   'longtask' entries, observed from before the first script) is running. It starts at the
 *   hydration time; any long task running then (begun at or before it, ending after it) moves it
 *   to that task's end, and again for the tasks running at the new time. Long tasks that begin
 *   only after it do not count. A run ends once the network is idle and no long task has ended for
 *   2 s, so every task that could move it has been seen.
 * - JavaScript received: the script responses' bodies as Chromium received them (encoded on the
 *   wire: brotli or gzip).
 *
 * Times are from the start of the navigation. Each figure is the median of the runs, taken figure
 * by figure; pages take turns, run after run, so a busy moment of the machine is shared out.
 */
import { chromium, type BrowserContext } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../../scripts/browser.mjs'
import { median } from './stats'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  cpuSlowdown: 4,
  latencyMs: 150,
  /** Bytes a second each way: 1.6 Mbit/s. */
  throughput: 200_000,
}

export interface PhonePage {
  name: string
  url: string
  /** The session cookie, for a page measured signed in. */
  cookie?: { name: string; value: string }
}

export interface PhoneFigures {
  fcp: number
  hydrated: number
  interactive: number
  /** Long tasks until the run settled: how many, and their total time. */
  longTasks: number
  longTaskMs: number
  /** Script bytes received, as encoded on the wire. */
  js: number
  /** Every response body received, as encoded on the wire. */
  bytes: number
}

/**
 * Before any script of the page: a 'longtask' observer, and React's devtools hook reduced to a
 * commit listener (React calls `onCommitFiberRoot` after every commit, production builds too).
 */
const INIT = `(() => {
  const bench = (window.__phoneBench = { longTasks: [], hydratedAt: null, commits: 0 })
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration])
    }).observe({ type: 'longtask', buffered: true })
  } catch {}
  const claimed = () => Boolean(document.body) && Object.keys(document.body).some((key) => key.startsWith('__reactFiber'))
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(1, renderer)
      return 1
    },
    onCommitFiberRoot() {
      bench.commits++
      if (bench.hydratedAt === null && claimed()) bench.hydratedAt = performance.now()
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  }
})()`

interface PageState {
  longTasks: [number, number][]
  hydratedAt: number | null
  fcp: number | null
  now: number
  routeModules: boolean
}

/** The interactive time of the definition above: hydration, pushed past every long task running at it. */
export function interactiveAt(hydratedAt: number, longTasks: [start: number, duration: number][]) {
  let at = hydratedAt
  for (let moved = true; moved; ) {
    moved = false
    for (const [start, duration] of longTasks) {
      if (start <= at && start + duration > at) {
        at = start + duration
        moved = true
      }
    }
  }
  return at
}

/** Each page `runs` times on the phone profile: by page name, the median of each figure and every run's figures. */
export async function phoneFigures(pages: PhonePage[], runs: number): Promise<Map<string, { median: PhoneFigures; runs: PhoneFigures[] }>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const all = new Map<string, PhoneFigures[]>(pages.map((page) => [page.name, []]))
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        const context = await browser.newContext({ viewport: PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true })
        try {
          all.get(page.name)!.push(await oneRun(context, page))
        } finally {
          await context.close()
        }
      }
      process.stdout.write('.')
    }
    const figures = new Map<string, { median: PhoneFigures; runs: PhoneFigures[] }>()
    for (const [name, list] of all) {
      const of = (key: keyof PhoneFigures) => median(list.map((figures) => figures[key]))
      figures.set(name, { median: { fcp: of('fcp'), hydrated: of('hydrated'), interactive: of('interactive'), longTasks: of('longTasks'), longTaskMs: of('longTaskMs'), js: of('js'), bytes: of('bytes') }, runs: list })
    }
    return figures
  } finally {
    await browser.close()
  }
}

async function oneRun(context: BrowserContext, target: PhonePage): Promise<PhoneFigures> {
  if (target.cookie) await context.addCookies([{ ...target.cookie, url: new URL(target.url).origin }])
  await context.addInitScript(INIT)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: PHONE.latencyMs, downloadThroughput: PHONE.throughput, uploadThroughput: PHONE.throughput })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown })

  const sizes: Promise<{ script: boolean; bytes: number }>[] = []
  page.on('requestfinished', (request) => sizes.push(request.sizes().then((size) => ({ script: request.resourceType() === 'script', bytes: size.responseBodySize }))))

  const response = await page.goto(target.url, { waitUntil: 'load', timeout: 60_000 })
  if (!response || response.status() !== 200 || new URL(page.url()).pathname !== new URL(target.url).pathname) throw new Error(`${target.name}: answered ${response?.status()} at ${page.url()}`)
  await page.waitForLoadState('networkidle', { timeout: 60_000 })

  // Read every 250 ms (a few microseconds of the page's time each) until hydrated and settled.
  const deadline = Date.now() + 60_000
  let state: PageState
  for (;;) {
    state = await page.evaluate(() => {
      const bench = (window as unknown as { __phoneBench: { longTasks: [number, number][]; hydratedAt: number | null } }).__phoneBench
      return {
        longTasks: bench.longTasks,
        hydratedAt: bench.hydratedAt,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        now: performance.now(),
        routeModules: '__reactRouterRouteModules' in window,
      }
    })
    const lastEnd = Math.max(state.hydratedAt ?? Infinity, ...state.longTasks.map(([start, duration]) => start + duration))
    if (state.hydratedAt !== null && state.fcp !== null && state.now - lastEnd >= 2_000) break
    if (Date.now() > deadline) throw new Error(`${target.name}: ${state.hydratedAt === null ? 'never hydrated' : 'never settled'} in 60 s (React Router's route modules ${state.routeModules ? 'loaded' : 'missing'})`)
    await page.waitForTimeout(250)
  }
  if (!state.routeModules) throw new Error(`${target.name}: hydrated without React Router's route modules`)
  await page.waitForLoadState('networkidle')

  let js = 0
  let bytes = 0
  for (const size of await Promise.all(sizes)) {
    bytes += size.bytes
    if (size.script) js += size.bytes
  }
  return {
    fcp: state.fcp!,
    hydrated: state.hydratedAt!,
    interactive: interactiveAt(state.hydratedAt!, state.longTasks),
    longTasks: state.longTasks.length,
    longTaskMs: state.longTasks.reduce((sum, [, duration]) => sum + duration, 0),
    js,
    bytes,
  }
}
