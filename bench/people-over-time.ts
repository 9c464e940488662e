/**
 * `npm run bench:people`: people over time (issues 13 and 29) at scale. GET /api/capacity (twelve
 * months), /api/hire-queue, /api/timeline of the largest project, /api/users/{id}/assignments of
 * the person with the most assignments, /api/conflicts, /api/dashboard, /api/attention and
 * /api/schedule (50 people × 12 weeks), then the /capacity, /timeline, /dashboard, /conflicts and
 * /schedule pages (whole document, server time), on a small dataset (1 project, 10 people, 20
 * tags, 10 leave periods), a large one (30 projects, 1,000 people, 10,000 tags, 2,000 leave
 * periods) and ten times that (300 projects, 10,000 people, 100,000 tags, 20,000 leave periods):
 * median and p95 server time, queries per request and, for the pages, the HTML gzipped, each beside
 * the issue's target. Each is measured twice: as a planner rereads it, when the cross-project
 * answers are kept (api/read-model/), and right after a change to one project (one tag of
 * the largest project written again, untimed, before each run), when that project's plan is read
 * again (issue 29). Figures are printed, never asserted. Calls and pages the build or the API does
 * not have yet are left out, and said so.
 *
 * The portal runs in this process (bench/support/in-process.ts); the data is made by
 * bench/support/people-dataset.ts, each dataset added to the one before. BENCH_TENFOLD=0 leaves
 * the ten-times dataset out; BENCH_TENFOLD_RUNS (10) and BENCH_TENFOLD_WARMUPS (2) set its runs.
 */
import { and, eq, sql } from 'drizzle-orm'
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { gzipSync } from 'node:zlib'
import { CONFLICTS_LIMIT } from '#domain/schedule/schemas'
import type { Capacity, HireLine, ConflictsPage, PersonSchedule, ProjectTimeline } from '#domain/contracts/schedule'
import { projectEntities, projectEntityUserMappings, projectResourceInstances } from '#api/db/schema'
import { signUpAdmin } from './support/dataset'
import { inProcessPortal, type Timing } from './support/in-process'
import { peopleData, type PeopleDataset } from './support/people-dataset'
import { collapsed, median, ms, p95, queriesOf, seconds } from './support/stats'
import { printTable } from './support/table'

const WARM_UPS = Number(process.env.BENCH_WARMUPS ?? 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const TENFOLD = process.env.BENCH_TENFOLD !== '0'
const TENFOLD_WARM_UPS = Number(process.env.BENCH_TENFOLD_WARMUPS ?? 2)
const TENFOLD_RUNS = Number(process.env.BENCH_TENFOLD_RUNS ?? 10)
/** BENCH_SHOW_QUERIES=1 prints the SQL of one request of each measure whose query count grew. */
const SHOW_QUERIES = process.env.BENCH_SHOW_QUERIES === '1'
/** Only the measures whose names hold one of these (comma-separated), to look at a few while changing them: `BENCH_ONLY=attention,/timeline`. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean)
/** BENCH_PROFILE=<folder>: a CPU profile (.cpuprofile, for Chrome's DevTools) of each measure's runs at its largest dataset, warm-ups included, the untimed changes too. */
const PROFILE = process.env.BENCH_PROFILE
const wanted = (name: string) => !ONLY || ONLY.some((part) => name.includes(part))
/** The issues' targets: server time on the large dataset (the Attention strip's after a change), on ten times it, and the documents gzipped. */
const TIME_TARGET_MS = 50
const ATTENTION_TARGET_MS = 20
const TENFOLD_TARGET_MS = 100
/** Issue 37's targets that travel between machines: a measure's ten-times figure within 2× its large one, and right after a change within 1.5× its reread. */
const GROWTH_TARGET = 2
const CHANGE_TARGET = 1.5
const PAGE_TARGET_KB = { '/timeline': 60, '/schedule': 60 } as Record<string, number>
const started = performance.now()

type Size = 'small' | 'large' | 'tenfold'
const SIZES: Size[] = ['small', 'large', ...(TENFOLD ? (['tenfold'] as const) : [])]
interface Result extends Timing {
  kind: 'API' | 'page'
  name: string
  size: Size
  /** Pages: the document gzipped (zlib's default level, as the web's compression sends it), in bytes. */
  gzipped?: number
  /** The process's CPU time of each timed request, in ms. */
  cpu: number[]
}

/** What the answers held, for the record: how much work each dataset gave the screens. */
const held = new Map<Size, string>()
/** What was left out: calls the API does not answer, pages the build lacks. */
const missing = new Set<string>()
/** The process's memory once each dataset was measured (the API, the web's build and, on PGlite, the database run in it). */
const memory = new Map<Size, { rss: number; heap: number }>()

/** Collects garbage (V8's gc, exposed for this), so the heap figure is what is held, not what is yet to be collected. */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()
function memoryNow() {
  collectGarbage()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heap: heapUsed }
}

