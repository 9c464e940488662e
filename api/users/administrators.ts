import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { isAdmin } from '#domain/access'
import { ADMIN_ROLE } from '#domain/constants'
import { sameId } from '#domain/ids'
import type { Executor, Tx } from '#api/db/client'
import { retryingRaces } from '#api/db/retry'
import { users } from '#api/db/schema'
import { conflict, notFound, unauthenticated } from '#api/refusals'
import { transaction, type ActorContext } from '#api/context'

type Account = typeof users.$inferSelect

export const LAST_ADMINISTRATOR = 'At least one active administrator must remain: give the Admin role to someone else first.'

// Any fixed number (one-number form, like the sign-up and migration locks): serialises every change
// of a role or a status, so that two administrators removing each other cannot both succeed.
const ADMINISTRATORS_LOCK = 7_406_214

/** An administrator who can act: holds Admin, is Active and has proved their mailbox (so can sign in). */
export const isActiveAdministrator = (account: Pick<Account, 'role' | 'status' | 'emailVerifiedAt'>) =>
  isAdmin(account) && account.status === 'Active' && account.emailVerifiedAt !== null

const anActiveAdministrator = (tx: Executor) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.status, 'Active'), isNotNull(users.emailVerifiedAt)))
    .limit(1)

/**
 * A change of a person's account (their role, their status, their profile), as one transaction that
 * keeps the install administered (DESIGN §4):
 * - it first takes one advisory lock, before any row lock, so every such change waits for the one
 *   before it: changes never deadlock on each other (the role-history row locks the editor's
 *   account), and each sees what the one before it did;
 * - under the lock, the editor's account is read again (a session read before the lock may belong
 *   to someone deactivated or demoted since) and the person's account is locked for the change;
 * - after the change, if the person was an active administrator and one no longer remains, the
 *   change is refused (a conflict) and nothing of it is kept.
 * The change is run with the context of the transaction, whose actor is the editor's account as
 * read under the lock, and the person's account (`target`). A race with any other transaction that
 * PostgreSQL breaks off is retried (#api/db/retry).
 */
export function changeAccount<T>(ctx: ActorContext, userId: string, change: (tx: ActorContext & { db: Tx }, target: Account) => Promise<T>): Promise<T> {
  return retryingRaces(() =>
    transaction(ctx, async (inTx) => {
      const { db: tx } = inTx
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`)
      const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
      const [actor] = sameId(ctx.actor.id, userId) ? [target] : await tx.select().from(users).where(eq(users.id, ctx.actor.id))
      if (!actor || actor.status !== 'Active') throw unauthenticated()
      if (!target) throw notFound('User not found')
      const result = await change({ ...inTx, actor }, target)
      if (isActiveAdministrator(target) && (await anActiveAdministrator(tx)).length === 0) throw conflict(LAST_ADMINISTRATOR)
      return result
    }),
  )
}
