import type { AssignmentRow, LeaveRow } from '#domain/contracts/schedule'
import { daysBetween } from './calendar'

/** How many of their next assignments the dashboard shows a person. */
export const UPCOMING_MAX = 5

/** A person's next assignments: those not yet over, soonest first, then the undated ones; at most UPCOMING_MAX. */
export const upcoming = (rows: readonly AssignmentRow[], today: string) =>
  rows.filter((row) => !row.endDate || row.endDate >= today).slice(0, UPCOMING_MAX)

/** A person's assignments already over, the latest first (My assignments lists them behind a toggle). */
export const pastAssignments = (rows: readonly AssignmentRow[], today: string) =>
  rows.filter((row) => row.endDate !== null && row.endDate < today).sort((a, b) => b.endDate!.localeCompare(a.endDate!) || b.startDate!.localeCompare(a.startDate!))

/** A person's leave not yet over. */
export const leaveAhead = (rows: readonly LeaveRow[], today: string) => rows.filter((period) => period.endDate >= today)

/** A person's leave already over, the latest first: listed apart, so past leave never reads as none. */
export const leaveBehind = (rows: readonly LeaveRow[], today: string) =>
  rows.filter((period) => period.endDate < today).sort((a, b) => b.startDate.localeCompare(a.startDate))

const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`)

/**
 * When an assignment is, in words, counted in whole days from `today`: "Starts in 5
 * days", "Starts tomorrow", "Starts today"; once begun "Started, ends in 3 days" (to the last day,
 * "Started, ends today"); "Ended" once over; "Dates not set yet" for an undated one.
 */
export function whenLabel(row: Pick<AssignmentRow, 'startDate' | 'endDate'>, today: string) {
  if (!row.startDate || !row.endDate) return 'Dates not set yet'
  if (row.endDate < today) return 'Ended'
  if (row.startDate >= today) return `Starts ${inDays(daysBetween(today, row.startDate))}`
  return `Started, ends ${inDays(daysBetween(today, row.endDate))}`
}