async function measureAll(size: Size, data: PeopleDataset) {
  const person = data.busiestPersonId
  const project = data.largestProjectId
  const counts = size === 'tenfold' ? { warmUps: TENFOLD_WARM_UPS, runs: TENFOLD_RUNS } : { warmUps: WARM_UPS, runs: RUNS }
  const calls: (readonly [string, string])[] = []
  for (const call of [
    ['GET /api/capacity, 12 months', '/api/capacity'],
    ['GET /api/hire-queue', '/api/hire-queue'],
    ['GET /api/timeline, largest project', `/api/timeline?projectId=${project}`],
    ['GET /api/users/{id}/assignments, busiest person', `/api/users/${person}/assignments`],
    ['GET /api/conflicts, first page of 50', '/api/conflicts'],
    ['GET /api/dashboard', '/api/dashboard'],
    ['GET /api/attention', '/api/attention'],
    ['GET /api/schedule, 50 people × 12 weeks', '/api/schedule'],
  ] as const) {
    // Once more after a network error: a connection the server closed while idle, after a long build.
    const status = (await portal.admin.get(call[1]).catch(() => portal.admin.get(call[1]))).status
    if (status !== 200) missing.add(call[0])
    else if (wanted(call[0])) calls.push(call)
  }
  const pages: (readonly [string, string])[] = []
  for (const [name, path, route] of [
    ['/capacity', '/capacity', 'routes/_app.capacity'],
    ['/timeline, largest project', `/timeline?projectId=${project}`, 'routes/_app.timeline'],
    ['/dashboard', '/dashboard', 'routes/_app.dashboard'],
    ['/conflicts', '/conflicts', 'routes/_app.conflicts'],
    ['/schedule, 50 people × 12 weeks', '/schedule', 'routes/_app.schedule'],
  ] as const) {
    if (!portal.web.routes.has(route)) missing.add(`the ${name} page`)
    else if (wanted(name)) pages.push([name, path])
  }
  const change = await changeToLargestProject(project)
  // Each twice: as a planner rereads it (answers kept while nothing changed), then right after a
  // change to one project (written before each run, untimed), when that project is read again.
  for (const moment of MOMENTS) {
    const before = moment === MOMENTS[1] ? change : undefined
    for (const [name, path] of calls) {
      // Each measure starts from a collected heap: a measure before it that answered a megabyte would
      // otherwise have the collector's work on its garbage charged to this one.
      collectGarbage()
      await measure({ kind: 'API', name: `${name}${moment}`, size }, () => portal.apiGet(path), counts, before)
    }
    for (const [name, path] of pages) {
      collectGarbage()
      let text = ''
      const result = await measure(
        { kind: 'page', name: `${name}${moment}`, size },
        async () => {
          const answer = await portal.web.get(path)
          text = answer.text
          return answer
        },
        counts,
        before,
      )
      result.gzipped = gzipSync(text).length
      // For looking at what a page sends: BENCH_SAVE_PAGES=/tmp/pages.
      if (process.env.BENCH_SAVE_PAGES) writeFileSync(`${process.env.BENCH_SAVE_PAGES}/${size}-${name.replace(/\W+/g, '-')}.html`, text)
    }
  }
  const answer = async <T>(path: string) => (await portal.admin.get<T>(path)).body
  const capacity = await answer<Capacity>('/api/capacity')
  const queue = await answer<HireLine[]>('/api/hire-queue')
  const timeline = await answer<ProjectTimeline>(`/api/timeline?projectId=${project}`)
  const assignments = await answer<PersonSchedule>(`/api/users/${person}/assignments`)
  const conflicts = (await answer<ConflictsPage>(`/api/conflicts?limit=${CONFLICTS_LIMIT}`)).people
  // A clash with another assignment reads "On <place>, …"; with leave, "On leave…".
  const doubleBooked = conflicts.filter((row) => row.assignments.some((assignment) => assignment.conflicts.some((clash) => !clash.startsWith('On leave')))).length
  held.set(
    size,
    `${data.projects} project${data.projects === 1 ? '' : 's'}, ${data.people} people, ${data.tags} tags, ${data.leave} leave periods; ` +
      `capacity ${capacity.roles.length} roles × ${capacity.months.length} months, ${queue.length} hire-by lines, ` +
      `${timeline.bars.length} timeline bars (${data.largestBars} planned), the busiest person ${assignments.assignments.length} assignments (${data.busiestTags} tags), ` +
      `${conflicts.length} people with a conflict (${doubleBooked} double-booked, ${conflicts.length - doubleBooked} only on leave during an assignment)`,
  )
}

