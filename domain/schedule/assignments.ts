import { intersection, overlaps, type Day, type Range } from './calendar'

/**
 * People over time: a tag of a person to a project's instance, role and cluster is an
 * assignment, dated by the cluster's effective dates for that project (the Site override, else the
 * cluster's own). A person has a conflict when two dated assignments, or an assignment and their
 * leave, share a day.
 */

export interface Assignment {
  /** The tag's id: the mapping row. */
  id: string
  personId: string
  projectId: string
  instanceId: string
  roleId: string
  /** The cluster, or the clusters of a group planned together. */
  clusterIds: readonly string[]
  /** Null when the cluster has no start or no end for this project ("undated"). */
  dates: Range | null
}

export interface Leave {
  id: string
  personId: string
  range: Range
  note: string
}

/** Who or what an assignment clashes with: another assignment or a leave, and the days they share. */
export type Clash = { kind: 'assignment'; with: Assignment; days: Range } | { kind: 'leave'; with: Leave; days: Range }

export interface Conflict {
  assignment: Assignment
  clashes: Clash[]
}

/**
 * A group's dates: from its earliest start to its latest end; undated when any of its clusters
 * lacks a start or an end, as a group is staffed for all of its clusters at once.
 */
export function groupDates(dates: readonly ({ start: Day | null; end: Day | null } | null)[]): Range | null {
  let start: Day | null = null
  let end: Day | null = null
  for (const entry of dates) {
    if (!entry?.start || !entry.end || entry.end < entry.start) return null
    if (start === null || entry.start < start) start = entry.start
    if (end === null || entry.end > end) end = entry.end
  }
  return start && end ? { start, end } : null
}

/**
 * A hand-over: two bookings that share exactly one day, the last of one and the first of
 * the other, neither inside the other. One person goes off a site the day they start on the next:
 * planned, not a double-booking. Only between assignments: leave on a day of an assignment is
 * always a conflict, as the person is away that day (docs/decisions.md).
 */
export const isHandOver = (a: Range, b: Range) => (a.end === b.start && a.start < b.start && a.end < b.end) || (b.end === a.start && b.start < a.start && b.end < a.end)

/**
 * Every assignment of one person that clashes, with what it clashes with: each other dated
 * assignment sharing a day (same project or not) and each leave sharing a day. Undated assignments
 * never clash, nor does a hand-over (`isHandOver`). Order: the assignments' own order, clashes by
 * first shared day.
 */
export function conflictsOfPerson(assignments: readonly Assignment[], leave: readonly Leave[]): Conflict[] {
  const dated = assignments.filter((row): row is Assignment & { dates: Range } => row.dates !== null)
  const conflicts: Conflict[] = []
  for (const assignment of dated) {
    const clashes: Clash[] = []
    for (const other of dated) {
      if (other === assignment || isHandOver(assignment.dates, other.dates)) continue
      const days = intersection(assignment.dates, other.dates)
      if (days) clashes.push({ kind: 'assignment', with: other, days })
    }
    for (const period of leave) {
      const days = intersection(assignment.dates, period.range)
      if (days) clashes.push({ kind: 'leave', with: period, days })
    }
    if (clashes.length) conflicts.push({ assignment, clashes: clashes.sort((a, b) => (a.days.start < b.days.start ? -1 : a.days.start > b.days.start ? 1 : 0)) })
  }
  return conflicts
}

/** Groups rows by person, keeping their order. */
export function byPerson<Row extends { personId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>()
  for (const row of rows) {
    const list = grouped.get(row.personId)
    if (list) list.push(row)
    else grouped.set(row.personId, [row])
  }
  return grouped
}

/** Everyone's conflicts, person by person; people without one are left out. */
export function conflicts(assignments: readonly Assignment[], leave: readonly Leave[]): Map<string, Conflict[]> {
  const leaveOf = byPerson(leave)
  const found = new Map<string, Conflict[]>()
  for (const [personId, rows] of byPerson(assignments)) {
    const personal = conflictsOfPerson(rows, leaveOf.get(personId) ?? [])
    if (personal.length) found.set(personId, personal)
  }
  return found
}

