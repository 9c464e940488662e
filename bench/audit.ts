/**
 * `npm run bench:audit`: the audit log (issue 31, Scale) at the large dataset of `bench:people`
 * (30 projects, 1,000 people, 10,000 tags, 2,000 leave periods, made by bench/support/people-dataset.ts)
 * plus 100,000 entries (BENCH_AUDIT_ENTRIES): the server time of the first page of GET /api/audit
 * (target ≤ 50 ms) and with each filter, a deep page, a person's changes and the /audit page; the
 * table's size on disk; and what a write costs with its entry against without it (a leave
 * recorded for someone, median of BENCH_WRITES; target ≤ 1 ms more). Figures are printed, never asserted.
 *
 * "Without its entry": a rule on the table turns every insert into it into nothing (PostgreSQL's
 * `do instead nothing`), so the write runs the same code and sends the same statements, but no row
 * nor index entry is written: the difference is what the entry's own write costs. The two are
 * measured in alternating rounds, so the machine's drift falls on both alike.
 */
import { count, sql } from 'drizzle-orm'
import { performance } from 'node:perf_hooks'
import type { AuditAction, AuditEntityType, AuditFieldChange } from '#domain/contracts/audit'
import { recordChange } from '#api/audit/record'
import { auditEntries, projects, users } from '#api/db/schema'
import { signUpAdmin } from './support/dataset'
import { inProcessPortal, type Timing } from './support/in-process'
import { peopleData } from './support/people-dataset'
import { median, ms, p95, queriesOf, seconds } from './support/stats'
import { printTable } from './support/table'

const WARM_UPS = Number(process.env.BENCH_WARMUPS ?? 5)
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 100_000)
const WRITES = Number(process.env.BENCH_WRITES ?? 200)
/** The targets: the first page's server time, and what an entry adds to a write. */
const PAGE_TARGET_MS = 50
const WRITE_TARGET_MS = 1
const started = performance.now()
const elapsed = () => seconds(performance.now() - started)

/** A fixed pseudo-random sequence (LCG): the same log every run. */
function sequence(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}
const random = sequence(31)
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!

/** How often each kind of change happens in a planning office's log, most often a tag. */
const KINDS: [AuditEntityType, number][] = [
  ['tag', 45],
  ['profile', 10],
  ['leave', 10],
  ['cluster dates', 8],
  ['instance', 7],
  ['user', 5],
  ['template', 4],
  ['role', 3],
  ['project', 3],
  ['planning', 3],
  ['cluster', 1],
  ['category', 0.5],
  ['entity', 0.5],
]
const KIND_WEIGHT = KINDS.reduce((sum, [, weight]) => sum + weight, 0)
function kind(): AuditEntityType {
  let left = random() * KIND_WEIGHT
  for (const [type, weight] of KINDS) if ((left -= weight) < 0) return type
  return 'tag'
}
const ABOUT_PERSON = new Set<AuditEntityType>(['tag', 'profile', 'leave', 'user'])
const IN_PROJECT = new Set<AuditEntityType>(['tag', 'instance', 'cluster dates', 'project'])

/** The fields an entry of this kind typically carries, as the stores write them. */
function changesOf(type: AuditEntityType, action: AuditAction, uuid: () => string): AuditFieldChange[] {
  const day = () => `2027-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`
  switch (type) {
    case 'tag':
      return action === 'removed' ? [{ field: 'clusterIds', before: [uuid()] }] : [{ field: 'userId', after: uuid() }, { field: 'roleId', after: uuid() }, { field: 'clusterIds', after: [uuid(), uuid()] }]
    case 'profile':
      return [{ field: 'professional.designation', before: 'Engineer', after: 'Senior Engineer' }, { field: 'financial.salary', secret: true }]
    case 'leave':
      return [{ field: 'startDate', after: day() }, { field: 'endDate', after: day() }, { field: 'note', after: 'Holiday' }]
    case 'cluster dates':
      return [{ field: 'startDate', before: day(), after: day() }, { field: 'endDate', before: day(), after: day() }]
    case 'user':
      return [{ field: 'status', before: 'Active', after: 'Inactive' }]
    case 'role':
      return [{ field: 'permissions', before: ['view'], after: ['view', 'edit'] }]
    default:
      return [{ field: 'name', before: 'Phase 3', after: 'Phase 3 (revised)' }]
  }
}

