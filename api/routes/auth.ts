import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  forgotPasswordPayload,
  loginPayload,
  resendOtpPayload,
  resetPasswordPayload,
  signupPayload,
  verifyOtpPayload,
} from '#domain/auth'
import {
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_MAX_FAILURES_PER_EMAIL,
  ADMIN_ROLE,
  LOGIN_WINDOW_MS,
  OTP_PURPOSE_SIGNUP,
  PERMISSIONS,
  RESEND_COOLDOWN_MS,
  RESET_TOKEN_TTL_MS,
} from '#domain/constants'
import { passwordResets, roles, users } from '#api/db/schema'
import { ERROR_CODES } from '#domain/contracts/errors'
import type { Executor } from '#api/db/client'
import type { Deps } from '#api/deps'
import { HttpError, badRequest, parse } from '#api/http/errors'
import { resetMail, verificationMail } from '#api/mail/messages'
import { presentUser } from '#api/users/present'
import { assertCanSend, consumeCode, issueCode } from '#api/auth/codes'
import { hashPassword, NO_PASSWORD, verifyPassword } from '#api/auth/passwords'
import { endSession, revokeUserSessions, startSession } from '#api/auth/sessions'
import { clearEvents, release, reserve, throttleAddress } from '#api/auth/throttle'
import { hashToken, newToken } from '#api/auth/tokens'
import { access } from '#api/http/access'

const FORGOT_MESSAGE = 'If the email exists, a reset link has been sent to your email.'
/**
 * How long a forgot-password answer takes, whether the address has an account or not: well over
 * what issuing a link and writing its mail take, short enough that nobody waits for it.
 */
const FORGOT_ANSWER_MS = 300
// Any fixed number: serialises sign-ups so that exactly one first account becomes the administrator.
const SIGNUP_LOCK = 7_406_212

/**
 * Marks the address proven (a code or a reset link reached the mailbox). The first account to prove
 * its mailbox administers the install (DESIGN §2): decided here, not at sign-up, so a sign-up alone,
 * which anyone can make for any address, never makes an administrator. The caller holds the sign-up
 * lock (lockSignups, its transaction's first step), so two first verifications cannot both win.
 */
async function proveMailbox(tx: Executor, userId: string, now: Date) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId))
  if (user.emailVerifiedAt) return user
  const [other] = await tx.select({ id: users.id }).from(users).where(isNotNull(users.emailVerifiedAt)).limit(1)
  const [adminRole] = other ? [] : await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE))
  const [verified] = await tx
    .update(users)
    .set({ emailVerifiedAt: now, ...(other ? {} : { role: ADMIN_ROLE, roleId: adminRole?.id ?? null, permissions: [...PERMISSIONS] }) })
    .where(eq(users.id, userId))
    .returning()
  return verified
}

