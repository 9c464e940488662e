import type { Attention, HireLine, PlanningSummary } from '#domain/contracts/schedule'
import { mappingTotals } from '#domain/planning/project-plan'
import { byPerson, byTime, conflictsOfPerson, handOvers, type Assignment, type Conflict, type Leave } from '#domain/schedule/assignments'
import { attention } from '#domain/schedule/attention'
import type { Executor } from '#api/db/client'
import { roles } from '#api/db/schema'
import { assemblePlans, loadEveryPlan, loadLeave, type EveryPlan, type PlanPart, type Plans } from './load'
import { namedLines, queueOrder } from './hire-queue'
import { readProjectsChanged, readRevisions } from './revision'

/**
 * The answers each API process keeps between requests (issue 31 §3): every plan, everyone's
 * assignments, leave and conflicts, the hire-by queue and the dashboard's reading. Each is named
 * `kept…`, is read-only (typed so, and frozen when NODE_ENV is test, so a route that changed one
 * would fail its tests), and is checked against the database's revisions on every call
 * (`keptWhileUnchanged`), so nothing another process needs lives only here (DESIGN §3).
 *
 * The tables these readings read must be the tables migrations 0007–0009 watch: tests/api/
 * kept-readings.test.ts ties the two, so a new table cannot be forgotten.
 */

/**
 * What a kept answer is computed from: the plans, leave, or both. Leave is counted apart (issue 28),
 * so a leave write leaves every answer over the plans alone kept.
 */
export type Watched = 'plans' | 'leave' | 'plans and leave'

const countersOf = (revisions: { plans: number; leave: number }, watched: Watched) =>
  watched === 'plans' ? [revisions.plans] : watched === 'leave' ? [revisions.leave] : [revisions.plans, revisions.leave]

/** What a kept computation had computed at the revisions before: the latest it finished, for reading only what moved since. */
export interface Before<T> {
  revision: number[]
  value: T
}

/** Frozen in tests: a kept value is shared by every request, so writing into one is a bug the tests should see. */
const FREEZE = process.env.NODE_ENV === 'test'

/** Freezes a value and all it holds; a Map or Set refuses set, add, delete and clear (Object.freeze alone would not stop them). */
export function freezeDeep<T>(value: T, seen = new WeakSet<object>()): T {
  if (value === null || typeof value !== 'object' || seen.has(value) || Object.isFrozen(value)) return value
  seen.add(value)
  if (value instanceof Map || value instanceof Set) {
    for (const method of ['set', 'add', 'delete', 'clear'])
      Object.defineProperty(value, method, {
        value: () => {
          throw new TypeError('A kept reading is read-only: copy it before changing it.')
        },
      })
    for (const entry of value instanceof Map ? [...value.keys(), ...value.values()] : value) freezeDeep(entry, seen)
  } else for (const entry of Object.values(value)) freezeDeep(entry, seen)
  return Object.freeze(value)
}

/**
 * A computation over every plan (or everyone's leave), kept between requests while the revisions it
 * watches stay the same: each request pays one query to learn them, and the whole reading only
 * after a change. Nothing is kept that another process needs: each process keeps its own, checked
 * against the database on every call, so a change made through any process (or by hand in SQL) is
 * seen by the next request everywhere. The revisions are read before the data, so what is kept
 * under them is never older than they are.
 *
 * After a change, `compute` is handed what it computed last (`before`, with the revisions it was
 * computed at), so it can read and compute only what moved since (issue 29); it is left out when
 * there is none, or when this request read older revisions than those kept.
 *
 * `key` tells apart computations that depend on more than the data (today's date, for one); only
 * the latest revisions' results are kept, per database.
 */
export function keptWhileUnchanged<T>(compute: (db: Executor, key: string, before?: Before<T>) => Promise<T>, watched: Watched = 'plans') {
  const computed = FREEZE ? async (db: Executor, key: string, before?: Before<T>) => freezeDeep(await compute(db, key, before)) : compute
  const kept = new WeakMap<Executor, { revision: number[]; values: Map<string, Promise<T>> }>()
  // The latest finished computation alone (one key's), so nothing older is held on to.
  const finished = new WeakMap<Executor, Before<T> & { key: string }>()
  return async (db: Executor, key = ''): Promise<T> => {
    const revision = countersOf(await readRevisions(db), watched)
    let entry = kept.get(db)
    // A request that read an older revision than one already kept (it raced a newer one) computes its own.
    if (entry && revision.some((count, at) => count < entry!.revision[at]!)) return computed(db, key)
    if (!entry || revision.some((count, at) => count !== entry!.revision[at])) kept.set(db, (entry = { revision, values: new Map() }))
    let value = entry.values.get(key)
    if (!value) {
      const last = finished.get(db)
      value = computed(db, key, last && last.key === key && last.revision.every((count, at) => count <= revision[at]!) ? last : undefined)
      entry.values.set(key, value)
      // A failed reading is not kept: the next request tries again.
      const values = entry.values
      value.then(
        (done) => {
          const other = finished.get(db)
          if (!other || other.revision.every((count, at) => count <= revision[at]!)) finished.set(db, { key, revision, value: done })
        },
        () => values.get(key) === value && values.delete(key),
      )
    }
    return value
  }
}