/**
 * `total` entries over the last two years, oldest first, as the stores would have written them:
 * by 25 planners (and the system, now and then), each about a person and a project where its kind
 * is, 1,000 rows an insert.
 */
async function fillLog(total: number) {
  const people = (await portal.db.select({ id: users.id, name: users.email }).from(users)).map((row) => row)
  const projectIds = (await portal.db.select({ id: projects.id }).from(projects)).map((row) => row.id)
  const planners = people.slice(0, 25)
  const span = 730 * 86_400_000
  const end = Date.now() - 60_000
  const uuid = () => crypto.randomUUID()
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
      const i = start + k
      const type = kind()
      const action: AuditAction = random() < 0.6 ? 'created' : random() < 0.75 ? 'changed' : 'removed'
      const actor = random() < 0.02 ? null : pick(planners)
      const subject = ABOUT_PERSON.has(type) ? pick(people) : null
      return {
        at: new Date(end - span + Math.floor((span * i) / total)),
        actorId: actor?.id ?? null,
        actorName: actor?.name ?? 'system',
        entityType: type,
        entityId: uuid(),
        label: subject ? `${subject.name} on Project ${String(1 + (i % 30)).padStart(2, '0')} / Site 01 · Welder · Phase ${i % 26}` : `Project ${String(1 + (i % 30)).padStart(2, '0')} · Phase ${i % 26}`,
        action,
        changes: changesOf(type, action, uuid),
        subjectId: subject?.id ?? null,
        projectId: IN_PROJECT.has(type) ? pick(projectIds) : null,
      }
    })
    await portal.db.insert(auditEntries).values(rows)
  }
  // What autovacuum does to a table that grew by inserts (PostgreSQL 13 and later): its statistics,
  // and the visibility map that lets a count read the smallest index alone.
  await portal.db.execute(sql`vacuum analyze audit_entries`)
}

interface Result extends Timing {
  kind: 'API' | 'page'
  name: string
  cpu: number[]
  total?: number
}
const results: Result[] = []

/** Timed as bench/support/in-process.ts times, with the process's CPU time of each request beside it (see bench/people-over-time.ts). */
async function measure(kind: Result['kind'], name: string, request: () => Promise<{ status: number; bytes: number; total?: number }>) {
  const cpu: number[] = []
  let total: number | undefined
  const counted = async () => {
    const start = process.cpuUsage()
    const answer = await request()
    const used = process.cpuUsage(start)
    cpu.push((used.user + used.system) / 1000)
    total = answer.total
    return answer
  }
  results.push({ kind, name, ...(await portal.timed(`${kind} ${name}`, counted, { warmUps: WARM_UPS, runs: RUNS })), cpu: cpu.slice(WARM_UPS), total })
}

/** A GET of the API as the administrator, with how many entries matched. */
async function auditGet(path: string) {
  const answer = await portal.admin.get<{ total?: number }>(path)
  return { status: answer.status, bytes: JSON.stringify(answer.body).length, total: answer.body.total }
}

/**
 * A leave write as an editor makes it for someone (POST /api/leave, one period, its entry in the
 * same transaction), timed; the period is removed again untimed, so every write is the same.
 */
async function leaveWrite(userId: string) {
  const start = performance.now()
  const answer = await portal.admin.post<{ _id: string }>('/api/leave', { userId, startDate: '2099-06-01', endDate: '2099-06-02', note: 'Bench' })
  const took = performance.now() - start
  if (answer.status !== 201) throw new Error(`POST /api/leave answered ${answer.status}: ${JSON.stringify(answer.body)}`)
  const removed = await portal.admin.delete(`/api/leave/${answer.body._id}`)
  if (removed.status !== 200) throw new Error(`DELETE /api/leave answered ${removed.status}`)
  return took
}

