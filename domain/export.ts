import { DEFAULT_ACCOUNT_ROLE } from './constants'
import { formatDate } from './dates'

export { formatDate }

export const EXPORT_SHEET = 'Users'
export const EXPORT_COLUMNS = ['Employee ID', 'Full Name', 'Email', 'Role', 'Status', 'Joined Date'] as const
export const EXPORT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const MISSING = 'N/A'

/** users_export_{YYYY-MM-DD}.xlsx, dated by the UTC day of the export. */
export const exportFileName = (now: Date) => `users_export_${now.toISOString().slice(0, 10)}.xlsx`

/**
 * A spreadsheet application runs text starting with =, +, - or @ (or a tab or carriage return
 * before one) as a formula: an employee could put one in their name. A leading quote keeps it text.
 */
export const neutraliseCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

export interface ExportedUser {
  fullName?: string | null
  email?: string | null
  role?: string | null
  status?: string | null
  createdAt?: string | null
  profile?: { professional?: { employId?: string | null } | null } | null
}

/** One row per user, in EXPORT_COLUMNS order: every cell text, missing ones 'N/A'. */
export function exportRows(users: readonly ExportedUser[]): string[][] {
  return users.map((user) =>
    [
      user.profile?.professional?.employId || MISSING,
      user.fullName || MISSING,
      user.email || MISSING,
      user.role || DEFAULT_ACCOUNT_ROLE,
      user.status || 'Active',
      formatDate(user.createdAt) ?? MISSING,
    ].map(neutraliseCell),
  )
}
