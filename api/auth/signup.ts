import { eq, isNotNull, sql } from 'drizzle-orm'
import { ADMIN_ROLE, OTP_PURPOSE_SIGNUP, PERMISSIONS } from '#domain/constants'
import type { Executor } from '#api/db/client'
import type { PublicContext } from '#api/context'
import { roles, users } from '#api/db/schema'
import { conflict, invalid, notFound } from '#api/refusals'
import { accountByEmail, createUser, updateUser, type Account } from '#api/users/store'
import { assertCanSend, consumeCode, issueCode } from './codes'
import { NO_PASSWORD, verifyPassword } from './passwords'

// Any fixed number: serialises sign-ups so that exactly one first account becomes the administrator.
const SIGNUP_LOCK = 7_406_212

/** Serialises sign-ups and proofs of a mailbox; taken first, before any row lock, so they never deadlock. */
export const lockSignups = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK})`)

/**
 * What proving the address (a code or a reset link reached the mailbox) changes on the account:
 * nothing once proven. The first account to prove its mailbox administers the install (DESIGN §2):
 * decided here, not at sign-up, so a sign-up alone, which anyone can make for any address, never
 * makes an administrator. The caller holds the sign-up lock (lockSignups, its transaction's first
 * step), so two first verifications cannot both win.
 */
export async function mailboxProof(ctx: PublicContext, account: Account): Promise<Partial<Account>> {
  const { db: tx, now } = ctx
  if (account.emailVerifiedAt) return {}
  const [other] = await tx.select({ id: users.id }).from(users).where(isNotNull(users.emailVerifiedAt)).limit(1)
  if (other) return { emailVerifiedAt: now }
  const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE))
  return { emailVerifiedAt: now, role: ADMIN_ROLE, roleId: adminRole?.id ?? null, permissions: [...PERMISSIONS] }
}

/**
 * A sign-up, in the caller's transaction: a new account (recorded as made by the person themselves),
 * or another code for an unverified one. Answers the code to mail.
 */
export async function signUp(ctx: PublicContext, { email, password, passwordHash }: { email: string; password: string; passwordHash: string }) {
  const { db: tx, now } = ctx
  await lockSignups(tx)
  const existing = await accountByEmail(tx, email, { lock: true })
  if (existing?.emailVerifiedAt) throw conflict('An account with this email already exists. Please log in.')
  if (existing) {
    await assertCanSend(tx, existing.id, OTP_PURPOSE_SIGNUP, now)
    // Signing up again before verifying never sets a password: the same one again only resends
    // the code; a different one means two people claim the address, and only the mailbox can
    // tell whose it is, so neither password is kept (the owner verifies, then sets one by reset).
    // Which of the two asked is unknown, so the system drops it (docs/decisions.md).
    if (!(await verifyPassword(existing.passwordHash, password))) await updateUser({ ...ctx, actor: 'system' }, existing, { passwordHash: NO_PASSWORD })
    return issueCode(tx, existing.id, OTP_PURPOSE_SIGNUP, now)
  }
  const user = await createUser({ ...ctx, actor: 'self' }, { email, passwordHash, createdAt: now })
  return issueCode(tx, user!.id, OTP_PURPOSE_SIGNUP, now)
}

/** Another code for an unverified account, in the caller's transaction: where to mail it, and the code. Codes issued are not audited. */
export async function resendCode(ctx: PublicContext, { email, purpose }: { email: string; purpose: string }) {
  const { db: tx, now } = ctx
  const user = await accountByEmail(tx, email, { lock: true })
  if (!user) throw notFound('User not found')
  if (user.emailVerifiedAt) throw invalid('This email is already verified. Please log in.')
  await assertCanSend(tx, user.id, purpose, now)
  return { to: user.email, code: await issueCode(tx, user.id, purpose, now) }
}

export type Verification = { refusal: string; user: null } | { refusal: ''; user: Account }

/**
 * Spends a sign-up code, in the caller's transaction; a right one proves the mailbox, recorded as
 * the person's own change. A wrong one's counted try is kept: the refusal is answered, not thrown.
 */
export async function verifySignup(ctx: PublicContext, { email, otp }: { email: string; otp: string }): Promise<Verification> {
  const { db: tx, now } = ctx
  await lockSignups(tx)
  const user = await accountByEmail(tx, email, { lock: true })
  if (!user) throw notFound('User not found')
  if (user.emailVerifiedAt) throw invalid('This email is already verified. Please log in.')
  const refusal = await consumeCode(tx, user.id, OTP_PURPOSE_SIGNUP, otp, now)
  if (refusal) return { refusal, user: null }
  return { refusal: '', user: await updateUser({ ...ctx, actor: user }, user, await mailboxProof(ctx, user)) }
}
