import { isAdmin, isSelf } from '#domain/access'
import type { AccountStatus } from '#domain/constants'
import { forbidden, invalid } from '#api/refusals'
import type { ActorContext } from '#api/context'
import { revokeUserSessions } from '#api/auth/sessions'
import { updateUser, type Account } from './store'

/**
 * Sets a person's account status (Active, Inactive) in the caller's transaction, which runs inside
 * changeAccount (#api/users/administrators): nobody changes their own, and only an administrator
 * changes an administrator's. A deactivated account is signed out everywhere at once.
 */
export async function setStatus(ctx: ActorContext, target: Account, status: AccountStatus) {
  const editor = ctx.actor
  if (status === target.status) return
  if (isSelf(editor, target.id)) throw invalid('status: You cannot change the status of your own account.')
  // Deactivating the administrators would take the Admin role away in all but name (DESIGN §4).
  if (isAdmin(target) && !isAdmin(editor)) throw forbidden('Only an administrator can change the status of an administrator.')
  await updateUser(ctx, target, { status })
  if (status === 'Inactive') await revokeUserSessions(ctx.db, target.id)
}
