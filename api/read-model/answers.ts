import type { Attention, HireLine, PersonRef, PlanningSummary, ScheduleView } from '#domain/contracts/schedule'
import { mappingTotals } from '#domain/planning/project-plan'
import { byPerson, byTime, conflictsOfPerson, handOvers, sharedSpan, type Assignment, type Conflict, type HandOver, type Leave } from '#domain/schedule/assignments'
import { conflictsAhead, hiresDue, undatedRequirement } from '#domain/schedule/attention'
import { DEFAULT_LEAD_MONTHS } from '#domain/schedule/capacity'
import type { ScheduleQuery } from '#domain/schedule/schemas'
import type { Executor } from '#api/db/client'
import { roles } from '#api/db/schema'
import { namedLines, queueOrder } from '#api/schedule/hire-queue'
import { assemblePlans, loadLeave, loadPeople, type PlanPart, type Plans } from '#api/schedule/load'
import { loadRoster, type RosterPerson } from '#api/schedule/roster'
import { byPersonName, schedulePage, scheduleRows, type ScheduleRows } from '#api/schedule/view'
import { loadEveryPlan, type EveryPlan } from './every-plan'
import { linesInOrder } from './in-order'
import { keptAnswers, keptWhileUnchanged, keptWith } from './kept'
import { readProjectsChanged } from './revision'

/**
 * The answers each API process keeps between requests: every plan, everyone's assignments, leave
 * and conflicts, the hire-by queue and the dashboard's reading. Each is named `kept…`, is read-only
 * and is kept through ./kept.ts, whose `keptAnswers` says what invalidates each.
 *
 * The tables these readings read must be the tables ./changes.sql's triggers watch: tests/api/
 * kept-readings.test.ts ties the two, so a new table cannot be forgotten; tests/api/
 * read-model-property.test.ts holds every kept answer to a whole reading after random changes.
 */

type Role = typeof roles.$inferSelect
export interface KeptPlans {
  readonly perProject: EveryPlan
  readonly plans: Plans
  readonly roleRows: readonly Readonly<Role>[]
  readonly lead: ReadonlyMap<string, Readonly<Role>>
}
export interface KeptAssignments extends KeptPlans {
  readonly assignmentsOf: ReadonlyMap<string, readonly Assignment[]>
  /** Each person's assignments per project: what a change to some projects regroups for those projects' people alone. */
  readonly ofProject: ReadonlyMap<string, ReadonlyMap<string, readonly Assignment[]>>
  /** The people whose assignments differ from those of `from` (the grouping before): the only ones worked out again after. None when everyone was grouped anew. */
  readonly moved?: { from: ReadonlyMap<string, readonly Assignment[]>; people: ReadonlySet<string> }
}
export interface KeptConflicts extends KeptAssignments {
  readonly leaveOf: ReadonlyMap<string, readonly Leave[]>
  readonly found: ReadonlyMap<string, readonly Conflict[]>
}

export interface KeptPlanFigures {
  readonly totals: ReturnType<typeof mappingTotals>
  readonly queue: readonly HireLine[]
  readonly undated: ReturnType<typeof undatedRequirement>
}
export interface KeptDashboard {
  readonly every: KeptConflicts
  readonly summary: PlanningSummary
  readonly attention: Attention
  readonly conflicts: { readonly upcoming: ReadonlyMap<string, readonly Conflict[]>; readonly past: ReadonlyMap<string, readonly Conflict[]> }
}
export interface KeptConflictsOrder {
  readonly reading: KeptDashboard
  readonly upcoming: readonly PersonRef[]
  readonly past: readonly PersonRef[]
}

/**
 * Every plan and the roles' lead times: what the cross-project answers (capacity, the hire-by
 * queue, conflicts, the dashboard's figures, a project's timeline) read, kept while nothing it
 * reads changes (a planner rereads far more often than anyone writes). After a change, only the
 * plans of the projects it touched are read again (noted by changes.sql; the roles, one small table,
 * always are), and the rest come from what was kept.
 */
