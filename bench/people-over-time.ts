/**
 * `npm run bench:people`: people over time (issue 13) at scale. GET /api/capacity (twelve
 * months), /api/hire-queue, /api/timeline of the largest project, /api/users/{id}/assignments of
 * the person with the most assignments and /api/conflicts, then the /capacity and /timeline pages
 * (whole document, server time), on a small dataset (1 project, 10 people, 20 tags, 10 leave
 * periods) and on a large one (30 projects, 1,000 people, 10,000 tags, 2,000 leave periods):
 * median and p95 server time, queries per request and, for the pages, the HTML gzipped, each
 * beside the issue's target. Each is measured twice: as a planner rereads it, when the
 * cross-project answers are kept (api/schedule/revision.ts), and right after a change, when they
 * are read and computed again. Figures are printed, never asserted.
 *
 * The portal runs in this process (bench/support/in-process.ts); the data is made by
 * bench/support/people-dataset.ts, the large dataset added to the small one.
 */
import { sql } from 'drizzle-orm'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import type { Capacity, HireLine, PersonConflicts, PersonSchedule, ProjectTimeline } from '#domain/contracts/schedule'
import { signUpAdmin } from './support/dataset'
import { inProcessPortal, smallThenLarge, type Timing } from './support/in-process'
import { peopleData, type PeopleDataset } from './support/people-dataset'
import { collapsed, median, ms, p95, queriesOf } from './support/stats'
import { printTable } from './support/table'

