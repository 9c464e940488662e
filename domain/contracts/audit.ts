/** The audit log's entries: what GET /api/audit answers and what the stores write. */

export const AUDIT_ACTIONS = ['created', 'changed', 'removed'] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** What an entry can be about, as the /audit filter names it. */
export const AUDIT_ENTITY_TYPES = ['user', 'profile', 'role', 'leave', 'category', 'entity', 'cluster', 'template', 'planning', 'project', 'instance', 'tag', 'cluster dates'] as const
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number]

/**
 * One field of a change, before → after. A secret (a password, a code, a token, a salary) has
 * neither: `secret` says only that it changed (domain/audit.ts).
 */
export interface AuditFieldChange {
  field: string
  before?: unknown
  after?: unknown
  secret?: true
}

/** GET /api/audit: one change. */
export interface AuditEntry {
  _id: string
  at: string
  /**
   * `_id` null for the system. `name` as it was when the change was made; `email`, the account's
   * (login emails never change), which tells apart two people who chose one name: null for the
   * system and for an account since removed.
   */
  actor: { _id: string | null; name: string; email: string | null }
  entityType: AuditEntityType
  entityId: string
  label: string
  action: AuditAction
  changes: AuditFieldChange[]
  subjectId: string | null
  projectId: string | null
}

/** GET /api/audit: a page of entries, newest first, and how many match in all. */
export interface AuditPage {
  entries: AuditEntry[]
  total: number
}
