import { eq } from 'drizzle-orm'
import { DEFAULT_ACCOUNT_ROLE } from '#domain/constants'
import type { Executor } from '#api/db/client'
import { roleHistories, roles, users } from '#api/db/schema'
import { forbidden } from '#api/http/errors'
import { isAdmin, type SessionUser } from '#api/auth/sessions'

interface Assignment {
  actor: SessionUser
  target: typeof users.$inferSelect
  /** The new role, or null for none (an ordinary user). */
  roleId: string | null
  now: Date
}

/**
 * Gives the target the role and exactly that role's permissions, and records it in the role
 * history, inside the caller's transaction. Only an administrator makes or unmakes an administrator.
 */
export async function assignRole(tx: Executor, { actor, target, roleId, now }: Assignment) {
  const [role] = roleId ? await tx.select().from(roles).where(eq(roles.id, roleId)) : []
  const newName = role?.name ?? DEFAULT_ACCOUNT_ROLE
  if ((newName === 'Admin' || target.role === 'Admin') && !isAdmin(actor)) {
    throw forbidden('Only an administrator can give or take away the Admin role.')
  }
  if (newName === target.role && (role?.id ?? null) === target.roleId) return
  await tx
    .update(users)
    .set({ role: newName, roleId: role?.id ?? null, permissions: role?.permissions ?? [] })
    .where(eq(users.id, target.id))
  await tx.insert(roleHistories).values({
    userId: target.id,
    initialRoleId: target.roleId,
    initialRoleName: target.role,
    newRoleId: role?.id ?? null,
    newRoleName: newName,
    updatedById: actor.id,
    updatedByName: actor.fullName ?? actor.email,
    updatedAt: now,
  })
}