/** The two moments each answer is measured at; the second follows a change to one project. */
const MOMENTS = ['', ', after a change'] as const

/**
 * A change to one project, as a planner's tag makes it: one tag of the largest project written
 * again (its time, so its order among the slot's tags, moves). The triggers name that project alone
 * (api/read-model/changes.sql), so the next reading reads its plan again and keeps the others.
 */
async function changeToLargestProject(projectId: string) {
  const tag = projectEntityUserMappings
  const [one] = await portal.db
    .select({ projectEntityId: tag.projectEntityId, roleId: tag.roleId, clusterId: tag.clusterId, userId: tag.userId })
    .from(tag)
    .innerJoin(projectEntities, eq(projectEntities.id, tag.projectEntityId))
    .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
    .where(eq(projectResourceInstances.projectId, projectId))
    .limit(1)
  if (!one) throw new Error('The largest project has no tag to change.')
  return () =>
    portal.db
      .update(tag)
      .set({ createdAt: sql`clock_timestamp()` })
      .where(and(eq(tag.projectEntityId, one.projectEntityId), eq(tag.roleId, one.roleId), eq(tag.clusterId, one.clusterId), eq(tag.userId, one.userId)))
}

/**
 * Timed as bench/support/in-process.ts times, and the process's CPU time of each request beside
 * the wall time: the portal, PGlite included, runs on this one thread, so on a machine other work
 * keeps busy the CPU time is what a quiet machine's wall time would be, near enough (on
 * PostgreSQL, the database's own time is left out of it).
 */
async function measure(what: Pick<Result, 'kind' | 'name' | 'size'>, request: () => Promise<{ status: number; bytes: number }>, counts: { warmUps: number; runs: number }, before?: () => Promise<unknown>) {
  const cpu: number[] = []
  const counted = async () => {
    const start = process.cpuUsage()
    const answer = await request()
    const used = process.cpuUsage(start)
    cpu.push((used.user + used.system) / 1000)
    return answer
  }
  const profiling = PROFILE && what.size === SIZES.at(-1) ? await startProfile() : undefined
  const result: Result = { ...what, ...(await portal.timed(`${what.kind} ${what.name} (${what.size})`, counted, { ...counts, before })), cpu: cpu.slice(counts.warmUps) }
  await profiling?.(`${what.size}-${what.kind}-${what.name}`)
  results.push(result)
  return result
}

/** Starts the inspector's CPU profiler; the function it answers stops it and writes the profile under BENCH_PROFILE. */
async function startProfile() {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 200 })
  await session.post('Profiler.start')
  return async (name: string) => {
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    mkdirSync(PROFILE!, { recursive: true })
    writeFileSync(`${PROFILE}/${name.replace(/[^\w×]+/g, '-')}.cpuprofile`, JSON.stringify(profile))
  }
}

/** "met", or "missed by …": `value` against an upper bound. */
const verdict = (value: number, bound: number, unit: string) => (value <= bound ? 'met' : `missed by ${(value - bound).toFixed(1)} ${unit}`)

const label: Record<Size, string> = { small: 'small', large: 'large', tenfold: '10×' }

/**
 * Issue 37's ratios, the figures that travel between machines: for every measure its ten-times
 * figure against its large one (a change costs what it touches, not the size of the organisation),
 * and right after a change against its reread, by wall time (the target) and by CPU time (nearer a
 * quiet machine's when the machine is shared).
 */