export const keptPlans = keptWhileUnchanged<KeptPlans>('plans', async (db, _key, before) => {
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

/**
 * Every plan with everyone's assignments by person: kept as every plan is. After a change only the
 * people of the projects whose parts moved are grouped again (`regrouped`); everyone else's list is
 * the one kept, the same array.
 */
export const keptAssignments = keptWhileUnchanged<KeptAssignments>('assignments', async (db, _key, before, revisions) => {
  const every = await keptPlans(db, '', revisions)
  return { ...every, ...regrouped(every.perProject.parts, before?.value) }
})

/**
 * Everyone's assignments by person, in the order of the parts (a whole reading's: `byPerson` of
 * every plan's assignments), and per project. Given the grouping of an earlier reading, only the
 * people of the parts that differ from its parts (read again, added or gone) are grouped again:
 * a change costs the projects it touched, not everyone's assignments. Linear in those parts, and,
 * when someone's list really moved, a copy of the two maps.
 */
export function regrouped(
  parts: readonly PlanPart[],
  before?: { perProject: EveryPlan; assignmentsOf: ReadonlyMap<string, readonly Assignment[]>; ofProject: ReadonlyMap<string, ReadonlyMap<string, readonly Assignment[]>> },
): Pick<KeptAssignments, 'assignmentsOf' | 'ofProject' | 'moved'> {
  if (before && before.perProject.parts === parts) return { assignmentsOf: before.assignmentsOf, ofProject: before.ofProject, moved: { from: before.assignmentsOf, people: new Set() } }
  const keptPart = new Map(before?.perProject.parts.map((part) => [part.projectId, part]))
  const moved = parts.filter((part) => keptPart.get(part.projectId) !== part)
  const current = new Set(parts.map((part) => part.projectId))
  const gone = [...keptPart.values()].filter((part) => !current.has(part.projectId))
  // Nothing kept, or most of several projects moved: grouping everyone at once is as cheap. One
  // project moved is compared with the one kept whatever the number of projects, so a change to it
  // keeps what it did not move (its people's conflicts, their order) on a small plan as on a large one.
  if (!before || (moved.length + gone.length > 1 && moved.length + gone.length > parts.length / 2)) {
    const ofProject = new Map<string, Map<string, Assignment[]>>()
    for (const part of parts)
      for (const [personId, rows] of byPerson(part.assignments)) {
        const own = ofProject.get(personId)
        if (own) own.set(part.projectId, rows)
        else ofProject.set(personId, new Map([[part.projectId, rows]]))
      }
    return { assignmentsOf: byPerson(parts.flatMap((part) => part.assignments)), ofProject }
  }
  // Each moved project against the one kept: only the people whose own rows in it differ (or who
  // joined or left it) are regrouped. A project whose tags alone were read again keeps its slots,
  // so the rows are compared slot by slot; a tag that only moved in its slot's order regroups
  // nobody and copies nothing.
  const touched = new Set<string>()
  for (const part of moved) {
    const old = keptPart.get(part.projectId)
    const slotBySlot = old && peopleMovedInSlots(old, part)
    if (slotBySlot) {
      for (const personId of slotBySlot) touched.add(personId)
      continue
    }
    const lists = byPerson(part.assignments)
    for (const [personId, rows] of lists) {
      const was = before.ofProject.get(personId)?.get(part.projectId)
      if (!was || !sameRows(was, rows)) touched.add(personId)
    }
    for (const row of old?.assignments ?? []) if (!lists.has(row.personId)) touched.add(row.personId)
  }
  for (const part of gone) for (const row of part.assignments) touched.add(row.personId)
  // A project whose place among the others moved (its first card went) reorders its people's lists.
  if (!sameOrder(parts, before.perProject.parts, current))
    for (const part of moved) {
      for (const row of part.assignments) touched.add(row.personId)
      for (const row of keptPart.get(part.projectId)?.assignments ?? []) touched.add(row.personId)
    }
  if (touched.size === 0) return { assignmentsOf: before.assignmentsOf, ofProject: before.ofProject, moved: { from: before.assignmentsOf, people: new Set() } }
  const listsOf = new Map(moved.map((part) => [part.projectId, byPerson(part.assignments.filter((row) => touched.has(row.personId)))]))
  const place = new Map(parts.map((part, at) => [part.projectId, at]))
  const ofProject = new Map(before.ofProject)
  const assignmentsOf = new Map(before.assignmentsOf)
  const people = new Set<string>()
  for (const personId of touched) {
    const own = new Map(before.ofProject.get(personId))
    for (const part of [...moved, ...gone]) {
      const rows = listsOf.get(part.projectId)?.get(personId)
      if (rows) own.set(part.projectId, rows)
      else own.delete(part.projectId)
    }
    const was = before.assignmentsOf.get(personId)
    if (own.size === 0) {
      ofProject.delete(personId)
      assignmentsOf.delete(personId)
      if (was) people.add(personId)
      continue
    }
    ofProject.set(personId, own)
    // In the order of the parts, as a whole reading lists them.
    const lists = [...own].sort(([a], [b]) => place.get(a)! - place.get(b)!)
    const rows = lists.length === 1 ? lists[0]![1] : lists.flatMap(([, list]) => list)
    // A project read again makes new rows for every tag of it, most what they were: those people keep
    // their list, the very array, so what is kept from it (their conflicts, their Schedule rows) stays.
    if (was && sameRows(was, rows)) continue
    assignmentsOf.set(personId, rows)
    people.add(personId)
  }
  return { assignmentsOf, ofProject, moved: { from: before.assignmentsOf, people } }
}

/**
 * The people whose rows differ between two readings of one project whose slots are the same ones
 * (as after its tags alone were read again): those tagged to a slot in one and not in the other.
 * A slot's assignments follow each other in the project's list, in slot order, `tagged` of them.
 * Undefined when the slots differ: the rows are then compared person by person.
 */
function peopleMovedInSlots(old: PlanPart, part: PlanPart): Set<string> | undefined {
  if (old.slots.length !== part.slots.length) return undefined
  const people = new Set<string>()
  let was = 0
  let now = 0
  for (let at = 0; at < part.slots.length; at++) {
    const a = old.slots[at]!
    const b = part.slots[at]!
    if (a.clusterKey !== b.clusterKey || !samePlace(a, b)) return undefined
    // A slot's people, in the same order most often: compared in place, with no list made.
    const inOld = (personId: string) => tagged(old.assignments, was, a.tagged, personId)
    const inNew = (personId: string) => tagged(part.assignments, now, b.tagged, personId)
    for (let row = was; row < was + a.tagged; row++) if (!inNew(old.assignments[row]!.personId)) people.add(old.assignments[row]!.personId)
    for (let row = now; row < now + b.tagged; row++) if (!inOld(part.assignments[row]!.personId)) people.add(part.assignments[row]!.personId)
    was += a.tagged
    now += b.tagged
  }
  return was === old.assignments.length && now === part.assignments.length ? people : undefined
}

/** Whether `personId` is among the `count` rows of `rows` from `from` (a slot's: a handful). */
function tagged(rows: readonly Assignment[], from: number, count: number, personId: string) {
  for (let row = from; row < from + count; row++) if (rows[row]?.personId === personId) return true
  return false
}

/** The projects both readings hold, in the same order in each. */
function sameOrder(parts: readonly PlanPart[], kept: readonly PlanPart[], current: ReadonlySet<string>) {
  const held = new Set(kept.map((part) => part.projectId))
  const now = parts.filter((part) => held.has(part.projectId))
  const then = kept.filter((part) => current.has(part.projectId))
  return now.length === then.length && now.every((part, at) => part.projectId === then[at]!.projectId)
}

/**
 * Everyone's leave by person, kept while nobody's leave changes. Leave is counted apart from the
 * plans (changes.sql): a leave write makes the next reader read leave again (one query), and
 * none read the plans again.
 */
export const keptLeave = keptWhileUnchanged<ReadonlyMap<string, readonly Leave[]>>('leave', async (db) => byPerson(await loadLeave(db, null)))

/**
 * Every plan with everyone's conflicts, leave included: kept while neither changes. After a change,
 * only the people whose assignments or leave moved are looked at again (`conflictsSince`).
 */
export const keptConflicts = keptWhileUnchanged<KeptConflicts>('conflicts', async (db, _key, before, revisions) => {
  const [every, leaveOf] = await Promise.all([keptAssignments(db, '', revisions), keptLeave(db, '', revisions)])
  const last = before?.value
  // Only the assignments moved since, for the people the grouping names: their conflicts alone are worked out again.
  const found =
    last && last.leaveOf === leaveOf && every.moved?.from === last.assignmentsOf
      ? conflictsOfSome(last.found, every.assignmentsOf, leaveOf, every.moved.people)
      : conflictsSince(every.assignmentsOf, leaveOf, last)
  return { ...every, leaveOf, found }
})

/** Everyone's conflicts, from those kept, with only `people`'s worked out again. */
function conflictsOfSome(kept: ReadonlyMap<string, readonly Conflict[]>, assignmentsOf: ReadonlyMap<string, readonly Assignment[]>, leaveOf: ReadonlyMap<string, readonly Leave[]>, people: ReadonlySet<string>) {
  if (people.size === 0) return kept
  const found = new Map(kept)
  for (const personId of people) {
    const personal = conflictsOfPerson(assignmentsOf.get(personId) ?? [], leaveOf.get(personId) ?? [])
    if (personal.length) found.set(personId, personal)
    else found.delete(personId)
  }
  return found
}

/** Everyone's hand-overs, by day: kept as the assignments are, worked out only when asked for. */
export const keptHandOvers = keptWhileUnchanged<{ plans: Plans; handOvers: HandOver[] }>('handOvers', async (db, _key, _before, revisions) => {
  const every = await keptAssignments(db, '', revisions)
  return { plans: every.plans, handOvers: handOvers(every.assignmentsOf) }
})

/**
 * Each project's hire-by lines, kept with its part of the kept reading of every plan: a line is
 * one project's (role, project, cluster item), so the whole queue is every project's lines in
 * order, and after a change only the moved projects' are worked out again. They depend
 * on the day and the roles too, which the key holds.
 */
const keptLinesOfPart = keptWith<PlanPart, readonly HireLine[]>('queueLines')

/**
 * The whole hire-by queue in order, kept with the reading of every plan per day and roles. After a
 * change, the lines of the projects that did not move stay in the order they were (`mergedQueue`).
 */
const keptWholeQueue = keptWith<EveryPlan, readonly HireLine[]>('queue')

/** The whole hire-by queue, named and in order, from each project's kept lines: a new array, the caller's to filter. */
export function keptQueue({ perProject, roleRows, lead }: KeptPlans, today: string): HireLine[] {
  const key = `${today} ${roleRows.map((role) => `${role.id}:${role.leadMonths}:${role.name}`).join(' ')}`
  const linesOf = (part: PlanPart) => keptLinesOfPart(part, key, () => namedLines(assemblePlans([part], []), lead, part.slots, today))
  return [...keptWholeQueue(perProject, key, (before) => linesInOrder(perProject.parts, linesOf, (line) => line.project._id, queueOrder, before && { parts: before.on.parts, lines: before.value }))]
}

/**
 * A project's part of the dashboard's figures and of the Attention strip's undated requirement,
 * kept with its part: the organisation's are the sums of every project's, so after a change only
 * the moved projects' are counted again.
 */
const keptFiguresOfPart = keptWith<PlanPart, { totals: ReturnType<typeof mappingTotals>; undated: ReturnType<typeof undatedRequirement> }>('figuresOfPart')
export const figuresOfPart = (part: PlanPart) => keptFiguresOfPart(part, '', () => ({ totals: mappingTotals(part.slots), undated: undatedRequirement(part.slots) }))

/**
 * The dashboard's figures of the plans and the whole hire-by queue they come with: they change
 * with the plans and with the date (hire-by dates pass), so kept per day. The queue is the one
 * GET /api/capacity answers unfiltered: its first lines are the dashboard's next hires, late ones
 * included, so the dashboard never says "Nobody to hire" while the queue has lines. The totals and
 * the undated requirement are summed from each project's (`figuresOfPart`).
 */
export const keptPlanFigures = keptWhileUnchanged<KeptPlanFigures>('planFigures', async (db, day, _before, revisions) => {
  const every = await keptPlans(db, '', revisions)
  const totals = { totalRequirement: 0, totalTagged: 0, yetToBeRecruited: 0 }
  const undated = { people: 0, clusters: 0 }
  for (const part of every.perProject.parts) {
    const own = figuresOfPart(part)
    totals.totalRequirement += own.totals.totalRequirement
    totals.totalTagged += own.totals.totalTagged
    totals.yetToBeRecruited += own.totals.yetToBeRecruited
    undated.people += own.undated.people
    undated.clusters += own.undated.clusters
  }
  return { totals, queue: keptQueue(every, day), undated }
})

/**
 * The dashboard's reading: those figures, everyone's conflicts with leave split into those not yet
 * over and those over, and the Attention strip from both (one reading, so the strip, the
 * figures, the queue and the conflicts list agree). Kept per day while neither the plans nor leave
 * change, so a dashboard costs one query here after the session's; after a leave write only leave
 * is read again, the plans' figures stay kept. After a change that left everyone's conflicts the
 * very ones (the kept grouping keeps them), their split and counts are the ones kept for the day.
 */
export const keptDashboard = keptWhileUnchanged<KeptDashboard>('dashboard', async (db, day, before, revisions) => {
  const [figures, every] = await Promise.all([keptPlanFigures(db, day, revisions), keptConflicts(db, '', revisions)])
  const last = before?.value
  const same = last !== undefined && last.every.found === every.found
  const split = same ? last.conflicts : byTime(every.found, day)
  const ahead = same ? last.attention.conflicts : conflictsAhead(split.upcoming, day)
  const summary: PlanningSummary = {
    ...figures.totals,
    peopleInConflict: split.upcoming.size,
    nextHires: figures.queue.slice(0, 5),
  }
  // As `attention` (domain/schedule/attention.ts) puts it together, from the parts kept.
  const strip: Attention = { ...hiresDue(figures.queue), conflicts: ahead, undated: figures.undated }
  return { every, summary, attention: strip, conflicts: split }
})

/**
 * GET /api/conflicts' people in its order, for each `when` (upcoming: the soonest to start first;
 * past: the latest over first; then by name), with the dashboard's reading they come from. Kept per
 * day while the plans, leave and people stand still: a page costs the page, not reading and sorting
 * the names of everyone in conflict; after a change it is worked out whole, once.
 */
const PEOPLE = keptAnswers.conflictsOrder.invalidatedBy.revisions.indexOf('people')
export const keptConflictsOrder = keptWhileUnchanged<KeptConflictsOrder>('conflictsOrder', async (db, day, before, revisions) => {
  const reading = await keptDashboard(db, day, revisions)
  const { upcoming, past } = reading.conflicts
  // The same people in conflict, the very split, and nobody renamed since: the same order.
  if (before && before.value.reading.conflicts === reading.conflicts && revisions.people === before.revision[PEOPLE]) return { ...before.value, reading }
  // Every name is read (one query): the order is by name after the shared span.
  const people = await loadPeople(db, [...new Set([...upcoming.keys(), ...past.keys()])])
  const inOrder = (found: ReadonlyMap<string, readonly Conflict[]>, when: 'upcoming' | 'past') => {
    const listed = people.filter((user) => found.has(user._id))
    const span = new Map(listed.map((user) => [user._id, sharedSpan(found.get(user._id)!)!]))
    const soonest = (a: string, b: string) => (when === 'past' ? span.get(b)!.end.localeCompare(span.get(a)!.end) : span.get(a)!.start.localeCompare(span.get(b)!.start))
    return listed.sort((a, b) => soonest(a._id, b._id) || (a.fullName ?? a.email).localeCompare(b.fullName ?? b.email))
  }
  return { reading, upcoming: inOrder(upcoming, 'upcoming'), past: inOrder(past, 'past') }
})

/** Everyone active, as the Schedule lists them, in its order (so its rows sort in one pass): kept while nobody joins, leaves, or changes their name, role or work location. */
export const keptRoster = keptWhileUnchanged<readonly RosterPerson[]>('roster', async (db) => (await loadRoster(db)).sort(byPersonName))

/**
 * The Schedule's rows for a query but its page (api/schedule/view.ts `scheduleRows`), kept per day
 * and query while the plans, leave and people stand still: paging, or another planner asking the
 * same, costs the page's own rows. The key is the day and the query without its page.
 */
export const keptScheduleRows = keptWhileUnchanged<{ plans: Plans; roleRows: KeptPlans['roleRows']; rows: ScheduleRows }>('scheduleRows', async (db, key, before, revisions) => {
  const { today, query } = JSON.parse(key) as { today: string; query: ScheduleQuery }
  const [every, roster] = await Promise.all([keptConflicts(db, '', revisions), keptRoster(db, '', revisions)])
  const reading = { ...every, leadMonthsOf: (roleId: string) => every.lead.get(roleId)?.leadMonths ?? DEFAULT_LEAD_MONTHS, roster, rosterInOrder: true }
  return { plans: every.plans, roleRows: every.roleRows, rows: scheduleRows(reading, query, today, before?.value.rows) }
})

/** GET /api/schedule's answer, from the kept rows of its query: one query (the revisions) while nothing changes. */
export async function keptSchedule(db: Executor, query: ScheduleQuery, today: string): Promise<ScheduleView> {
  const { page: _page, ...rest } = query
  const kept = await keptScheduleRows(db, JSON.stringify({ today, query: rest }))
  return schedulePage(kept, kept.rows, query, today)
}

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
 * of it, and most are what they were: only those whose rows really moved are looked at.
 * Conflicts name assignments by id and dates only, so conflicts kept from equal rows stay true.
 */
const sameRows = (a: readonly Assignment[], b: readonly Assignment[]) => a === b || (a.length === b.length && a.every((row, at) => sameAssignment(row, b[at]!)))
const sameAssignment = (a: Assignment, b: Assignment) =>
  a === b ||
  (a.id === b.id && a.projectId === b.projectId && samePlace(a, b))
/** Where a slot or an assignment is: its instance, role, dates and clusters (what a slot and its assignments share). */
const samePlace = (a: Place, b: Place) =>
  a.instanceId === b.instanceId &&
  a.roleId === b.roleId &&
  a.dates?.start === b.dates?.start &&
  a.dates?.end === b.dates?.end &&
  a.clusterIds.length === b.clusterIds.length &&
  a.clusterIds.every((id, at) => id === b.clusterIds[at])
type Place = Pick<Assignment, 'instanceId' | 'roleId' | 'dates' | 'clusterIds'>
const sameLeave = (a: readonly Leave[], b: readonly Leave[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((period, at) => period.id === b[at]!.id && period.range.start === b[at]!.range.start && period.range.end === b[at]!.range.end && period.note === b[at]!.note))
