import type { AssignmentRow, LeaveRow } from '#domain/contracts/schedule'

/** How many of their next assignments the dashboard shows a person. */
export const UPCOMING_MAX = 5

/** A person's next assignments: those not yet over, soonest first, then the undated ones; at most UPCOMING_MAX. */
export const upcoming = (rows: readonly AssignmentRow[], today: string) =>
  rows.filter((row) => !row.endDate || row.endDate >= today).slice(0, UPCOMING_MAX)

/** A person's leave not yet over. */
export const leaveAhead = (rows: readonly LeaveRow[], today: string) => rows.filter((period) => period.endDate >= today)
