import type { Attention } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { CONFLICT_WINDOWS, DUE_DAYS } from '#domain/schedule/limits'

/**
 * The Attention strip's lines, most urgent first, each with where it is acted on: late
 * and due hires on Capacity's queue, conflicts on /conflicts, clusters without dates on Cluster
 * Timelines. Only what needs doing is listed. Pure (tests/unit/attention.test.ts).
 */

export interface AttentionItem {
  key: 'overdue' | 'due' | 'conflicts' | 'undated'
  /** The figure and what it counts: "9 hires overdue". */
  headline: string
  /** What else helps decide: the oldest late hire, the wider window. */
  detail: string
  href: string
}

/** Where Capacity's hire-by queue begins. */
export const HIRE_QUEUE_ID = 'hire-queue'

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function attentionItems(attention: Attention): AttentionItem[] {
  const items: AttentionItem[] = []
  const queue = `/capacity#${HIRE_QUEUE_ID}`
  const { overdue, due, conflicts, undated } = attention
  if (overdue.lines > 0) {
    const oldest = overdue.oldest!
    items.push({
      key: 'overdue',
      headline: `${count(overdue.lines, 'hire', 'hires')} overdue`,
      detail: `${count(overdue.people, 'person', 'people')} to hire. Oldest: ${oldest.role.name} for ${oldest.project.name} / ${oldest.clusterLabel}, hire by ${formatDate(oldest.hireBy)}, ${count(-oldest.daysLeft, 'day', 'days')} late`,
      href: queue,
    })
  }
  if (due.lines > 0) {
    items.push({ key: 'due', headline: `${count(due.lines, 'hire', 'hires')} due within ${DUE_DAYS} days`, detail: `${count(due.people, 'person', 'people')} to hire`, href: queue })
  }
  const [near, far] = CONFLICT_WINDOWS
  if (conflicts.within90 > 0) {
    items.push(
      conflicts.within30 > 0
        ? { key: 'conflicts', headline: `${count(conflicts.within30, 'person', 'people')} in conflict within ${near} days`, detail: `${conflicts.within90} within ${far} days`, href: '/conflicts' }
        : { key: 'conflicts', headline: `${count(conflicts.within90, 'person', 'people')} in conflict within ${far} days`, detail: `None within ${near} days`, href: '/conflicts' },
    )
  }
  if (undated.people > 0) {
    items.push({
      key: 'undated',
      headline: `${count(undated.people, 'person needs', 'people need')} dates`,
      detail: `${count(undated.clusters, 'cluster has', 'clusters have')} no dates, so no month or hire-by date counts them`,
      href: '/project-cluster-timelines',
    })
  }
  return items
}
