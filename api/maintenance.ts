import { lt, or } from 'drizzle-orm'
import { ADDRESS_WINDOW_MS, SESSION_IDLE_MS } from '#domain/constants'
import type { Executor } from './db/client'
import { oneTimeCodes, passwordResets, profileDrafts, rateEvents, sessions } from './db/schema'

// The longest window anything counts rows over: the hourly code limit and the per-address limits.
const LONGEST_WINDOW_MS = ADDRESS_WINDOW_MS

/**
 * Deletes what can no longer be used or counted: expired profile drafts, reset links and sessions,
 * codes and rate events older than the longest window. Anonymous drafts would otherwise pile up.
 */
export async function purgeExpired(db: Executor, now: Date) {
  const countedSince = new Date(now.getTime() - LONGEST_WINDOW_MS)
  await db.delete(profileDrafts).where(lt(profileDrafts.expiresAt, now))
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, countedSince))
  await db.delete(oneTimeCodes).where(lt(oneTimeCodes.expiresAt, countedSince))
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
  await db.delete(rateEvents).where(lt(rateEvents.at, countedSince))
}
