import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyRequest } from 'fastify'
import {
  forgotPasswordPayload,
  loginPayload,
  resendOtpPayload,
  resetPasswordPayload,
  signupPayload,
  verifyOtpPayload,
} from '#domain/auth'
import { LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS } from '#domain/constants'
import { ERROR_CODES } from '#domain/contracts/errors'
import { userAnswer } from '#domain/answers/accounts'
import * as z from 'zod/mini'
import type { Deps } from '#api/deps'
import { messageAnswer, type Api } from '#api/http/schemas'
import { HttpError, badRequest } from '#api/http/errors'
import { resetMail, verificationMail } from '#api/mail/messages'
import { presentUser } from '#api/users/present'
import { accountByEmail } from '#api/users/store'
import { hashPassword, verifyPassword } from '#api/auth/passwords'
import { issueResetLink, resetPassword } from '#api/auth/resets'
import { endSession, startSession } from '#api/auth/sessions'
import { resendCode, signUp, verifySignup } from '#api/auth/signup'
import { clearEvents, release, reserve, throttleAddress } from '#api/auth/throttle'
import { newToken } from '#api/auth/tokens'
import { access } from '#api/http/access'
import { transaction, type PublicContext } from '#api/context'

const FORGOT_MESSAGE = 'If the email exists, a reset link has been sent to your email.'
/**
 * How long a forgot-password answer takes, whether the address has an account or not: well over
 * what issuing a link and writing its mail take, short enough that nobody waits for it.
 */
const FORGOT_ANSWER_MS = 300

/**
 * The limits a sign-in counts under: its email's, and its address's. An address's failures for
 * emails no account holds are counted apart from those against accounts, and limit only more of
 * their kind: a flood of made-up emails from an address many people share (an office behind one
 * proxy) cannot keep out an account's right password, while guesses at real accounts still count
 * toward the address's limit.
 */
const loginLimits = (email: string, request: FastifyRequest, known: boolean) => ({
  email: { key: `login:email:${email.toLowerCase()}`, max: LOGIN_MAX_FAILURES_PER_EMAIL },
  address: { key: `login:${known ? 'ip' : 'unknown:ip'}:${request.ip}`, max: LOGIN_MAX_FAILURES_PER_ADDRESS },
})

/**
 * Issues a reset link to the account of `email`, if it is an active account that was not sent one
 * in the last minute, and answers the mail that carries it; otherwise null. Only the newest link works.
 */
