import type { Db, Executor, Tx } from '#api/db/client'
import type { SessionUser } from '#api/auth/sessions'
import { actorOf, type Actor } from '#api/audit/record'

/**
 * What a request (or a script) does its work with: the database, who acts, and the one time it
 * happens at. The access hook (api/http/access.ts) makes it once per request, before the route's
 * schemas are checked: every write of one request has the same `now`, and nobody looks the
 * signed-in person up a second time.
 */
export interface Context {
  db: Executor
  /** The signed-in account; null on a public route (the landing page reads an optional session itself). */
  actor: SessionUser | null
  now: Date
}

/** A route that requires a signed-in person (every rule but 'public') has one. */
export interface ActorContext extends Context {
  actor: SessionUser
}

/**
 * What a store writes with: the same as a request's, except that the one acting may be the system
 * (the seed, the scripts), which the audit log names as such.
 */
export interface StoreContext {
  db: Executor
  actor: SessionUser | 'system'
  now: Date
}

/**
 * What a public route's store writes with: no one is signed in, so the store itself names who acts
 * (a sign-up is the new account's own change, a reset link's the account's it was mailed to, a
 * dropped password the system's).
 */
export type PublicContext = Omit<StoreContext, 'actor'>

/** Who the audit log says made a change made in this context. */
export const auditActor = (ctx: StoreContext): Actor => (ctx.actor === 'system' ? 'system' : actorOf(ctx.actor))

/** The context of a route whose access rule requires a signed-in person; a public route asking for it is a programming error. */
export function signedIn(ctx: Context): ActorContext {
  if (!ctx.actor) throw new Error('This route is public: it has no signed-in actor')
  return ctx as ActorContext
}

/**
 * The one way to open a transaction: `transaction(ctx, (tx) => …)` runs the work with a context
 * whose `db` is the transaction, so every store it calls writes in it, under the same actor and
 * `now`. Inside a transaction already, it opens a savepoint (Drizzle's nested transaction). A
 * refusal thrown inside rolls everything back.
 */
export function transaction<C extends { db: Executor }, T>(ctx: C, work: (tx: C & { db: Tx }) => Promise<T>): Promise<T> {
  return (ctx.db as Db).transaction((tx) => work({ ...ctx, db: tx }))
}