type Role = typeof roles.$inferSelect
export interface KeptPlans {
  readonly perProject: EveryPlan
  readonly plans: Plans
  readonly roleRows: readonly Readonly<Role>[]
  readonly lead: ReadonlyMap<string, Readonly<Role>>
}
export interface KeptAssignments extends KeptPlans {
  readonly assignmentsOf: ReadonlyMap<string, readonly Assignment[]>
}
export interface KeptConflicts extends KeptAssignments {
  readonly leaveOf: ReadonlyMap<string, readonly Leave[]>
  readonly found: ReadonlyMap<string, readonly Conflict[]>
}

/**
 * Every plan and the roles' lead times: what the cross-project answers (capacity, the hire-by
 * queue, conflicts, the dashboard's figures, a project's timeline) read, kept while nothing it
 * reads changes (a planner rereads far more often than anyone writes). After a change, only the
 * plans of the projects it touched are read again (migration 0009; the roles, one small table,
 * always are), and the rest come from what was kept (issue 29).
 */
export const keptPlans = keptWhileUnchanged<KeptPlans>(async (db, _key, before) => {
  const moved = before && (await readProjectsChanged(db, before.revision[0]!))
  const [perProject, roleRows] = await Promise.all([
    loadEveryPlan(db, before && moved && !moved.every ? { kept: before.value.perProject, moved: moved.projectIds, tagsOnly: moved.tagsOnly } : undefined),
    db.select().from(roles),
  ])
  return {
    perProject,
    plans: perProject.plans,
    roleRows,
    lead: new Map(roleRows.map((role) => [role.id, role])),
  }
})

/** Every plan with everyone's assignments by person: kept as every plan is, grouped again only when a plan moved. */
export const keptAssignments = keptWhileUnchanged<KeptAssignments>(async (db, _key, before) => {
  const every = await keptPlans(db)
  return {
    ...every,
    assignmentsOf: before?.value.plans === every.plans ? before.value.assignmentsOf : byPerson(every.plans.assignments),
  }
})

/**
 * Everyone's leave by person, kept while nobody's leave changes. Leave is counted apart from the
 * plans (migration 0008): a leave write makes the next reader read leave again (one query), and
 * none read the plans again (issue 28).
 */
export const keptLeave = keptWhileUnchanged<ReadonlyMap<string, readonly Leave[]>>(async (db) => byPerson(await loadLeave(db, null)), 'leave')

/**
 * Every plan with everyone's conflicts, leave included: kept while neither changes. After a change,
 * only the people whose assignments or leave moved are looked at again (`conflictsSince`).
 */
export const keptConflicts = keptWhileUnchanged<KeptConflicts>(async (db, _key, before) => {
  const [every, leaveOf] = await Promise.all([keptAssignments(db), keptLeave(db)])
  return {
    ...every,
    leaveOf,
    found: conflictsSince(every.assignmentsOf, leaveOf, before?.value),
  }
}, 'plans and leave')

/** Everyone's hand-overs (issue 29), by day: kept as the assignments are, worked out only when asked for. */
export const keptHandOvers = keptWhileUnchanged(async (db) => {
  const every = await keptAssignments(db)
  return { plans: every.plans, handOvers: handOvers(every.assignmentsOf) }
})

/**
 * Each project's hire-by lines, kept with its part of the kept reading of every plan: a line is
 * one project's (role, project, cluster item), so the whole queue is every project's lines in
 * order, and after a change only the moved projects' are worked out again (issue 29). They depend
 * on the day and the roles too, which the key holds.
 */
const keptLinesOfPart = new WeakMap<PlanPart, { key: string; lines: readonly HireLine[] }>()

