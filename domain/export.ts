import { DEFAULT_ACCOUNT_ROLE } from './constants'

// UTC: a date-only value ('1990-04-12') is midnight UTC, and the server's and the browser's
// renderings of a timestamp must agree, whatever either machine's time zone. One formatter for
// every call: toLocaleDateString builds a new one each time, which on a list of 1,000 users cost
// more than rendering it.
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' })

/** Dates in en-US numeric form (administration document §9), or null for none or an invalid one. */
export function formatDate(value: string | null | undefined) {
  if (!value) return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  return dateFormat.format(date)
}

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