/**
 * Everyone's conflicts, leave included, from the conflicts among assignments alone
 * (`amongAssignments`: `conflicts(assignments, [])`): only the people with leave are looked at
 * again. Leave changes far more often than plans, and costs this, not every plan.
 * The same answer as `conflicts(assignments, leave)`.
 */
export function withLeave(
  amongAssignments: ReadonlyMap<string, Conflict[]>,
  assignmentsOf: ReadonlyMap<string, readonly Assignment[]>,
  leaveOf: ReadonlyMap<string, readonly Leave[]>,
): Map<string, Conflict[]> {
  const found = new Map(amongAssignments)
  for (const [personId, periods] of leaveOf) {
    const rows = assignmentsOf.get(personId)
    if (!rows) continue
    // Leave only adds clashes: whoever has none with it had none without it.
    const personal = conflictsOfPerson(rows, periods)
    if (personal.length) found.set(personId, personal)
  }
  return found
}

/** A hand-over of one person: the assignment ending on `day` and the one starting on it. */
export interface HandOver {
  personId: string
  day: Day
  ending: Assignment & { dates: Range }
  starting: Assignment & { dates: Range }
}

/** Everyone's hand-overs, by day, then by person: shown apart from conflicts, never counted as one. */
export function handOvers(assignmentsOf: ReadonlyMap<string, readonly Assignment[]>): HandOver[] {
  const found: HandOver[] = []
  for (const [personId, rows] of assignmentsOf) {
    const dated = rows.filter((row): row is Assignment & { dates: Range } => row.dates !== null)
    for (const ending of dated)
      for (const starting of dated)
        if (ending.dates.end === starting.dates.start && isHandOver(ending.dates, starting.dates)) found.push({ personId, day: ending.dates.end, ending, starting })
  }
  return found.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.personId < b.personId ? -1 : a.personId > b.personId ? 1 : 0))
}

/**
 * Conflicts split by time: a clash is upcoming while its shared days are not over (they
 * end today or later), past once they are. A person's conflict is in each part with the clashes of
 * that part; people with none in a part are left out of it.
 */
export function byTime(found: ReadonlyMap<string, readonly Conflict[]>, today: Day) {
  const upcoming = new Map<string, Conflict[]>()
  const past = new Map<string, Conflict[]>()
  const add = (into: Map<string, Conflict[]>, personId: string, assignment: Assignment, clashes: Clash[]) => {
    if (!clashes.length) return
    const list = into.get(personId)
    if (list) list.push({ assignment, clashes })
    else into.set(personId, [{ assignment, clashes }])
  }
  for (const [personId, personal] of found)
    for (const { assignment, clashes } of personal) {
      add(upcoming, personId, assignment, clashes.filter((clash) => clash.days.end >= today))
      add(past, personId, assignment, clashes.filter((clash) => clash.days.end < today))
    }
  return { upcoming, past }
}

/** The first and the last shared day of a person's conflicts: the soonest to fix, the latest over. */
export function sharedSpan(personal: readonly Conflict[]): Range | null {
  let span: Range | null = null
  for (const conflict of personal)
    for (const { days } of conflict.clashes) {
      if (!span) span = { ...days }
      else {
        if (days.start < span.start) span.start = days.start
        if (days.end > span.end) span.end = days.end
      }
    }
  return span
}

/** A person's load on a day: how many of their assignments cover it. */
export const loadOn = (assignments: readonly Assignment[], day: Day) =>
  assignments.filter((row) => row.dates !== null && row.dates.start <= day && day <= row.dates.end).length

/**
 * What a candidate already holds over a period (Assign Users): their assignments and leave that
 * share a day with it. Tagging them there would give them a conflict when either list is not empty.
 */
export function holdsOver(range: Range | null, assignments: readonly Assignment[], leave: readonly Leave[]) {
  if (!range) return { assignments: [], leave: [] }
  return {
    assignments: assignments.filter((row) => row.dates !== null && overlaps(row.dates, range)),
    leave: leave.filter((period) => overlaps(period.range, range)),
  }
}
