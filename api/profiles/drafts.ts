import { and, eq, gt } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { profileDrafts } from '#api/db/schema'

/**
 * The profile form of someone asked to sign in first, kept as a row under the hash of a cookie
 * token. A draft is no one's record yet, so its writes are not audited (docs/decisions.md).
 */

/** The draft under this key, while it has not expired; null otherwise. */
export async function readDraft(db: Executor, key: string, now: Date) {
  const [row] = await db
    .select({ data: profileDrafts.data })
    .from(profileDrafts)
    .where(and(eq(profileDrafts.tokenHash, key), gt(profileDrafts.expiresAt, now)))
  return row?.data ?? null
}

/** Whether a draft row is kept under this key (expired or not): saving again reuses its token. */
export async function draftIsKept(db: Executor, key: string) {
  const [row] = await db.select({ key: profileDrafts.tokenHash }).from(profileDrafts).where(eq(profileDrafts.tokenHash, key))
  return row !== undefined
}

/** Saves a draft under its key, new or again. */
export const saveDraft = (db: Executor, values: typeof profileDrafts.$inferInsert) =>
  db.insert(profileDrafts).values(values).onConflictDoUpdate({ target: profileDrafts.tokenHash, set: values })

export const deleteDraft = (db: Executor, key: string) => db.delete(profileDrafts).where(eq(profileDrafts.tokenHash, key))
