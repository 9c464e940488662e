import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { OTP_MAX_ATTEMPTS, OTP_TTL_MS, RESEND_COOLDOWN_MS, RESEND_MAX_PER_HOUR } from '#domain/constants'
import type { Executor } from '#api/db/client'
import { oneTimeCodes } from '#api/db/schema'
import { ERROR_CODES } from '#domain/contracts/errors'
import { tooMany } from '#api/refusals'
import { hashOtp, newOtp } from './tokens'

const HOUR_MS = 60 * 60_000

/**
 * Refuses a new code while the last one is under a minute old (too many, with waitTime), or once five
 * were sent within the hour (too many, with the code `code_limit`, on which the screen blocks).
 */
export async function assertCanSend(tx: Executor, userId: string, purpose: string, now: Date) {
  const sent = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(oneTimeCodes.createdAt))
  if (sent.length >= RESEND_MAX_PER_HOUR) {
    throw tooMany('You have reached the limit of codes for this hour. Please try again later.', undefined, ERROR_CODES.codeLimit)
  }
  const last = sent[0]
  if (last) {
    const waitMs = last.createdAt.getTime() + RESEND_COOLDOWN_MS - now.getTime()
    if (waitMs > 0) {
      const waitTime = Math.ceil(waitMs / 1000)
      throw tooMany(`Please wait ${waitTime} seconds before requesting a new code.`, waitTime)
    }
  }
}

/** A new code replaces any earlier one still open. Returns the code to mail. */
export async function issueCode(tx: Executor, userId: string, purpose: string, now: Date) {
  await tx
    .update(oneTimeCodes)
    .set({ spentAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.spentAt)))
  const code = newOtp()
  await tx.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: hashOtp(userId, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  })
  return code
}

/**
 * Spends the open code if it matches; a wrong try counts, and the fifth burns the code.
 * Returns the refusal instead of throwing it, so the caller commits the counted try.
 */
export async function consumeCode(tx: Executor, userId: string, purpose: string, code: string, now: Date) {
  const [open] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.spentAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for('update')
  if (!open || open.expiresAt <= now) {
    return 'This code has expired or was replaced. Request a new one with Resend OTP.'
  }
  if (open.codeHash === hashOtp(userId, purpose, code)) {
    await tx.update(oneTimeCodes).set({ spentAt: now }).where(eq(oneTimeCodes.id, open.id))
    return null
  }
  const attempts = open.attempts + 1
  const burnt = attempts >= OTP_MAX_ATTEMPTS
  await tx
    .update(oneTimeCodes)
    .set({ attempts, ...(burnt && { spentAt: now }) })
    .where(eq(oneTimeCodes.id, open.id))
  if (burnt) return 'Too many wrong codes. This code no longer works: request a new one with Resend OTP.'
  const left = OTP_MAX_ATTEMPTS - attempts
  return `Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`
}
