import { and, desc, eq, gte, lte } from 'drizzle-orm'
import { fieldChanges } from '#domain/audit'
import type { Range } from '#domain/schedule/calendar'
import type { Executor } from '#api/db/client'
import { leave, users } from '#api/db/schema'
import { recordChanges, type Change } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'

/**
 * Every write of leave: recording a period, removing one, removing a person's
 * periods at once. Routes parse, authorise and present; the rules of the rows live here. Each
 * write records its audit entries in its own transaction, one per period.
 */

type Period = typeof leave.$inferSelect
type NameAndEmail = { fullName: string | null; email: string }

/** A period's entry in the log, about its person: "Asha Rao, leave 2030-12-01 – 2030-12-05". */
const periodChange = (period: Period, person: NameAndEmail | undefined, action: 'created' | 'removed'): Change => {
  const fields = { startDate: period.startDate, endDate: period.endDate, note: period.note }
  const days = `${period.startDate} – ${period.endDate}`
  return {
    entityType: 'leave',
    entityId: period.id,
    label: person ? `${person.fullName || person.email}, leave ${days}` : `Leave ${days}`,
    action,
    changes: action === 'created' ? fieldChanges(null, fields) : fieldChanges(fields, null),
    subjectId: period.userId,
  }
}

const personOf = async (db: Executor, userId: string): Promise<NameAndEmail | undefined> =>
  (await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)))[0]

export interface NewLeave {
  userId: string
  startDate: string
  endDate: string
  note: string
}

export type Recorded = { created: typeof leave.$inferSelect } | { overlaps: Range } | { noPerson: true }

/**
 * Records a period unless it shares a day with one of the person's own (a repeat too): a person's
 * periods never overlap, so nobody can pile up leave that every reader then pays for. The check and
 * the insert run under a lock on the person's row (FOR NO KEY UPDATE: it waits for another leave
 * write for them, not for rows that merely refer to them), so two requests racing with overlapping
 * periods cannot both pass. Existing overlaps (from before the rule) stay; they only refuse more.
 */
export async function recordLeave(ctx: StoreContext, input: NewLeave): Promise<Recorded> {
  const { actor, now } = ctx
  return transaction(ctx, async ({ db: tx }) => {
    const [person] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, input.userId)).for('no key update')
    if (!person) return { noPerson: true as const }
    const existing = await overlapping(tx, input.userId, { start: input.startDate, end: input.endDate })
    if (existing) return { overlaps: existing }
    const [created] = await tx
      .insert(leave)
      // Who recorded it; null for the system (the seed).
      .values({ userId: input.userId, startDate: input.startDate, endDate: input.endDate, note: input.note, createdById: actor === 'system' ? null : actor.id, createdAt: now })
      .returning()
    await recordChanges(tx, auditActor(ctx), now, [periodChange(created!, person, 'created')])
    return { created: created! }
  })
}

/**
 * One of the person's periods sharing a day with `range` (calendar.ts's `overlaps`, in SQL), or
 * undefined. The latest starting on or before its end first: with periods that do not overlap, the
 * only one that can, so the index (user_id, start_date) answers after a row or two. One query.
 */
async function overlapping(db: Executor, userId: string, range: Range): Promise<Range | undefined> {
  const [row] = await db
    .select({ start: leave.startDate, end: leave.endDate })
    .from(leave)
    .where(and(eq(leave.userId, userId), lte(leave.startDate, range.end), gte(leave.endDate, range.start)))
    .orderBy(desc(leave.startDate), desc(leave.id))
    .limit(1)
  return row
}

/** Whether any leave is recorded at all. One query. */
export const anyLeave = async (db: Executor) => (await db.select({ id: leave.id }).from(leave).limit(1)).length > 0

/** Whose a period is and its last day, or undefined when there is no such period. One query. */
export async function leaveOwner(db: Executor, id: string) {
  const [row] = await db.select({ userId: leave.userId, endDate: leave.endDate }).from(leave).where(eq(leave.id, id))
  return row
}

/** Removes one period of the person's; whether it was there. */
export function removeLeave(ctx: StoreContext, id: string, userId: string) {
  return transaction(ctx, async ({ db: tx }) => {
    const gone = await tx.delete(leave).where(and(eq(leave.id, id), eq(leave.userId, userId))).returning()
    if (gone.length === 0) return false
    const person = await personOf(tx, userId)
    await recordChanges(tx, auditActor(ctx), ctx.now, gone.map((period) => periodChange(period, person, 'removed')))
    return true
  })
}

/**
 * Removes a person's leave in one statement: all of it, or the periods lying wholly within `from`
 * to `to` (either may be left out: no bound on that side). A period only partly inside is kept, so
 * nothing outside the dates given is lost (docs/decisions.md). Answers how many went.
 */
export function removeLeaveOf(ctx: StoreContext, userId: string, within: { from?: string; to?: string }) {
  return transaction(ctx, async ({ db: tx }) => {
    const gone = await tx
      .delete(leave)
      .where(and(eq(leave.userId, userId), within.from ? gte(leave.startDate, within.from) : undefined, within.to ? lte(leave.endDate, within.to) : undefined))
      .returning()
    if (gone.length === 0) return 0
    const person = await personOf(tx, userId)
    // One entry per period, in one insert.
    await recordChanges(tx, auditActor(ctx), ctx.now, gone.map((period) => periodChange(period, person, 'removed')))
    return gone.length
  })
}
