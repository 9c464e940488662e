import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import type { AuditEntry, AuditPage } from '#domain/contracts/audit'
import { auditWindow, dayRangeIn, type AuditQuery } from '#domain/audit-query'
import type { Executor } from '#api/db/client'
import { auditEntries, users } from '#api/db/schema'

/** Reading the audit log: newest first, a page at a time, with how many entries match in all. */

type Row = typeof auditEntries.$inferSelect

export const presentEntry = ({ entry: row, actorEmail }: { entry: Row; actorEmail: string | null }): AuditEntry => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: { _id: row.actorId, name: row.actorName, email: actorEmail },
  entityType: row.entityType,
  entityId: row.entityId,
  label: row.label,
  action: row.action,
  changes: row.changes,
  subjectId: row.subjectId,
  projectId: row.projectId,
})

/**
 * One page of the entries matching `where`. Two queries: the page (the index on `at`, or the
 * filter's own, read from its newest end) and the count, asked apart: `count(*) over ()` would read
 * and sort every matching entry to return fifty.
 */
async function page(db: Executor, where: SQL | undefined, window: { limit: number; offset: number }): Promise<AuditPage> {
  const [rows, [counted]] = await Promise.all([
    // The actor's email beside their name: one look-up by primary key per entry of the page.
    db
      .select({ entry: auditEntries, actorEmail: users.email })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.actorId))
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(auditEntries).where(where),
  ])
  return { entries: rows.map(presentEntry), total: counted!.total }
}

/** GET /api/audit: every filter given applies; `from`–`to` are days in `timeZone`. */
export function readAudit(db: Executor, query: AuditQuery, timeZone: string) {
  const { since, before } = dayRangeIn(query, timeZone)
  const where = and(
    query.person ? or(eq(auditEntries.actorId, query.person), eq(auditEntries.subjectId, query.person)) : undefined,
    query.entityType ? eq(auditEntries.entityType, query.entityType) : undefined,
    query.projectId ? eq(auditEntries.projectId, query.projectId) : undefined,
    since ? gte(auditEntries.at, since) : undefined,
    before ? lt(auditEntries.at, before) : undefined,
  )
  return page(db, where, auditWindow(query))
}

/**
 * GET /api/users/{id}/audit: the changes made to one person, their account, profile, leave and
 * assignments; null when there is no such person (their entries outlive them, the page does not).
 */
export async function readPersonAudit(db: Executor, personId: string, query: { page?: number; limit?: number }): Promise<AuditPage | null> {
  const [[person], changes] = await Promise.all([db.select({ id: users.id }).from(users).where(eq(users.id, personId)), page(db, eq(auditEntries.subjectId, personId), auditWindow(query))])
  return person ? changes : null
}