/** The whole hire-by queue, named and in order, from each project's kept lines: a new array, the caller's to filter. */
export function keptQueue({ perProject, roleRows, lead }: KeptPlans, today: string): HireLine[] {
  const key = `${today} ${roleRows.map((role) => `${role.id}:${role.leadMonths}:${role.name}`).join(' ')}`
  const lines = perProject.parts.flatMap((part) => {
    let kept = keptLinesOfPart.get(part)
    if (kept?.key !== key)
      keptLinesOfPart.set(
        part,
        (kept = {
          key,
          lines: namedLines(assemblePlans([part], []), lead, part.slots, today),
        }),
      )
    return kept.lines
  })
  return lines.sort(queueOrder)
}

/**
 * The dashboard's figures of the plans and the whole hire-by queue they come with: they change
 * with the plans and with the date (hire-by dates pass), so kept per day. The queue is the one
 * GET /api/capacity answers unfiltered: its first lines are the dashboard's next hires, late ones
 * included, so the dashboard never says "Nobody to hire" while the queue has lines (issue 29).
 */
const keptPlanFigures = keptWhileUnchanged(async (db, day) => {
  const every = await keptPlans(db)
  const { plans } = every
  return {
    totals: mappingTotals(plans.slots),
    queue: keptQueue(every, day),
    slots: plans.slots,
  }
})

/**
 * The dashboard's reading: those figures, everyone's conflicts with leave split into those not yet
 * over and those over, and the Attention strip from both (issue 29: one reading, so the strip, the
 * figures, the queue and the conflicts list agree). Kept per day while neither the plans nor leave
 * change, so a dashboard costs one query here after the session's; after a leave write only leave
 * is read again, the plans' figures stay kept (issue 28).
 */
export const keptDashboard = keptWhileUnchanged(async (db, day) => {
  const [figures, every] = await Promise.all([keptPlanFigures(db, day), keptConflicts(db)])
  const split = byTime(every.found, day)
  const summary: PlanningSummary = {
    ...figures.totals,
    peopleInConflict: split.upcoming.size,
    nextHires: figures.queue.slice(0, 5),
  }
  const strip: Attention = attention(figures.queue, split.upcoming, figures.slots, day)
  return { every, summary, attention: strip, conflicts: split }
}, 'plans and leave')

/**
 * Everyone's conflicts, leave included (the answer of `conflicts(assignments, leave)`), computed
 * again only for the people whose assignments or leave differ from `before`'s. Linear in the
 * people; conflictsOfPerson only for those who moved.
 */
function conflictsSince(
  assignmentsOf: ReadonlyMap<string, readonly Assignment[]>,
  leaveOf: ReadonlyMap<string, readonly Leave[]>,
  before?: {
    assignmentsOf: ReadonlyMap<string, readonly Assignment[]>
    leaveOf: ReadonlyMap<string, readonly Leave[]>
    found: ReadonlyMap<string, readonly Conflict[]>
  },
) {
  const found = new Map<string, readonly Conflict[]>()
  for (const [personId, rows] of assignmentsOf) {
    const leave = leaveOf.get(personId) ?? []
    const same = before && sameRows(before.assignmentsOf.get(personId) ?? [], rows) && sameLeave(before.leaveOf.get(personId) ?? [], leave)
    const personal = same ? before.found.get(personId) : conflictsOfPerson(rows, leave)
    if (personal?.length) found.set(personId, personal)
  }
  return found
}

/**
 * The same assignments by value: a project read again after a change makes new rows for every tag
 * of it, and most are what they were (issue 29: only those whose rows really moved are looked at).
 * Conflicts name assignments by id and dates only, so conflicts kept from equal rows stay true.
 */
const sameRows = (a: readonly Assignment[], b: readonly Assignment[]) => a === b || (a.length === b.length && a.every((row, at) => sameAssignment(row, b[at]!)))
const sameAssignment = (a: Assignment, b: Assignment) =>
  a === b ||
  (a.id === b.id &&
    a.projectId === b.projectId &&
    a.instanceId === b.instanceId &&
    a.roleId === b.roleId &&
    a.dates?.start === b.dates?.start &&
    a.dates?.end === b.dates?.end &&
    a.clusterIds.length === b.clusterIds.length &&
    a.clusterIds.every((id, at) => id === b.clusterIds[at]))
const sameLeave = (a: readonly Leave[], b: readonly Leave[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((period, at) => period.id === b[at]!.id && period.range.start === b[at]!.range.start && period.range.end === b[at]!.range.end && period.note === b[at]!.note))
