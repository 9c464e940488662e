import { eq } from 'drizzle-orm'
import { ADMIN_ONLY, grantRefusal, isAdmin, isSelf } from '#domain/access'
import { ADMIN_ROLE, DEFAULT_ACCOUNT_ROLE } from '#domain/constants'
import type { Executor } from '#api/db/client'
import { roleHistories, roles, users } from '#api/db/schema'
import { forbidden, invalid } from '#api/refusals'
import type { ActorContext } from '#api/context'
import { updateUser } from './store'

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item))

/**
 * Sets a person's one role (DESIGN §4), inside the caller's transaction:
 * - their own pick changes the role and grants nothing; nobody picks Admin for themselves;
 * - someone else (with `edit`) setting or confirming it makes the person's permissions the role's,
 *   and may only grant what they hold themselves; only an administrator gives or takes Admin;
 * - every change of role writes a role-history row, as Role History shows it, and an audit entry.
 * The caller runs it inside changeAccount (#api/users/administrators), which keeps an administrator
 * and hands it the editor's account as read under its lock (the context's actor) and the person's
 * row, locked (`target`); `roleId` is the role on the submitted profile, or null for none ('User').
 */
export async function setRole(ctx: ActorContext, target: typeof users.$inferSelect, roleId: string | null) {
  const { db: tx, actor, now } = ctx
  const [role] = roleId ? await tx.select().from(roles).where(eq(roles.id, roleId)) : []
  if (roleId && !role) throw invalid('roleId: Choose a role from the list')
  const grant = { name: role?.name ?? DEFAULT_ACCOUNT_ROLE, permissions: role?.permissions ?? [] }
  const changed = grant.name !== target.role || (role?.id ?? null) !== target.roleId
  const own = isSelf(actor, target.id)

  if (changed && (grant.name === ADMIN_ROLE || isAdmin(target)) && !isAdmin(actor)) throw forbidden(ADMIN_ONLY)
  const permissions = own ? target.permissions : grant.permissions
  // Confirming a role someone picked grants its permissions too, so it is checked like a change.
  if (!own && (changed || !sameList(permissions, target.permissions))) {
    const refusal = grantRefusal(actor, grant)
    if (refusal) throw forbidden(refusal)
  }
  if (!changed && sameList(permissions, target.permissions)) return

  // The log's entry: the person's role and permissions, before → after.
  await updateUser(ctx, target, { role: grant.name, roleId: role?.id ?? null, permissions: [...permissions] })
  if (!changed) return
  // The actor's name as it is now: one's own profile submission may have just set it.
  const [editor] = await tx.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, actor.id))
  await addRoleHistory(tx, [
    {
      userId: target.id,
      initialRoleId: target.roleId,
      initialRoleName: target.role,
      newRoleId: role?.id ?? null,
      newRoleName: grant.name,
      updatedById: actor.id,
      updatedByName: editor?.fullName ?? editor?.email ?? actor.email,
      updatedAt: now,
    },
  ])
}

export type RoleHistoryRow = typeof roleHistories.$inferInsert

/**
 * Writes rows of Role History, in one insert: each change setRole makes, or changes dated in the
 * past (the seed's demo people, whose roles changed before the seed made them). Role History is
 * itself the record of who changed whose role and when, so a row has no audit entry of its own; the
 * account's entry holds the role it is given (#api/users/store).
 */
export async function addRoleHistory(tx: Executor, rows: readonly RoleHistoryRow[]) {
  if (rows.length) await tx.insert(roleHistories).values([...rows])
}
