import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { ADDRESS_WINDOW_MS, DEFAULT_SIGNUPS_PER_ADDRESS_PER_HOUR, LEAVE_FOR_OTHERS_PER_HOUR, SELF_SERVICE_WINDOW_MS, SELF_SERVICE_WRITES_PER_HOUR } from '#domain/constants'
import type { Executor } from '#api/db/client'
import { transaction, type PublicContext } from '#api/context'
import { rateEvents } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { tooMany } from '#api/refusals'

export interface Limit {
  key: string
  max: number
}

/**
 * Sliding-window counters kept as rows, so every API process sees the same counts (DESIGN §3).
 * Returns the seconds until the first exceeded limit frees a slot, or null when all are under.
 */
async function secondsUntilAllowed(db: Executor, limits: Limit[], now: Date, windowMs: number) {
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

export type Reservation = { wait: number } | { wait: null; ids: string[] }

/**
 * Takes one slot under every limit, or none: the count and the taking are one step per key (an
 * advisory lock on each key, taken in a fixed order), so however many requests race, no more than
 * `max` hold a slot in a window. A slot counts until released (a success gives it back).
 */
export async function reserve(ctx: PublicContext, limits: Limit[], windowMs: number): Promise<Reservation> {
  const { now } = ctx
  const keys = limits.map((limit) => limit.key).sort()
  return transaction(ctx, async ({ db: tx }) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    const wait = await secondsUntilAllowed(tx, limits, now, windowMs)
    if (wait !== null) return { wait }
    const taken = await tx.insert(rateEvents).values(keys.map((key) => ({ key, at: now }))).returning({ id: rateEvents.id })
    // Rows past the window no longer count: dropped so the table stays small.
    await tx.delete(rateEvents).where(and(inArray(rateEvents.key, keys), lt(rateEvents.at, new Date(now.getTime() - windowMs))))
    return { wait: null, ids: taken.map((row) => row.id) }
  })
}

/** Gives a reservation's slots back. */
export const release = (db: Executor, ids: string[]) => (ids.length ? db.delete(rateEvents).where(inArray(rateEvents.id, ids)) : Promise.resolve())

export const clearEvents = (db: Executor, key: string) => db.delete(rateEvents).where(eq(rateEvents.key, key))

/**
 * One more sign-up, reset request or new draft from the request's address, or a too-many refusal with waitTime:
 * each mails someone or stores a row, so a client may make only so many an hour.
 */
export async function throttleAddress(deps: Deps, request: FastifyRequest, what: 'signup' | 'forgot' | 'draft') {
  const max = deps.signupsPerAddressPerHour ?? DEFAULT_SIGNUPS_PER_ADDRESS_PER_HOUR
  const slot = await reserve(request.ctx, [{ key: `${what}:ip:${request.ip}`, max }], ADDRESS_WINDOW_MS)
  if (slot.wait === null) return
  const minutes = Math.ceil(slot.wait / 60)
  throw tooMany(`Too many requests from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, slot.wait)
}

/**
 * One more write of a person's own records (their leave, their profile), or a too-many refusal with waitTime.
 * Anyone signed in may make these without a permission, so one person could otherwise flood the
 * tables everyone reads. Counted per person as rows, like the login throttle, so every
 * API process shares the count; every attempt counts, one refused for an overlap too.
 */
export const throttlePerson = (ctx: PublicContext, userId: string) =>
  throttleWriter(ctx, { key: `writes:user:${userId}`, max: SELF_SERVICE_WRITES_PER_HOUR }, 'You have made too many changes in a short time.')

/**
 * One more leave period recorded for someone else by this writer, or a too-many refusal with waitTime: `edit`
 * lets a writer add to anyone's lists, so what one writer adds for others is bounded too.
 * Every attempt counts, as for one's own writes.
 */
export const throttleLeaveForOthers = (ctx: PublicContext, writerId: string) =>
  throttleWriter(ctx, { key: `leave-for-others:user:${writerId}`, max: LEAVE_FOR_OTHERS_PER_HOUR }, 'You have recorded leave for other people too many times in a short time.')

async function throttleWriter(ctx: PublicContext, limit: Limit, sentence: string) {
  const slot = await reserve(ctx, [limit], SELF_SERVICE_WINDOW_MS)
  if (slot.wait === null) return
  const minutes = Math.ceil(slot.wait / 60)
  throw tooMany(`${sentence} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, slot.wait)
}