/** Serialises sign-ups and proofs of a mailbox; taken first, before any row lock, so they never deadlock. */
const lockSignups = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(${SIGNUP_LOCK})`)

/** Marks every reset link of the account that is still usable as used. */
const spendResets = (tx: Executor, userId: string, now: Date) =>
  tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))

const findUser = (deps: Deps, email: string) =>
  deps.db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) })

const loginKeys = (email: string, request: FastifyRequest) => ({
  email: `login:email:${email.toLowerCase()}`,
  address: `login:ip:${request.ip}`,
})

/**
 * Issues a reset link to the account of `email`, if it is an active account that was not sent one
 * in the last minute, and answers the mail that carries it; otherwise null. Only the newest link works.
 */
async function issueResetLink(deps: Deps, email: string, now: Date) {
  const user = await findUser(deps, email)
  if (!user || user.status !== 'Active') return null
  const token = newToken()
  const issued = await deps.db.transaction(async (tx) => {
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
  return issued ? resetMail(user.email, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`) : null
}

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/auth/signup', access('public'), async (request, reply) => {
    const { email, password } = parse(signupPayload, request.body)
    const now = deps.now()
    await throttleAddress(deps, request, 'signup', now)
    const passwordHash = await hashPassword(password)
    const address = email.toLowerCase()
    const code = await deps.db.transaction(async (tx) => {
      await lockSignups(tx)
      const [existing] = await tx.select().from(users).where(eq(users.email, address)).for('update')
      if (existing?.emailVerifiedAt) throw new HttpError(409, 'An account with this email already exists. Please log in.')
      if (existing) {
        await assertCanSend(tx, existing.id, OTP_PURPOSE_SIGNUP, now)
        // Signing up again before verifying never sets a password: the same one again only resends
        // the code; a different one means two people claim the address, and only the mailbox can
        // tell whose it is, so neither password is kept (the owner verifies, then sets one by reset).
        if (!(await verifyPassword(existing.passwordHash, password))) {
          await tx.update(users).set({ passwordHash: NO_PASSWORD }).where(eq(users.id, existing.id))
        }
        return issueCode(tx, existing.id, OTP_PURPOSE_SIGNUP, now)
      }
      const [user] = await tx.insert(users).values({ email: address, passwordHash, createdAt: now }).returning()
      return issueCode(tx, user.id, OTP_PURPOSE_SIGNUP, now)
    })
    await deps.mailer.send(verificationMail(address, code, deps.publicUrl))
    return reply.status(201).send({ message: 'OTP sent to email' })
  })

  app.post('/auth/resend-otp', access('public'), async (request) => {
    const { email, purpose } = parse(resendOtpPayload, request.body)
    const now = deps.now()
    const result = await deps.db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).for('update')
      if (!user) throw new HttpError(404, 'User not found')
      if (user.emailVerifiedAt) throw badRequest('This email is already verified. Please log in.')
      await assertCanSend(tx, user.id, purpose, now)
      return { to: user.email, code: await issueCode(tx, user.id, purpose, now) }
    })
    await deps.mailer.send(verificationMail(result.to, result.code, deps.publicUrl))
    return { message: 'A new OTP has been sent to your email' }
  })

  app.post('/auth/verify-otp', access('public'), async (request, reply) => {
    const { email, otp } = parse(verifyOtpPayload, request.body)
    const now = deps.now()
    const outcome = await deps.db.transaction(async (tx) => {
      await lockSignups(tx)
      const [user] = await tx.select().from(users).where(eq(users.email, email.toLowerCase())).for('update')
      if (!user) throw new HttpError(404, 'User not found')
      if (user.emailVerifiedAt) throw badRequest('This email is already verified. Please log in.')
      const refusal = await consumeCode(tx, user.id, OTP_PURPOSE_SIGNUP, otp, now)
      if (refusal) return { refusal, user: null }
      const verified = await proveMailbox(tx, user.id, now)
      if (verified.status === 'Active') {
        // Verifying signs in, so it rotates too: a session this browser had (another account's) ends.
        await endSession(deps, request, reply, tx)
        await startSession(deps, reply, verified.id, tx)
      }
      return { refusal: '', user: verified }
    })
    if (!outcome.user) throw badRequest(outcome.refusal)
    return { message: 'Email verified', user: presentUser(outcome.user) }
  })

  app.post('/auth/login', access('public'), async (request, reply) => {
    const { email, password } = parse(loginPayload, request.body)
    const now = deps.now()
    const keys = loginKeys(email, request)
    // A slot is taken before the password is looked at, so a burst of parallel guesses gets no more
    // evaluations than the limit; anything but a wrong password gives its slot back.
    const slot = await reserve(
      deps.db,
      [
        { key: keys.email, max: LOGIN_MAX_FAILURES_PER_EMAIL },
        { key: keys.address, max: LOGIN_MAX_FAILURES_PER_ADDRESS },
      ],
      now,
      LOGIN_WINDOW_MS,
    )
    if (slot.wait !== null) {
      const minutes = Math.ceil(slot.wait / 60)
      throw new HttpError(429, `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, slot.wait)
    }
    const user = await findUser(deps, email)
    const matches = await verifyPassword(user?.passwordHash, password)
    if (!user) throw new HttpError(401, 'User not found', undefined, ERROR_CODES.userNotFound)
    if (!matches) throw new HttpError(401, 'Invalid email or password')
    await release(deps.db, slot.ids)
    // Only told once the password is right, so it reveals nothing to a guesser.
    if (!user.emailVerifiedAt) throw new HttpError(401, 'Email not verified. Enter the code sent to your email.', undefined, ERROR_CODES.emailNotVerified)
    if (user.status !== 'Active') throw new HttpError(403, 'Your account is inactive. Please contact an administrator.')
    await clearEvents(deps.db, keys.email)
    // Rotation: whatever session the browser had is ended and a new token issued.
    await endSession(deps, request, reply)
    await startSession(deps, reply, user.id)
    return { message: 'Logged in', user: presentUser(user) }
  })

  app.post('/auth/logout', access('public'), async (request, reply) => {
    await endSession(deps, request, reply)
    return { message: 'Logged out' }
  })

  /**
   * Forgot password answers in the same time whoever asks (issue 28): FORGOT_ANSWER_MS after the
   * request came, whether a link was issued or not. Issuing it (a transaction, milliseconds) is
   * done before the answer; the mail is sent beside the wait, and one that outlasts it (a slow mail
   * server) is finished after the answer, its failure logged. The API waits for mails still being
   * sent before it closes.
   */
  const mailsInFlight = new Set<Promise<void>>()
  app.addHook('onClose', async () => {
    await Promise.allSettled(mailsInFlight)
  })
  app.post('/auth/forgot-password', access('public'), async (request) => {
    // Counted from the request's start: the throttle's own time, whatever it is, is inside it too.
    const answer = sleep(FORGOT_ANSWER_MS)
    const { email } = parse(forgotPasswordPayload, request.body)
    const now = deps.now()
    await throttleAddress(deps, request, 'forgot', now)
    const mail = await issueResetLink(deps, email, now)
    if (mail) {
      const sent = deps.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error }, 'the reset link could not be mailed'))
      mailsInFlight.add(sent)
      void sent.finally(() => mailsInFlight.delete(sent))
      await Promise.race([sent, answer])
    }
    await answer
    return { message: FORGOT_MESSAGE }
  })

  app.post('/auth/reset-password', access('public'), async (request) => {
    const { token, newPassword } = parse(resetPasswordPayload, request.body)
    const now = deps.now()
    const passwordHash = await hashPassword(newPassword)
    const done = await deps.db.transaction(async (tx) => {
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
      await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId))
      // The link came to the mailbox, so it also proves the address.
      await proveMailbox(tx, reset.userId, now)
      await revokeUserSessions(tx, reset.userId)
      return true
    })
    if (!done) throw badRequest('This reset link is invalid or has expired. Please request a new one.')
    return { message: 'Password reset successful. Please log in.' }
  })
}