function printRatios() {
  const largest = SIZES.at(-1)!
  const of = (size: Size, kind: string, name: string) => results.find((result) => result.size === size && result.kind === kind && result.name === name)
  const ratio = (a: number[] | undefined, b: number[] | undefined) => (a?.length && b?.length ? median(a) / median(b) : undefined)
  const shown = (wall: number | undefined, cpu: number | undefined) => (wall === undefined ? '' : `${wall.toFixed(2)} (${cpu!.toFixed(2)})`)
  const judged = (wall: number | undefined, cpu: number | undefined, bound: number) =>
    wall === undefined ? [] : [`${wall <= bound ? 'met' : `missed (${wall.toFixed(2)}×)`}${cpu! <= bound ? '' : ` (CPU: missed, ${cpu!.toFixed(2)}×)`}`]
  const rows: string[][] = [['', 'what', 'large ms', `${label[largest]} ms`, 'large CPU ms', `${label[largest]} CPU ms`, `${label[largest]} ÷ large (CPU)`, 'after a change ÷ reread: large (CPU)', `${label[largest]} (CPU)`, 'target']]
  for (const large of results.filter((result) => result.size === 'large')) {
    const top = largest === 'large' ? undefined : of(largest, large.kind, large.name)
    const afterChange = large.name.endsWith(MOMENTS[1])
    const reread = (size: Size) => (afterChange ? of(size, large.kind, large.name.slice(0, -MOMENTS[1].length)) : undefined)
    const growth = [ratio(top?.times, large.times), ratio(top?.cpu, large.cpu)] as const
    const changeLarge = [ratio(large.times, reread('large')?.times), ratio(large.cpu, reread('large')?.cpu)] as const
    const changeTop = top ? ([ratio(top.times, reread(largest)?.times), ratio(top.cpu, reread(largest)?.cpu)] as const) : ([undefined, undefined] as const)
    const targets = [
      ...judged(...growth, GROWTH_TARGET).map((verdict) => `${label[largest]} ≤ ${GROWTH_TARGET}× large: ${verdict}`),
      ...judged(...(top ? changeTop : changeLarge), CHANGE_TARGET).map((verdict) => `after a change ≤ ${CHANGE_TARGET}× reread (${label[largest]}): ${verdict}`),
    ]
    rows.push([
      large.kind,
      large.name,
      ms(median(large.times)),
      top ? ms(median(top.times)) : '',
      ms(median(large.cpu)),
      top ? ms(median(top.cpu)) : '',
      shown(...growth),
      shown(...changeLarge),
      shown(...changeTop),
      targets.join('; '),
    ])
  }
  console.log('')
  console.log(`Ratios (issue 37): ${label[largest]} ÷ large, and after a change ÷ reread, medians of wall time (of CPU time in brackets).`)
  printTable(rows, (column) => column < 2 || column === rows[0]!.length - 1)
}

