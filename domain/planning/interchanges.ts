import { INTERCHANGE_PEOPLE_MIN, planningMessages } from './messages'

/** One row of the Manage Interchanges dialog, as typed: any field may still be empty. */
export interface InterchangeRow {
  interchangePeople?: number | string | null
  interchangeFrom?: { entityId?: string | null; clusterId?: string | null } | null
}

/** The people of a row as a number, or null while the field is empty or not a number. */
export function peopleOf(row: InterchangeRow): number | null {
  const value = row.interchangePeople
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value)
    return Number.isFinite(number) ? number : null
  }
  return null
}

/** People coming from other clusters. A negative row adds nothing: it is refused anyway, and must not raise Direct. */
export const totalInterchange = (rows: readonly InterchangeRow[]) => rows.reduce((sum, row) => sum + Math.max(0, peopleOf(row) ?? 0), 0)

/** The dialog's read-only Direct count: planned minus the interchange total, minimum 0 (spec/administration-planning.md §5). */
export const direct = (planned: number, rows: readonly InterchangeRow[]) => Math.max(0, planned - totalInterchange(rows))

/** Add Interchange is enabled only while the total is below planned (spec/administration-planning.md §2). */
export const canAddInterchange = (planned: number, rows: readonly InterchangeRow[]) => totalInterchange(rows) < planned

/**
 * The first of the dialog's rules (spec/administration-planning.md §5) the rows break, or null: a row missing its entity, cluster
 * or people; then people below 1; then a total over planned (which also disables Save).
 */
export function interchangeProblem(planned: number, rows: readonly InterchangeRow[]): string | null {
  const incomplete = rows.some((row) => !row.interchangeFrom?.entityId || !row.interchangeFrom?.clusterId || peopleOf(row) === null)
  if (incomplete) return planningMessages.interchangeFieldsRequired
  if (rows.some((row) => (peopleOf(row) ?? 0) < INTERCHANGE_PEOPLE_MIN)) return planningMessages.interchangePeopleMin
  if (totalInterchange(rows) > planned) return planningMessages.interchangeExceedsPlanned
  return null
}
