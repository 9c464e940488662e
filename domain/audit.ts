import type { AuditFieldChange } from './contracts/audit'
import { readsAs } from './text'

/**
 * What the log calls the portal's own changes (the seed, a start-up task): shown marked and without
 * an email, where a person is always shown with theirs, and a name no person may take.
 */
export const SYSTEM_ACTOR_LABEL = 'System'
/** Whether a name reads as the system's, whatever its case, width or invisible characters. */
export const isSystemName = (name: string) => readsAs(name.trim()) === readsAs(SYSTEM_ACTOR_LABEL)

/**
 * Fields whose values never enter the audit log: that they changed is recorded, not
 * what they were or became. Matched on the field's last part, whatever its section, so
 * `financial.previousOrgSalary` is caught whoever writes it.
 */
const SECRET_FIELDS = new Set(['password', 'passwordhash', 'code', 'codehash', 'otp', 'token', 'tokenhash', 'salary', 'previousorgsalary'])

export const isSecretField = (field: string) => SECRET_FIELDS.has((field.split('.').at(-1) ?? field).toLowerCase())

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The fields that differ between two readings of a row, before → after, secrets masked. Fields
 * only one side has count as changed from or to nothing. `null` before means the row was created,
 * `null` after that it was removed: every field it had is listed.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return fields.flatMap((field): AuditFieldChange[] => {
    const was = before?.[field] ?? null
    const is = after?.[field] ?? null
    if (same(was, is)) return []
    if (isSecretField(field)) return [{ field, secret: true }]
    return [{ field, ...(before ? { before: was } : {}), ...(after ? { after: is } : {}) }]
  })
}

/** A change of one secret field: that it changed, nothing more. */
export const secretChange = (field: string): AuditFieldChange => ({ field, secret: true })
