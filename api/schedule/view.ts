import type { Ref } from '#domain/contracts/common'
import type { PersonRef, ScheduleBar, ScheduleGroup, SchedulePlaceholder, ScheduleRow, ScheduleView } from '#domain/contracts/schedule'
import { PAGE_SIZE } from '#domain/pages'
import type { Assignment, Conflict, Leave } from '#domain/schedule/assignments'
import { overlaps, type Day, type Range } from '#domain/schedule/calendar'
import { placeLabel } from '#domain/schedule/describe'
import { DEFAULT_SPAN, overlapsOf, pageOfGroups, place, placeholderLabel, scheduleWindow, type Placeholder, type ScheduleWindow } from '#domain/schedule/grid'
import type { ScheduleQuery } from '#domain/schedule/schemas'
import { compareLocations, locationOf } from '#domain/work-locations'
import { demandOver } from '#api/read-model/demand'
import type { EveryPlan } from '#api/read-model/every-plan'
import type { Plans } from './load'
import type { RosterPerson } from './roster'

/** What the Schedule reads: the kept readings of every plan and everyone's conflicts (api/routes/schedule.ts), and the people. */
export interface ScheduleReading {
  plans: Plans
  /** The same plans per project: the demand of a project that did not move is kept with its part. */
  perProject: EveryPlan
  roleRows: readonly { id: string; name: string; leadMonths: number }[]
  leadMonthsOf: (roleId: string) => number
  assignmentsOf: ReadonlyMap<string, readonly Assignment[]>
  leaveOf: ReadonlyMap<string, readonly Leave[]>
  found: ReadonlyMap<string, readonly Conflict[]>
  roster: readonly RosterPerson[]
  /** The roster is already in the Schedule's order (`byPersonName`), as the kept one is: it is not sorted again. */
  rosterInOrder?: boolean
  /** The people whose assignments differ from those of `from` (the kept grouping's, api/read-model/answers.ts): everyone else's are the very arrays. */
  moved?: { from: ReadonlyMap<string, readonly Assignment[]>; people: ReadonlySet<string> }
}

/** A row before it is placed: the person, their assignments and leave in the window, and where they overlap. */
interface Candidate {
  person: PersonRef
  own: (Assignment & { dates: Range })[]
  leave: Leave[]
  marks: { kind: 'assignment' | 'leave'; days: Range }[]
}

const NO_ROLE = 'No role'
const NO_PROJECT = 'On no project in these dates'
const nameOf = (person: { fullName: string | null; email: string }) => person.fullName?.trim() || person.email
/** One collator for every sort: a thousand names sort several times faster than by localeCompare, which builds one each call. */
const collator = new Intl.Collator('en')
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name)
/** The order of the Schedule's people: by name, then id. */
export const byPersonName = (a: { _id: string; fullName: string | null; email: string }, b: { _id: string; fullName: string | null; email: string }) =>
  collator.compare(nameOf(a), nameOf(b)) || (a._id < b._id ? -1 : 1)

/** The Schedule's rows for one query but its page: its groups in order, each with its people (not yet placed or named) and its unfilled demand. */
export interface ScheduleRows {
  window: ScheduleWindow
  groups: readonly ScheduleRowGroup[]
  locations: readonly string[]
  /** Each person's rows and what they were worked out from: what the rows of the same query reuse after a change, for everyone it did not touch. */
  people: PeopleRows
}
interface PeopleRows {
  from: Pick<ScheduleReading, 'roster' | 'assignmentsOf' | 'leaveOf' | 'found'>
  /** A person's rows: the group each is in (a role, a project, or none), and the row. */
  rowsOf: ReadonlyMap<string, readonly (readonly [string | null, Candidate])[]>
  /** Each person's place in the roster, in the Schedule's order: where a row worked out again goes in its group. */
  rank: ReadonlyMap<string, number>
}
interface ScheduleRowGroup {
  key: { _id: string | null; name: string }
  rows: Candidate[]
  placeholders: Placeholder[]
}

