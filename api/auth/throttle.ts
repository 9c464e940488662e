import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { rateEvents } from '#api/db/schema'

export interface Limit {
  key: string
  max: number
}

/**
 * Sliding-window counters kept as rows, so every API process sees the same counts (DESIGN §3).
 * Returns the seconds until the first exceeded limit frees a slot, or null when all are under.
 */
export async function secondsUntilAllowed(db: Executor, limits: Limit[], now: Date, windowMs: number) {
  if (limits.length === 0) return null
  const since = new Date(now.getTime() - windowMs)
  const rows = await db
    .select({ key: rateEvents.key, count: sql<number>`count(*)::int`, oldest: sql<Date>`min(${rateEvents.at})` })
    .from(rateEvents)
    .where(and(inArray(rateEvents.key, limits.map((l) => l.key)), gt(rateEvents.at, since)))
    .groupBy(rateEvents.key)
  let wait: number | null = null
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)
    if (!limit || row.count < limit.max) continue
    const oldest = new Date(row.oldest).getTime()
    const seconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000))
    wait = Math.max(wait ?? 0, seconds)
  }
  return wait
}

export async function recordEvents(db: Executor, keys: string[], now: Date, windowMs: number) {
  await db.insert(rateEvents).values(keys.map((key) => ({ key, at: now })))
  // Old rows of these keys are no longer counted: drop them so the table stays small.
  await db.delete(rateEvents).where(and(inArray(rateEvents.key, keys), lt(rateEvents.at, new Date(now.getTime() - windowMs))))
}

export const clearEvents = (db: Executor, key: string) => db.delete(rateEvents).where(eq(rateEvents.key, key))
