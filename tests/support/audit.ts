import { and, desc, eq, sql } from 'drizzle-orm'
import { auditEntries } from '#api/db/schema'
import type { Api } from './api-harness'

/** The audit entries about one entity (or one person, or one project), newest first. */
export const entriesAbout = (api: Api, about: { entityId?: string; subjectId?: string; projectId?: string; entityType?: string }) =>
  api.db
    .select()
    .from(auditEntries)
    .where(
      and(
        about.entityId ? eq(auditEntries.entityId, about.entityId) : undefined,
        about.subjectId ? eq(auditEntries.subjectId, about.subjectId) : undefined,
        about.projectId ? eq(auditEntries.projectId, about.projectId) : undefined,
        about.entityType ? eq(auditEntries.entityType, about.entityType as never) : undefined,
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))

/** How many entries the log holds. */
export const entryCount = async (api: Api) => (await api.db.select({ n: sql<number>`count(*)::int` }).from(auditEntries))[0]!.n

/**
 * Runs `write` while every insert into the audit log fails (a trigger raising an error), then
 * removes the trigger: the write's own change must then be gone too, proving entry and change share
 * one transaction (issue 31).
 */
export async function withFailingAudit<T>(api: Api, write: () => Promise<T>): Promise<T> {
  await api.db.execute(sql`create or replace function audit_refuses() returns trigger language plpgsql as $$ begin raise exception 'injected audit failure'; end $$`)
  await api.db.execute(sql`create trigger audit_refuses before insert on audit_entries for each row execute function audit_refuses()`)
  try {
    return await write()
  } finally {
    await api.db.execute(sql`drop trigger audit_refuses on audit_entries`)
  }
}
