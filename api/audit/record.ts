import type { AuditAction, AuditEntityType, AuditFieldChange } from '#domain/contracts/audit'
import { isSecretField } from '#domain/audit'
import type { Executor } from '#api/db/client'
import { auditEntries } from '#api/db/schema'

/** Who made a change: a signed-in person (their name or email as it is now), or the system. */
export type Actor = { id: string; name: string } | 'system'

/** An actor from a session's user: their name, else their email. */
export const actorOf = (user: { id: string; fullName: string | null; email: string }): Actor => ({ id: user.id, name: user.fullName || user.email })

export interface Change {
  entityType: AuditEntityType
  entityId: string
  /** What a reader of the log calls it: a person's name, a project's, "Tower B / Foundation". */
  label: string
  action: AuditAction
  /** Before → after (domain/audit.ts `fieldChanges`); secrets are masked here again whoever built them. */
  changes?: AuditFieldChange[]
  /** The person it is about, when it is about one. */
  subjectId?: string | null
  /** The project it belongs to, when it belongs to one. */
  projectId?: string | null
}

/**
 * Writes changes to the audit log. Call it with the transaction that made them, so an entry exists
 * exactly when its change committed. One insert for all of them.
 */
export async function recordChanges(tx: Executor, actor: Actor, at: Date, changes: readonly Change[]) {
  if (changes.length === 0) return
  await tx.insert(auditEntries).values(
    changes.map((change) => ({
      at,
      actorId: actor === 'system' ? null : actor.id,
      actorName: actor === 'system' ? 'system' : actor.name,
      entityType: change.entityType,
      entityId: change.entityId,
      label: change.label,
      action: change.action,
      changes: (change.changes ?? []).map((field) => (isSecretField(field.field) ? { field: field.field, secret: true as const } : field)),
      subjectId: change.subjectId ?? null,
      projectId: change.projectId ?? null,
    })),
  )
}

/** One change. */
export const recordChange = (tx: Executor, actor: Actor, at: Date, change: Change) => recordChanges(tx, actor, at, [change])