async function writeCost(userId: string) {
  const withEntry: number[] = []
  const without: number[] = []
  for (let warm = 0; warm < 10; warm++) await leaveWrite(userId)
  const rounds = 10
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < WRITES / rounds / 2; k++) withEntry.push(await leaveWrite(userId))
    await portal.db.execute(sql`create rule audit_entries_bench_skip as on insert to audit_entries do instead nothing`)
    try {
      for (let k = 0; k < WRITES / rounds / 2; k++) without.push(await leaveWrite(userId))
    } finally {
      await portal.db.execute(sql`drop rule audit_entries_bench_skip on audit_entries`)
    }
  }
  return { withEntry, without }
}

/**
 * The entry's own write, nearer: a transaction holding one recordChange (an insert into the full
 * table and its five indexes) against an empty one, alternating, WRITES each; the entries are removed after.
 */
async function insertCost() {
  const actor = { id: crypto.randomUUID(), name: 'bench' }
  const change = { entityType: 'leave' as const, entityId: crypto.randomUUID(), label: 'Bench, leave 2099-06-01 – 2099-06-02', action: 'created' as const, subjectId: actor.id, changes: changesOf('leave', 'created', () => crypto.randomUUID()) }
  const timed = async (work: () => Promise<unknown>) => {
    const start = performance.now()
    await work()
    return performance.now() - start
  }
  const entry: number[] = []
  const empty: number[] = []
  for (let k = 0; k < WRITES + 20; k++) {
    const one = await timed(() => portal.db.transaction((tx) => recordChange(tx, actor, new Date(), change)))
    const none = await timed(() => portal.db.transaction(async (tx) => tx.execute(sql`select 1`)))
    if (k < 20) continue
    entry.push(one)
    empty.push(none)
  }
  await portal.db.delete(auditEntries).where(sql`${auditEntries.actorId} = ${actor.id}`)
  return { entry, empty }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const portal = await inProcessPortal({ showQueries: false })
if (!portal.web.routes.has('routes/_app.audit')) throw new Error('The build lacks routes/_app.audit: run `npm run build`.')
await signUpAdmin(portal.admin, portal.mails)
const data = await peopleData(portal.db, portal.admin)
await data.small()
const large = await data.large()
const recorded = (await portal.db.select({ n: count() }).from(auditEntries))[0]!.n
console.log(`The large dataset built (${elapsed()} s from the start), its writes through the API recorded ${recorded} entries; adding ${ENTRIES}...`)
await fillLog(ENTRIES)
const inLog = (await portal.db.select({ n: count() }).from(auditEntries))[0]!.n
console.log(`${inLog} entries in the log (${elapsed()} s); measuring...`)

const [planner] = await portal.db.select({ id: auditEntries.actorId, n: count() }).from(auditEntries).where(sql`${auditEntries.actorId} is not null`).groupBy(auditEntries.actorId).orderBy(sql`count(*) desc`).limit(1)
const [employee] = await portal.db.select({ id: auditEntries.subjectId, n: count() }).from(auditEntries).where(sql`${auditEntries.subjectId} is not null and ${auditEntries.subjectId} <> ${planner!.id}`).groupBy(auditEntries.subjectId).orderBy(sql`count(*) desc`).limit(1)
// The project the planner tagged in last: the four filters together then match some entries.
const [lastTag] = await portal.db
  .select({ projectId: auditEntries.projectId })
  .from(auditEntries)
  .where(sql`${auditEntries.actorId} = ${planner!.id} and ${auditEntries.entityType} = 'tag'`)
  .orderBy(sql`${auditEntries.at} desc`)
  .limit(1)
const today = new Date().toISOString().slice(0, 10)
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
const project = large.largestProjectId
const calls: [string, string][] = [
  ['GET /api/audit, the first page', '/api/audit'],
  ['GET /api/audit?page=100 (entries 4,951–5,000)', '/api/audit?page=100'],
  ['person: the busiest planner (actor)', `/api/audit?person=${planner!.id}`],
  ['person: an employee (subject)', `/api/audit?person=${employee!.id}`],
  ['entityType=tag', '/api/audit?entityType=tag'],
  ['entityType=role (rare)', '/api/audit?entityType=role'],
  ['projectId: the largest project', `/api/audit?projectId=${project}`],
  ['from–to: the last 30 days', `/api/audit?from=${monthAgo}&to=${today}`],
  ['from–to: one day a year ago', `/api/audit?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`],
  ['all four: the planner\'s tags in one project, last 30 days', `/api/audit?person=${planner!.id}&entityType=tag&projectId=${lastTag!.projectId}&from=${monthAgo}&to=${today}`],
  ['GET /api/users/{id}/audit, the employee', `/api/users/${employee!.id}/audit`],
]
for (const [name, path] of calls) await measure('API', name, () => auditGet(path))
await measure('page', '/audit, the first page', async () => {
  const answer = await portal.web.get('/audit')
  return { status: answer.status, bytes: answer.bytes }
})

// PGlite's and node-postgres's results both carry `rows`.
const [size] = (
  (await portal.db.execute(
    sql`select pg_total_relation_size('audit_entries')::text as total, pg_relation_size('audit_entries')::text as heap, pg_indexes_size('audit_entries')::text as indexes`,
  )) as unknown as { rows: { total: string; heap: string; indexes: string }[] }
).rows
const { withEntry, without } = await writeCost(large.busiestPersonId)
const insert = await insertCost()

const mb = (bytes: string) => (Number(bytes) / 1024 / 1024).toFixed(1)
const verdict = (value: number, bound: number) => (value <= bound ? 'met' : `missed by ${(value - bound).toFixed(1)} ms`)
const rows: string[][] = [['', 'what', 'ms (median / p95)', 'CPU ms', 'queries', 'matching', 'KB', 'target']]
for (const result of results) {
  const first = result.name === 'GET /api/audit, the first page'
  rows.push([
    result.kind,
    result.name,
    `${ms(median(result.times))} / ${ms(p95(result.times))}`,
    ms(median(result.cpu)),
    queriesOf(result.queries),
    result.total === undefined ? '' : String(result.total),
    (result.bytes / 1024).toFixed(1),
    first ? `p50 ≤ ${PAGE_TARGET_MS} ms: ${verdict(median(result.times), PAGE_TARGET_MS)} (CPU: ${verdict(median(result.cpu), PAGE_TARGET_MS)})` : '',
  ])
}
printTable(rows, (column) => column < 2 || column === rows[0]!.length - 1)
console.log('')
console.log(
  `The log: ${inLog} entries (${recorded} recorded by the dataset's own writes through the API, ${ENTRIES} added), ` +
    `${mb(size!.total)} MB on disk (pg_total_relation_size: table ${mb(size!.heap)} MB, its five indexes ${mb(size!.indexes)} MB, TOAST the rest), ` +
    `${((Number(size!.total) / inLog) | 0)} bytes an entry.`,
)
const added = median(withEntry) - median(without)
console.log(
  `A leave write (POST /api/leave for someone, ${withEntry.length} each way, alternating rounds): with its entry ${ms(median(withEntry))} ms (p95 ${ms(p95(withEntry))}), ` +
    `without ${ms(median(without))} ms (p95 ${ms(p95(without))}): the entry adds ${added.toFixed(2)} ms (target ≤ ${WRITE_TARGET_MS} ms: ${added <= WRITE_TARGET_MS ? 'met' : 'missed'}).`,
)
console.log(
  `The entry's insert alone: a transaction with one recordChange ${ms(median(insert.entry))} ms (p95 ${ms(p95(insert.entry))}), ` +
    `with one \`select 1\` ${ms(median(insert.empty))} ms (p95 ${ms(p95(insert.empty))}): ${(median(insert.entry) - median(insert.empty)).toFixed(2)} ms, median of ${insert.entry.length}.`,
)
console.log(
  `Database: ${portal.kind}; node ${process.version}; ${WARM_UPS} warm-ups, ${RUNS} runs per measure; times are server-side wall times, in-process; ` +
    'CPU ms: the process CPU time of the request (user + system), median.',
)
await portal.close()
console.log(`Done in ${elapsed()} s.`)
// The React Router build's modules may keep timers of their own: nothing is left to wait for.
process.exit(0)