async function resetLinkMail(ctx: PublicContext, deps: Deps, email: string) {
  const user = await accountByEmail(ctx.db, email)
  if (!user || user.status !== 'Active') return null
  const token = newToken()
  const issued = await issueResetLink(ctx, user, token)
  return issued ? resetMail(user.email, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`) : null
}

/** What signing in answers: the sentence and the user now signed in. */
const signedInAnswer = z.strictObject({ message: z.string(), user: userAnswer })

export async function authRoutes(app: Api, deps: Deps) {
  app.post('/auth/signup', { ...access('public'), schema: { summary: 'Signs up: mails a code to verify the email', body: signupPayload, response: { 201: messageAnswer } } }, async (request, reply) => {
    const { email, password } = request.body
    await throttleAddress(deps, request, 'signup')
    const passwordHash = await hashPassword(password)
    const address = email.toLowerCase()
    const code = await transaction(request.ctx, (tx) => signUp(tx, { email: address, password, passwordHash }))
    await deps.mailer.send(verificationMail(address, code, deps.publicUrl))
    return reply.status(201).send({ message: 'OTP sent to email' })
  })

  app.post('/auth/resend-otp', { ...access('public'), schema: { summary: 'Mails a new verification code', body: resendOtpPayload, response: { 200: messageAnswer } } }, async (request) => {
    const { email, purpose } = request.body
    const result = await transaction(request.ctx, (tx) => resendCode(tx, { email, purpose }))
    await deps.mailer.send(verificationMail(result.to, result.code, deps.publicUrl))
    return { message: 'A new OTP has been sent to your email' }
  })

  app.post('/auth/verify-otp', { ...access('public'), schema: { summary: 'Verifies the email with its code, and signs in', body: verifyOtpPayload, response: { 200: signedInAnswer } } }, async (request, reply) => {
    const { email, otp } = request.body
    const outcome = await transaction(request.ctx, async (tx) => {
      const verification = await verifySignup(tx, { email, otp })
      const verified = verification.user
      if (!verified) return verification
      if (verified.status === 'Active') {
        // Verifying signs in, so it rotates too: a session this browser had (another account's) ends.
        await endSession(deps, request, reply, tx.db)
        await startSession(tx, deps, reply, verified.id)
      }
      return verification
    })
    if (!outcome.user) throw badRequest(outcome.refusal)
    return { message: 'Email verified', user: presentUser(outcome.user) }
  })

  app.post('/auth/login', { ...access('public'), schema: { summary: 'Signs in with email and password', body: loginPayload, response: { 200: signedInAnswer } } }, async (request, reply) => {
    const { email, password } = request.body
    // Whether the email has an account decides only which address count applies: the answer says it anyway.
    const user = await accountByEmail(deps.db, email)
    const limits = loginLimits(email, request, Boolean(user))
    // A slot is taken before the password is looked at, so a burst of parallel guesses gets no more
    // evaluations than the limit; anything but a wrong password gives its slot back.
    const slot = await reserve(request.ctx, [limits.email, limits.address], LOGIN_WINDOW_MS)
    if (slot.wait !== null) {
      const minutes = Math.ceil(slot.wait / 60)
      throw new HttpError(429, `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, slot.wait)
    }
    const matches = await verifyPassword(user?.passwordHash, password)
    if (!user) throw new HttpError(401, 'User not found', undefined, ERROR_CODES.userNotFound)
    if (!matches) throw new HttpError(401, 'Invalid email or password')
    await release(deps.db, slot.ids)
    // Only told once the password is right, so it reveals nothing to a guesser.
    if (!user.emailVerifiedAt) throw new HttpError(401, 'Email not verified. Enter the code sent to your email.', undefined, ERROR_CODES.emailNotVerified)
    if (user.status !== 'Active') throw new HttpError(403, 'Your account is inactive. Please contact an administrator.')
    await clearEvents(deps.db, limits.email.key)
    // Rotation: whatever session the browser had is ended and a new token issued.
    await endSession(deps, request, reply)
    await startSession(request.ctx, deps, reply, user.id)
    return { message: 'Logged in', user: presentUser(user) }
  })

  app.post('/auth/logout', { ...access('public'), schema: { summary: 'Signs out (takes no body)', response: { 200: messageAnswer } } }, async (request, reply) => {
    await endSession(deps, request, reply)
    return { message: 'Logged out' }
  })

  /**
   * Forgot password answers in the same time whoever asks, so its time tells no one whether an account exists: FORGOT_ANSWER_MS after the
   * request came, whether a link was issued or not. Issuing it (a transaction, milliseconds) is
   * done before the answer; the mail is sent beside the wait, and one that outlasts it (a slow mail
   * server) is finished after the answer, its failure logged. The API waits for mails still being
   * sent before it closes.
   */
  const mailsInFlight = new Set<Promise<void>>()
  app.addHook('onClose', async () => {
    await Promise.allSettled(mailsInFlight)
  })
  const forgotSchema = { summary: 'Mails a reset link, if the email has an account: the same answer either way', body: forgotPasswordPayload, response: { 200: messageAnswer } }
  app.post('/auth/forgot-password', { ...access('public'), schema: forgotSchema }, async (request) => {
    // Counted from the handler's start: the throttle's own time, whatever it is, is inside it too.
    const answer = sleep(FORGOT_ANSWER_MS)
    const { email } = request.body
    await throttleAddress(deps, request, 'forgot')
    const mail = await resetLinkMail(request.ctx, deps, email)
    if (mail) {
      const sent = deps.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error }, 'the reset link could not be mailed'))
      mailsInFlight.add(sent)
      void sent.finally(() => mailsInFlight.delete(sent))
      await Promise.race([sent, answer])
    }
    await answer
    return { message: FORGOT_MESSAGE }
  })

  app.post('/auth/reset-password', { ...access('public'), schema: { summary: 'Sets a new password with a reset link', body: resetPasswordPayload, response: { 200: messageAnswer } } }, async (request) => {
    const { token, newPassword } = request.body
    const passwordHash = await hashPassword(newPassword)
    const done = await transaction(request.ctx, (tx) => resetPassword(tx, { token, passwordHash }))
    if (!done) throw badRequest('This reset link is invalid or has expired. Please request a new one.')
    return { message: 'Password reset successful. Please log in.' }
  })
}