/**
 * GET /api/schedule's answer: the window, then people grouped by role (or by project: a person on
 * two projects in the window is a row under each, with that project's bars), each with their bars,
 * leave and overlaps in the window, then the unfilled demand of each group; one page of 50 rows.
 */
export function scheduleView(reading: ScheduleReading, query: ScheduleQuery, today: Day): ScheduleView {
  return schedulePage(reading, scheduleRows(reading, query, today), query, today)
}

/** One page of the Schedule's rows: only its rows are placed and named. No query; linear in the page. */
export function schedulePage(reading: Pick<ScheduleReading, 'plans' | 'roleRows'>, rows: ScheduleRows, query: ScheduleQuery, today: Day): ScheduleView {
  const { plans } = reading
  const { window } = rows
  const zoom = query.zoom ?? 'weeks'
  const group = query.group ?? 'role'
  const span = (range: Range) => place(window, range)!
  const roleName = new Map(reading.roleRows.map((role) => [role.id, role.name]))

  const bar = (row: Assignment & { dates: Range }): ScheduleBar => ({
    project: { _id: row.projectId, name: plans.projectNames.get(row.projectId) ?? '' },
    instance: { _id: row.instanceId, name: plans.instanceNames.get(row.instanceId) ?? '' },
    role: { _id: row.roleId, name: plans.roleNames.get(row.roleId) ?? roleName.get(row.roleId) ?? '' },
    clusterIds: [...row.clusterIds],
    clusterLabel: plans.labelOf(row.clusterIds),
    startDate: row.dates.start,
    endDate: row.dates.end,
    span: span(row.dates),
  })
  // Only the rows of the page asked for are placed and named: the others are only counted.
  const present = ({ person, own, leave, marks }: Candidate): ScheduleRow => ({
    person,
    bars: [...own].sort((a, b) => a.dates.start.localeCompare(b.dates.start)).map(bar),
    leave: leave.map((period) => ({ startDate: period.range.start, endDate: period.range.end, note: period.note, span: span(period.range) })),
    overlaps: marks.map(({ kind, days }) => ({ kind, startDate: days.start, endDate: days.end, span: span(days) })),
  })
  const presentLine = (line: Placeholder): SchedulePlaceholder => {
    const role: Ref = { _id: line.roleId, name: plans.roleNames.get(line.roleId) ?? roleName.get(line.roleId) ?? '' }
    const project: Ref = { _id: line.projectId, name: plans.projectNames.get(line.projectId) ?? '' }
    const instance: Ref = { _id: line.instanceId, name: plans.instanceNames.get(line.instanceId) ?? '' }
    const clusterLabel = plans.labelOf(line.clusterIds)
    return {
      role,
      project,
      instance,
      clusterIds: [...line.clusterIds],
      clusterLabel,
      needed: line.needed,
      hireBy: line.hireBy,
      daysLeft: line.daysLeft,
      startDate: line.dates.start,
      endDate: line.dates.end,
      span: span(line.dates),
      label: placeholderLabel(role.name, line.needed, placeLabel({ project: project.name, instance: instance.name, cluster: clusterLabel }), line.hireBy),
    }
  }

  const paged = pageOfGroups(rows.groups, query.page ?? 1, PAGE_SIZE)
  return {
    today,
    zoom,
    group,
    window: { start: window.start, end: window.end, days: window.days, previous: window.previous, next: window.next },
    columns: window.columns,
    groups: paged.groups.map((entry): ScheduleGroup => ({ key: entry.key, rows: entry.rows.map(present), placeholders: entry.placeholders.map(presentLine) })),
    page: paged.page,
    total: paged.total,
    pageSize: PAGE_SIZE,
    projects: [...plans.projectNames].map(([_id, name]) => ({ _id, name })).sort(byName),
    roles: reading.roleRows.map((role) => ({ _id: role.id, name: role.name })).sort(byName),
    locations: [...rows.locations],
  }
}

