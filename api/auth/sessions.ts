import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { can } from '#domain/access'
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS, type Permission } from '#domain/constants'
import { preparedOnce, type Db, type Executor } from '#api/db/client'
import { sessions, users } from '#api/db/schema'
import type { Deps } from '#api/deps'
import type { PublicContext } from '#api/context'
import { forbidden, unauthenticated } from '#api/refusals'
import { hashToken, newToken } from './tokens'

export { SESSION_COOKIE }
// Refreshing last-seen on every request would be a write per request; once an hour is enough.
const TOUCH_AFTER_MS = 60 * 60_000

export type SessionUser = typeof users.$inferSelect

export const cookieOptions = (deps: Deps, maxAgeMs: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: deps.publicUrl.startsWith('https:'),
  maxAge: Math.floor(maxAgeMs / 1000),
})

/** Starts a session for the account at the request's time, in the context's database (the caller's transaction, when it has one), and sets its cookie. */
export async function startSession(ctx: PublicContext, deps: Deps, reply: FastifyReply, userId: string) {
  const { db: tx, now } = ctx
  const token = newToken()
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  })
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(deps, SESSION_ABSOLUTE_MS))
}

/** Ends the session the request carries (if any) and clears the cookie. */
export async function endSession(deps: Deps, request: FastifyRequest, reply: FastifyReply, tx: Executor = deps.db) {
  const token = request.cookies[SESSION_COOKIE]
  if (token) await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}

export const revokeUserSessions = (tx: Executor, userId: string) => tx.delete(sessions).where(eq(sessions.userId, userId))

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>()

/**
 * The signed-in user of this request, or null: one query, remembered for the request. `now` is the
 * request's one time (request.ctx.now, or what the access hook is about to put there), so a session
 * is judged and touched at the same moment every write of the request is made.
 */
export function sessionUser(deps: Deps, request: FastifyRequest, now: Date): Promise<SessionUser | null> {
  let found = cache.get(request)
  if (!found) {
    found = lookup(deps, request.cookies[SESSION_COOKIE], now)
    cache.set(request, found)
  }
  return found
}

/** The session lookup: it runs on every signed-in call. */
const lookupQuery = preparedOnce((db: Db) =>
  db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('session_lookup'),
)

async function lookup(deps: Deps, token: string | undefined, now: Date): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null
  // Placeholders reach the driver as they are, without the column's own encoding: the time goes as ISO text.
  const [row] = await lookupQuery(deps.db).execute({ tokenHash: hashToken(token), now: now.toISOString() })
  if (!row) return null
  if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_IDLE_MS) return null
  if (row.user.status !== 'Active') return null
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id))
  }
  return row.user
}

export async function requireUser(deps: Deps, request: FastifyRequest, now: Date, message?: string) {
  const user = await sessionUser(deps, request, now)
  if (!user) throw unauthenticated(message)
  return user
}

export async function requirePermission(deps: Deps, request: FastifyRequest, now: Date, permission: Permission) {
  const user = await requireUser(deps, request, now)
  if (!can(user, permission)) throw forbidden()
  return user
}
