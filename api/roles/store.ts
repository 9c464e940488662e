import { eq } from 'drizzle-orm'
import type { Permission } from '#domain/constants'
import { fieldChanges } from '#domain/audit'
import { roles } from '#api/db/schema'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { nameIsFree } from '#api/names'

/**
 * Every write of a role: creating one and setting its lead time. Each records its audit
 * entry in its own transaction, named for the role.
 */

type Role = typeof roles.$inferSelect

/** What the log shows of a role. */
const audited = (role: Role) => ({ name: role.name, permissions: role.permissions, leadMonths: role.leadMonths })

/** Creates a role unless its name is taken (sameName, #api/names): the role, or undefined when taken. */
export function createRole(ctx: StoreContext, { name, permissions }: { name: string; permissions: readonly Permission[] }) {
  const at = ctx.now
  return transaction(ctx, async ({ db: tx }) => {
    if (!(await nameIsFree(tx, 'role', name, () => tx.select({ id: roles.id, name: roles.name }).from(roles)))) return undefined
    const [created] = await tx
      .insert(roles)
      .values({ name, permissions: [...new Set(permissions)], createdAt: at })
      .onConflictDoNothing()
      .returning()
    if (!created) return undefined
    await recordChange(tx, auditActor(ctx), at, { entityType: 'role', entityId: created.id, label: created.name, action: 'created', changes: fieldChanges(null, audited(created)) })
    return created
  })
}

/** Sets a role's lead time (whole calendar months before a cluster starts): the role, or undefined when there is none. */
export function setLeadMonths(ctx: StoreContext, id: string, leadMonths: number) {
  const at = ctx.now
  return transaction(ctx, async ({ db: tx }) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).for('update')
    if (!before) return undefined
    const [updated] = await tx.update(roles).set({ leadMonths }).where(eq(roles.id, id)).returning()
    const changes = fieldChanges({ leadMonths: before.leadMonths }, { leadMonths: updated!.leadMonths })
    if (changes.length > 0) await recordChange(tx, auditActor(ctx), at, { entityType: 'role', entityId: id, label: updated!.name, action: 'changed', changes })
    return updated!
  })
}