/**
 * The Schedule's rows for a query but its page: everyone active who passes its filters, grouped and
 * in order, and the unfilled demand of each group. What the API keeps per query (api/read-model/
 * answers.ts), so a page costs only its own rows while nothing changes; given the rows of the same
 * query from before a change (`before`), a person's rows are worked out again only when their
 * assignments, leave or conflicts are not the very ones they were worked out from (the kept
 * readings keep those of the people a change did not touch), the others are placed as they were.
 */
export function scheduleRows(reading: ScheduleReading, query: ScheduleQuery, today: Day, before?: ScheduleRows): ScheduleRows {
  const { plans } = reading
  const group = query.group ?? 'role'
  const window = scheduleWindow(query.zoom ?? 'weeks', today, query.from, query.span ?? DEFAULT_SPAN)
  const roleName = new Map(reading.roleRows.map((role) => [role.id, role.name]))
  const location = query.location?.toLowerCase()
  const groups = new Map<string, ScheduleRowGroup>()
  const groupOf = (id: string | null, key: () => { _id: string | null; name: string }) => {
    let found = groups.get(id ?? '')
    if (!found) groups.set(id ?? '', (found = { key: key(), rows: [], placeholders: [] }))
    return found
  }
  const keyOf = (id: string | null) => () =>
    group === 'role' ? { _id: id, name: (id && roleName.get(id)) || NO_ROLE } : id === null ? { _id: null, name: NO_PROJECT } : { _id: id, name: plans.projectNames.get(id) ?? '' }
  // The people in the Schedule's order, so each group's rows are in it as they are added.
  const roster = reading.rosterInOrder ? reading.roster : [...reading.roster].sort(byPersonName)
  const kept = before && before.people.from.roster === reading.roster ? before.people : undefined
  const whole = new Map<string, readonly (readonly [string | null, Candidate])[]>()
  let rowsOf: ReadonlyMap<string, readonly (readonly [string | null, Candidate])[]> = whole
  const rowsOfPerson = (person: RosterPerson): (readonly [string | null, Candidate])[] => {
    if (query.roleId && person.roleId !== query.roleId) return []
    if (location && locationOf(person).toLowerCase() !== location) return []
    const inWindow = (reading.assignmentsOf.get(person._id) ?? []).filter((row): row is Assignment & { dates: Range } => row.dates !== null && overlaps(row.dates, window))
    if (query.projectId && !inWindow.some((row) => row.projectId === query.projectId)) return []
    const leave = (reading.leaveOf.get(person._id) ?? []).filter((period) => overlaps(period.range, window))
    const found = reading.found.get(person._id) ?? []
    const who: PersonRef = { _id: person._id, fullName: person.fullName, email: person.email }
    const candidate = (own: (Assignment & { dates: Range })[]): Candidate => ({ person: who, own, leave, marks: found.length ? overlapsOf(found, new Set(own.map((row) => row.id)), window) : [] })
    const rows: (readonly [string | null, Candidate])[] = []
    if (group === 'role') rows.push([person.roleId, candidate(inWindow)])
    else {
      const projectIds = [...new Set(inWindow.map((row) => row.projectId))].filter((id) => !query.projectId || id === query.projectId)
      for (const projectId of projectIds) rows.push([projectId, candidate(inWindow.filter((row) => row.projectId === projectId))])
      if (projectIds.length === 0) rows.push([null, candidate([])])
    }
    return rows.filter(([, row]) => !query.conflictsOnly || row.marks.length > 0)
  }
  const rank = kept ? kept.rank : new Map(roster.map((person, at) => [person._id, at]))
  const moved = reading.moved
  if (!query.unfilledOnly && kept && moved && moved.from === kept.from.assignmentsOf && reading.leaveOf === kept.from.leaveOf) {
    // Only the people whose assignments moved: their rows are worked out again and put in place in
    // their groups (each in the roster's order, found by halving); everyone else's stay where they were.
    // A group's kept rows are shared until a row of it moves: most groups keep every row.
    for (const entry of before!.groups) if (entry.rows.length) groups.set(entry.key._id ?? '', { key: keyOf(entry.key._id)(), rows: entry.rows, placeholders: [] })
    const copied = new Set<ScheduleRowGroup>()
    const ownRows = (entry: ScheduleRowGroup) => {
      if (!copied.has(entry)) {
        entry.rows = entry.rows.slice()
        copied.add(entry)
      }
      return entry.rows
    }
    const patched = moved.people.size ? new Map(kept.rowsOf) : null
    const fresh: (readonly [string | null, Candidate])[] = []
    for (const id of moved.people) {
      const at = rank.get(id)
      if (at === undefined) continue
      for (const [groupId] of kept.rowsOf.get(id) ?? []) {
        const entry = groups.get(groupId ?? '')!
        const index = placeOf(entry.rows, at)
        if (entry.rows[index]?.person._id === id) ownRows(entry).splice(index, 1)
      }
      const rows = rowsOfPerson(roster[at]!)
      patched!.set(id, rows)
      fresh.push(...rows)
    }
    for (const [groupId, row] of fresh) {
      const rows = ownRows(groupOf(groupId, keyOf(groupId)))
      rows.splice(placeOf(rows, rank.get(row.person._id)!), 0, row)
    }
    for (const [id, entry] of groups) if (entry.rows.length === 0) groups.delete(id)
    rowsOf = patched ?? kept.rowsOf
  } else if (!query.unfilledOnly) {
    for (const person of roster) {
      const id = person._id
      const same =
        kept &&
        reading.assignmentsOf.get(id) === kept.from.assignmentsOf.get(id) &&
        reading.leaveOf.get(id) === kept.from.leaveOf.get(id) &&
        reading.found.get(id) === kept.from.found.get(id)
      const rows = (same && kept.rowsOf.get(id)) || rowsOfPerson(person)
      whole.set(id, rows)
      for (const [groupId, row] of rows) groupOf(groupId, keyOf(groupId)).rows.push(row)
    }
  }

  // Unfilled demand is no person: the filters of people alone ("only people with conflicts", a work
  // location: demand has none) leave it out.
  if (!query.conflictsOnly && !location) {
    for (const line of demandOver(reading, today, window)) {
      if ((query.projectId && line.projectId !== query.projectId) || (query.roleId && line.roleId !== query.roleId)) continue
      const id = group === 'role' ? line.roleId : line.projectId
      const key = () => (group === 'role' ? { _id: line.roleId, name: plans.roleNames.get(line.roleId) ?? roleName.get(line.roleId) ?? '' } : { _id: line.projectId, name: plans.projectNames.get(line.projectId) ?? '' })
      groupOf(id, key).placeholders.push(line)
    }
  }

  // Groups by name, the people of no role (or no project) last; people by name, as the roster is.
  const ordered = [...groups.values()].sort((a, b) => Number(a.key._id === null) - Number(b.key._id === null) || byName(a.key, b.key))
  const locations = kept ? before!.locations : [...new Set(reading.roster.map(locationOf))].sort(compareLocations)
  return { window, groups: ordered, locations, people: { from: { roster: reading.roster, assignmentsOf: reading.assignmentsOf, leaveOf: reading.leaveOf, found: reading.found }, rowsOf, rank } }

  /** Where a person of roster place `at` is, or goes, among rows in the roster's order. */
  function placeOf(rows: readonly Candidate[], at: number) {
    let low = 0
    let high = rows.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (rank.get(rows[middle]!.person._id)! < at) low = middle + 1
      else high = middle
    }
    return low
  }
}
