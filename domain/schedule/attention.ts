import { sharedSpan, type Conflict } from './assignments'
import { addDays, type Day } from './calendar'
import { hireStatus, type Slot } from './capacity'
import { CONFLICT_WINDOWS } from './limits'

/**
 * The Attention strip: what a planner must act on now, most urgent first, from the same
 * reading as the dashboard's figures and the hire-by queue, so that none of them tells another story.
 */

export interface AttentionOf<Line> {
  /** Hire-by dates passed: how many lines, how many people, and the line late the longest. */
  overdue: { lines: number; people: number; oldest: Line | null }
  /** Hire-by dates within the next DUE_DAYS days (capacity.ts). */
  due: { lines: number; people: number }
  /**
   * People with a conflict under way or starting within 30 and within 90 days: ongoing ones count,
   * as they need a fix soonest; past ones (all shared days over) never do.
   */
  conflicts: { within30: number; within90: number }
  /** Requirement on clusters without dates, which no month and no hire-by date can hold. */
  undated: { people: number; clusters: number }
}

/**
 * `queue`: the whole hire-by queue (capacity.ts hireQueue's rules), `upcoming`: everyone's
 * conflicts not yet over (assignments.ts byTime), `slots`: every slot of every plan.
 */
export function attention<Line extends { daysLeft: number; needed: number }>(
  queue: readonly Line[],
  upcoming: ReadonlyMap<string, readonly Conflict[]>,
  slots: readonly Slot[],
  today: Day,
): AttentionOf<Line> {
  return { ...hiresDue(queue), conflicts: conflictsAhead(upcoming, today), undated: undatedRequirement(slots) }
}

/** The strip's hires: lines whose hire-by date passed, and those due within DUE_DAYS. */
export function hiresDue<Line extends { daysLeft: number; needed: number }>(queue: readonly Line[]): Pick<AttentionOf<Line>, 'overdue' | 'due'> {
  const overdue = { lines: 0, people: 0, oldest: null as Line | null }
  const due = { lines: 0, people: 0 }
  for (const line of queue) {
    const status = hireStatus(line.daysLeft)
    if (status === 'overdue') {
      overdue.lines++
      overdue.people += line.needed
      if (!overdue.oldest || line.daysLeft < overdue.oldest.daysLeft) overdue.oldest = line
    } else if (status === 'due') {
      due.lines++
      due.people += line.needed
    }
  }
  return { overdue, due }
}

/** The strip's conflicts: people whose conflicts not yet over (`upcoming`) start within 30 and within 90 days, or are under way. */
export function conflictsAhead(upcoming: ReadonlyMap<string, readonly Conflict[]>, today: Day): AttentionOf<never>['conflicts'] {
  const near = addDays(today, CONFLICT_WINDOWS[0])
  const far = addDays(today, CONFLICT_WINDOWS[1])
  const conflicts = { within30: 0, within90: 0 }
  for (const personal of upcoming.values()) {
    // The first shared day of the person's conflicts not yet over (byTime keeps only those).
    const first = sharedSpan(personal)?.start
    if (first === undefined) continue
    if (first <= near) conflicts.within30++
    if (first <= far) conflicts.within90++
  }
  return conflicts
}

/**
 * The strip's undated requirement: people and clusters (a cluster counted once per project). A
 * cluster is one project's, so the counts of several projects' slots are the sums of each project's.
 */
export function undatedRequirement(slots: readonly Slot[]): AttentionOf<never>['undated'] {
  const clusters = new Set<string>()
  let people = 0
  for (const slot of slots) {
    if (slot.dates || slot.requirement === 0) continue
    people += slot.requirement
    clusters.add(`${slot.projectId}|${slot.clusterKey}`)
  }
  return { people, clusters: clusters.size }
}