const WARM_UPS = Number(process.env.BENCH_WARMUPS ?? 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
/** BENCH_SHOW_QUERIES=1 prints the SQL of one request of each measure whose query count grew. */
const SHOW_QUERIES = process.env.BENCH_SHOW_QUERIES === '1'
/** The issue's targets: server time on the large dataset, and /timeline's document gzipped. */
const TIME_TARGET_MS = 50
const TIMELINE_TARGET_KB = 60
const started = performance.now()

type Size = 'small' | 'large'
interface Result extends Timing {
  kind: 'API' | 'page'
  name: string
  size: Size
  /** Pages: the document gzipped (zlib's default level, as the web's compression sends it), in bytes. */
  gzipped?: number
}

/** What the answers held, for the record: how much work each dataset gave the screens. */
const held = new Map<Size, string>()

async function measureAll(size: Size, data: PeopleDataset) {
  const person = data.busiestPersonId
  const project = data.largestProjectId
  const calls = [
    ['GET /api/capacity, 12 months', '/api/capacity'],
    ['GET /api/hire-queue', '/api/hire-queue'],
    ['GET /api/timeline, largest project', `/api/timeline?projectId=${project}`],
    ['GET /api/users/{id}/assignments, busiest person', `/api/users/${person}/assignments`],
    ['GET /api/conflicts', '/api/conflicts'],
  ] as const
  const pages = [
    ['/capacity', '/capacity'],
    ['/timeline, largest project', `/timeline?projectId=${project}`],
  ] as const
  // Each twice: as a planner rereads it (answers kept while nothing changed), then right after a
  // change (the plan revision raised before each run, untimed), when everything is read again.
  for (const moment of MOMENTS) {
    const before = moment === MOMENTS[1] ? raiseRevision : undefined
    for (const [name, path] of calls) await measure({ kind: 'API', name: `${name}${moment}`, size }, () => portal.apiGet(path), before)
    for (const [name, path] of pages) {
      let text = ''
      const result = await measure({ kind: 'page', name: `${name}${moment}`, size }, async () => {
        const answer = await portal.web.get(path)
        text = answer.text
        return answer
      }, before)
      result.gzipped = gzipSync(text).length
    }
  }
  const answer = async <T>(path: string) => (await portal.admin.get<T>(path)).body
  const capacity = await answer<Capacity>(calls[0][1])
  const queue = await answer<HireLine[]>(calls[1][1])
  const timeline = await answer<ProjectTimeline>(calls[2][1])
  const assignments = await answer<PersonSchedule>(calls[3][1])
  const conflicts = await answer<PersonConflicts[]>(calls[4][1])
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

/** The two moments each answer is measured at; the second follows a change. */
const MOMENTS = ['', ', after a change'] as const
/** What any write to the plans, leave or roles does to the kept answers (api/schedule/revision.ts). */
const raiseRevision = () => portal.db.execute(sql`update plan_revision set revision = revision + 1`)

async function measure(what: Pick<Result, 'kind' | 'name' | 'size'>, request: () => Promise<{ status: number; bytes: number }>, before?: () => Promise<unknown>) {
  const result: Result = { ...what, ...(await portal.timed(`${what.kind} ${what.name} (${what.size})`, request, { warmUps: WARM_UPS, runs: RUNS, before })) }
  results.push(result)
  return result
}

/** "met", or "missed by …": `value` against an upper bound. */
const verdict = (value: number, bound: number, unit: string) => (value <= bound ? 'met' : `missed by ${(value - bound).toFixed(1)} ${unit}`)

function report() {
  const rows: string[][] = [
    ['', 'what', 'small ms (median / p95)', 'large ms (median / p95)', 'time ×', 'queries small', 'queries large', 'KB small', 'KB large', 'gzip KB small', 'gzip KB large', 'target'],
  ]
  const grew: Result[] = []
  for (const small of results.filter((result) => result.size === 'small')) {
    const large = results.find((result) => result.size === 'large' && result.kind === small.kind && result.name === small.name)!
    const same = queriesOf(small.queries) === queriesOf(large.queries)
    if (!same) grew.push(small, large)
    const targets = [
      `queries the same: ${same ? 'met' : 'missed'}`,
      `p50 ≤ ${TIME_TARGET_MS} ms: ${verdict(median(large.times), TIME_TARGET_MS, 'ms')}`,
      ...(large.name.startsWith('/timeline') && !large.name.endsWith(MOMENTS[1]) ? [`≤ ${TIMELINE_TARGET_KB} KB gzipped: ${verdict(large.gzipped! / 1024, TIMELINE_TARGET_KB, 'KB')}`] : []),
    ]
    const kb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 1024).toFixed(1))
    rows.push([
      small.kind,
      small.name,
      `${ms(median(small.times))} / ${ms(p95(small.times))}`,
      `${ms(median(large.times))} / ${ms(p95(large.times))}`,
      (median(large.times) / median(small.times)).toFixed(1),
      queriesOf(small.queries),
      queriesOf(large.queries),
      kb(small.bytes),
      kb(large.bytes),
      kb(small.gzipped),
      kb(large.gzipped),
      targets.join('; '),
    ])
  }
  printTable(rows, (column) => column < 2 || column === rows[0].length - 1)
  console.log('')
  for (const size of ['small', 'large'] as const) console.log(`The ${size} dataset: ${held.get(size)}.`)
  console.log('')
  console.log('API calls each page made (large dataset):')
  for (const result of results.filter((r) => r.kind === 'page' && r.size === 'large' && !r.name.endsWith(MOMENTS[1]))) console.log(`  ${result.name}: ${collapsed(result.calls)}`)
  console.log('')
  if (grew.length === 0) console.log('Query counts are the same for the large dataset as for the small one: no query per row.')
  else console.log(`Query counts differ between the datasets in: ${grew.filter((r) => r.size === 'large').map((r) => `${r.kind} ${r.name}`).join('; ')}`)
  if (SHOW_QUERIES) {
    for (const result of grew) console.log(`\n${result.kind} ${result.name} (${result.size}), ${result.sql.length} queries:\n  ${result.sql.join('\n  ')}`)
  }
  console.log(`Database: ${portal.kind}; node ${process.version}; ${WARM_UPS} warm-ups, ${RUNS} runs per measure; times are server-side wall times, in-process.`)
}

// ---------------------------------------------------------------------------------------------
// The run: the portal in-process; the small dataset, measured; the large added, measured
// ---------------------------------------------------------------------------------------------

const portal = await inProcessPortal({ showQueries: SHOW_QUERIES })
for (const route of ['routes/_app.capacity', 'routes/_app.timeline']) {
  if (!portal.web.routes.has(route)) throw new Error(`The build lacks ${route}: run \`npm run build\`.`)
}
await signUpAdmin(portal.admin, portal.mails)
const data = await peopleData(portal.db, portal.admin)
const results: Result[] = []

await smallThenLarge(portal, 'dataset', { small: data.small, large: data.large, measure: measureAll, report }, { warmUps: WARM_UPS, runs: RUNS, started })
