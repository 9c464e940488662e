import { and, eq, gt, isNull } from 'drizzle-orm'
import { RESEND_COOLDOWN_MS, RESET_TOKEN_TTL_MS } from '#domain/constants'
import type { Executor } from '#api/db/client'
import { transaction, type PublicContext } from '#api/context'
import { passwordResets, users } from '#api/db/schema'
import { updateUser, type Account } from '#api/users/store'
import { revokeUserSessions } from './sessions'
import { lockSignups, mailboxProof } from './signup'
import { hashToken } from './tokens'

/** Marks every reset link of the account that is still usable as used. */
const spendResets = (tx: Executor, userId: string, now: Date) =>
  tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))

/**
 * Issues a reset link (its token) to an account unless it was sent one in the last minute: whether
 * it was. Only the newest link works. A link issued is no change a reader audits: not recorded
 * (docs/decisions.md).
 */
export function issueResetLink(ctx: PublicContext, user: Account, token: string) {
  const { now } = ctx
  return transaction(ctx, async ({ db: tx }) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    const recent = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - RESEND_COOLDOWN_MS))))
      .limit(1)
    // At most one mail a minute per account.
    if (recent.length > 0) return false
    // A link mailed earlier (and perhaps read by someone else) dies.
    await spendResets(tx, user.id, now)
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    })
    return true
  })
}

/**
 * Sets a new password by a reset link, in the caller's transaction; whether the link worked. The
 * change is recorded as the person's own, the password as a secret: one entry, with the proof of
 * the mailbox the link also is.
 */
export async function resetPassword(ctx: PublicContext, { token, passwordHash }: { token: string; passwordHash: string }) {
  const { db: tx, now } = ctx
  await lockSignups(tx)
  // Marking it used in the same statement that checks it makes the token single-use under races.
  const [reset] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning()
  if (!reset) return false
  // Every other link of the account dies with the reset.
  await spendResets(tx, reset.userId, now)
  const [account] = await tx.select().from(users).where(eq(users.id, reset.userId)).for('update')
  // The link came to the mailbox, so it also proves the address.
  await updateUser({ ...ctx, actor: account! }, account!, { passwordHash, ...(await mailboxProof(ctx, account!)) })
  await revokeUserSessions(tx, reset.userId)
  return true
}