function report() {
  const rows: string[][] = [
    [
      '',
      'what',
      ...SIZES.map((size) => `${label[size]} ms (median / p95)`),
      ...SIZES.map((size) => `${label[size]} CPU ms`),
      ...SIZES.map((size) => `queries ${label[size]}`),
      ...SIZES.slice(1).map((size) => `KB ${label[size]}`),
      ...SIZES.slice(1).map((size) => `gzip KB ${label[size]}`),
      'target',
    ],
  ]
  const grew: Result[] = []
  for (const small of results.filter((result) => result.size === 'small')) {
    const of = SIZES.map((size) => results.find((result) => result.size === size && result.kind === small.kind && result.name === small.name)!)
    const large = of[1]!
    const tenfold = of[2]
    const same = of.every((result) => queriesOf(result.queries) === queriesOf(small.queries))
    if (!same) grew.push(...of)
    const afterChange = large.name.endsWith(MOMENTS[1])
    const bound = large.name.startsWith('GET /api/attention') && afterChange ? ATTENTION_TARGET_MS : TIME_TARGET_MS
    const pageBound = Object.entries(PAGE_TARGET_KB).find(([page]) => large.name.startsWith(page))?.[1]
    const targets = [
      `queries the same: ${same ? 'met' : 'missed'}`,
      `large p50 ≤ ${bound} ms: ${verdict(median(large.times), bound, 'ms')} (CPU: ${verdict(median(large.cpu), bound, 'ms')})`,
      ...(tenfold ? [`10× p50 ≤ ${TENFOLD_TARGET_MS} ms: ${verdict(median(tenfold.times), TENFOLD_TARGET_MS, 'ms')} (CPU: ${verdict(median(tenfold.cpu), TENFOLD_TARGET_MS, 'ms')})`] : []),
      ...(pageBound && !afterChange ? [`≤ ${pageBound} KB gzipped: ${verdict(large.gzipped! / 1024, pageBound, 'KB')}`] : []),
    ]
    const kb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 1024).toFixed(1))
    rows.push([
      small.kind,
      small.name,
      ...of.map((result) => `${ms(median(result.times))} / ${ms(p95(result.times))}`),
      ...of.map((result) => ms(median(result.cpu))),
      ...of.map((result) => queriesOf(result.queries)),
      ...of.slice(1).map((result) => kb(result.bytes)),
      ...of.slice(1).map((result) => kb(result.gzipped)),
      targets.join('; '),
    ])
  }
  printTable(rows, (column) => column < 2 || column === rows[0]!.length - 1)
  printRatios()
  console.log('')
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
  console.log(
    `Memory of the process once each dataset was measured (the API and the web's build${portal.kind === 'pglite' ? ', and PGlite with its database, all in this one process' : '; PostgreSQL apart'}), RSS / V8 heap in use after a collection: ` +
      SIZES.map((size) => `${label[size]} ${mb(memory.get(size)!.rss)} / ${mb(memory.get(size)!.heap)}`).join(', ') +
      '.',
  )
  for (const size of SIZES) console.log(`The ${label[size]} dataset: ${held.get(size)}.`)
  if (missing.size) console.log(`Left out (not in this build or API yet): ${[...missing].join('; ')}.`)
  console.log('')
  console.log('API calls each page made (large dataset):')
  for (const result of results.filter((r) => r.kind === 'page' && r.size === 'large' && !r.name.endsWith(MOMENTS[1]))) console.log(`  ${result.name}: ${collapsed(result.calls)}`)
  console.log('')
  if (grew.length === 0) console.log('Query counts are the same on every dataset: no query per row.')
  else console.log(`Query counts differ between the datasets in: ${grew.filter((r) => r.size === 'large').map((r) => `${r.kind} ${r.name}`).join('; ')}`)
  if (SHOW_QUERIES) {
    for (const result of grew) console.log(`\n${result.kind} ${result.name} (${result.size}), ${result.sql.length} queries:\n  ${result.sql.join('\n  ')}`)
  }
  console.log(
    `Database: ${portal.kind}; node ${process.version}; ${WARM_UPS} warm-ups, ${RUNS} runs per measure` +
      (TENFOLD ? ` (10×: ${TENFOLD_WARM_UPS} warm-ups, ${TENFOLD_RUNS} runs)` : '') +
      '; times are server-side wall times, in-process; CPU ms: the process CPU time of the request (user + system), median.',
  )
}

// ---------------------------------------------------------------------------------------------
// The run: the portal in-process; each dataset made (added to the one before), then measured
// ---------------------------------------------------------------------------------------------

const portal = await inProcessPortal({ showQueries: SHOW_QUERIES })
for (const route of ['routes/_app.capacity', 'routes/_app.timeline']) {
  if (!portal.web.routes.has(route)) throw new Error(`The build lacks ${route}: run \`npm run build\`.`)
}
await signUpAdmin(portal.admin, portal.mails)
const data = await peopleData(portal.db, portal.admin)
const results: Result[] = []
const elapsed = () => seconds(performance.now() - started)
for (const size of [...SIZES]) {
  try {
    const made = await data[size === 'tenfold' ? 'tenfold' : size]()
    console.log(`The ${size} dataset built (${elapsed()} s from the start); measuring...`)
    await measureAll(size, made)
    memory.set(size, memoryNow())
  } catch (error) {
    // The ten-times dataset is the one that may not make it: what the others gave is still printed.
    if (size !== 'tenfold') throw error
    console.log(`The 10× dataset stopped (${elapsed()} s from the start): ${(error as Error).message}; printed without it.`)
    SIZES.pop()
    for (const result of results.filter((r) => r.size === 'tenfold')) results.splice(results.indexOf(result), 1)
  }
}
report()
await portal.close()
console.log(`Done in ${elapsed()} s.`)
// The React Router build's modules may keep timers of their own: nothing is left to wait for.
process.exit(0)
