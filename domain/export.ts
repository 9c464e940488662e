import { DEFAULT_ACCOUNT_ROLE } from './constants'
import { startsLikeFormula } from './text'

export const EXPORT_SHEET = 'Users'
export const EXPORT_COLUMNS = ['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'] as const
export const EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const MISSING = 'N/A'

/** users_export_{YYYY-MM-DD}.xlsx, dated by the UTC day of the export. */
export const exportFileName = (now: Date) => `users_export_${now.toISOString().slice(0, 10)}.xlsx`

/**
 * A spreadsheet application runs text starting with =, +, - or @ as a formula, some of them after
 * white space or invisible characters, or in full-width (＝): an employee could put one in their
 * name (domain/text.ts `startsLikeFormula`). A leading quote keeps it text; so it does before a
 * leading tab or carriage return.
 */
export const neutraliseCell = (value: string) => (/^[\t\r]/.test(value) || startsLikeFormula(value) ? `'${value}` : value)

export interface ExportedUser {
  fullName?: string | null
  email?: string | null
  role?: string | null
  status?: string | null
  createdAt?: string | null
  profile?: { professional?: { employId?: string | null } | null } | null
}

/**
 * A day as a spreadsheet date cell: midnight UTC of the value's UTC day, which write-excel-file
 * writes as that day's serial number, so the cell sorts and filters as a date. Null for no valid date.
 */
export function spreadsheetDay(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
}
/** How the export shows its date cells: as the screens write dates (en-US, 1/31/2025). */
export const SPREADSHEET_DATE_FORMAT = 'm/d/yyyy'

/** One row per user, in EXPORT_COLUMNS order: text cells, Joined Date a date cell; missing ones 'N/A'. */
export function exportRows(users: readonly ExportedUser[]): (string | Date)[][] {
  return users.map((user) => {
    const text = [user.profile?.professional?.employId || MISSING, user.fullName || MISSING, user.email || MISSING, user.role || DEFAULT_ACCOUNT_ROLE, user.status || 'Active']
    return [...text.map(neutraliseCell), spreadsheetDay(user.createdAt) ?? MISSING]
  })
}
