import type { Planning } from '#domain/contracts/planning'
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { fieldChanges } from '#domain/audit'
import { usesEachClusterOnce, type ClusterList } from '#domain/planning/cluster-list'
import { planningOwnMessages } from '#domain/planning/messages'
import type { PlanningCreate, PlanningGroups } from '#domain/planning/schemas'
import type { Executor } from '#api/db/client'
import { categories, clusters, entities, planningRoles, plannings, roles } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { conflict, invalid, notFound } from '#api/refusals'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { nameIsFree } from '#api/names'

export interface PlanningFilter {
  id?: string
  categoryId?: string
  entityId?: string
}

/**
 * Planning types as the Saved Planning Types table reads them, newest first: category, entity
 * and roles populated with their names. Two queries, whatever the numbers.
 */
export async function loadPlannings(db: Executor, filter: PlanningFilter = {}) {
  const where: SQL[] = []
  if (filter.id) where.push(eq(plannings.id, filter.id))
  if (filter.categoryId) where.push(eq(plannings.categoryId, filter.categoryId))
  if (filter.entityId) where.push(eq(plannings.entityId, filter.entityId))
  const rows = await db
    .select({ planning: plannings, category: { _id: categories.id, name: categories.name }, entity: { _id: entities.id, name: entities.name } })
    .from(plannings)
    .innerJoin(categories, eq(categories.id, plannings.categoryId))
    .innerJoin(entities, eq(entities.id, plannings.entityId))
    .where(and(...where))
    .orderBy(desc(plannings.createdAt), asc(plannings.typeName), asc(plannings.id))
  if (rows.length === 0) return []
  const roleRows = await db
    .select({ planningId: planningRoles.planningId, clusters: planningRoles.clusters, role: { _id: roles.id, name: roles.name } })
    .from(planningRoles)
    .innerJoin(roles, eq(roles.id, planningRoles.roleId))
    .where(inArray(planningRoles.planningId, rows.map((row) => row.planning.id)))
    .orderBy(asc(planningRoles.planningId), asc(planningRoles.position))
  return rows.map(({ planning, category, entity }): Planning => ({
    _id: planning.id,
    categoryId: category,
    entityId: entity,
    typeName: planning.typeName,
    createdAt: planning.createdAt.toISOString(),
    roleClusters: roleRows
      .filter((row) => row.planningId === planning.id)
      .map((row) => ({ roleId: row.role, clusters: row.clusters as ClusterList })),
  }))
}

export async function loadPlanning(db: Executor, id: string) {
  const [planning] = await loadPlannings(db, { id })
  return planning ?? null
}

/**
 * Creates a planning type with its roles, and records it, in one transaction: written together or
 * not at all. Answers it as GET /api/planning does.
 */
export async function createPlanning(ctx: StoreContext, input: PlanningCreate) {
  const { now } = ctx
  return translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const id = await insertPlanning(tx, input, now)
        const { categoryId, entityId, typeName, roleClusters } = input
        await recordChange(tx, auditActor(ctx), now, {
          entityType: 'planning',
          entityId: id,
          label: typeName,
          action: 'created',
          changes: fieldChanges(null, { categoryId, entityId, typeName, roleClusters }),
        })
        return (await loadPlanning(tx, id))!
      }),
    // Something it names was deleted meanwhile.
    { [FOREIGN_KEY_VIOLATION]: () => invalid('A category, entity, role or cluster of this planning type no longer exists') },
  )
}

/**
 * Writes a planning type with its roles. Every id must exist; the entity must be of the category
 * and every cluster of the entity (refused as invalid, naming the field).
 */
async function insertPlanning(tx: Executor, input: PlanningCreate, now: Date) {
  const [entity] = await tx.select().from(entities).where(eq(entities.id, input.entityId))
  if (!entity) throw invalid('entityId: Entity not found')
  if (entity.categoryId !== input.categoryId) throw invalid('entityId: This entity does not belong to the category')

  const roleIds = input.roleClusters.map((role) => role.roleId)
  const known = new Set((await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds))).map((row) => row.id))
  const unknownRole = roleIds.findIndex((id) => !known.has(id))
  if (unknownRole >= 0) throw invalid(`roleClusters.${unknownRole}.roleId: Role not found`)

  const clusterIds = [...new Set(input.roleClusters.flatMap((role) => role.clusters))]
  const ofEntity = new Set(
    (await tx.select({ id: clusters.id }).from(clusters).where(and(inArray(clusters.id, clusterIds), eq(clusters.entityId, entity.id)))).map((row) => row.id),
  )
  input.roleClusters.forEach((role, i) => {
    const j = role.clusters.findIndex((id) => !ofEntity.has(id))
    if (j >= 0) throw invalid(`roleClusters.${i}.clusters.${j}: Cluster not found for this entity`)
  })

  const taken = () => conflict(`A planning type named "${input.typeName}" already exists for ${entity.name}`)
  const names = () => tx.select({ id: plannings.id, name: plannings.typeName }).from(plannings).where(eq(plannings.entityId, entity.id))
  if (!(await nameIsFree(tx, 'planningType', input.typeName, names))) throw taken()
  const [created] = await tx
    .insert(plannings)
    .values({ categoryId: input.categoryId, entityId: input.entityId, typeName: input.typeName, createdAt: now })
    .onConflictDoNothing()
    .returning()
  if (!created) throw taken()
  await tx
    .insert(planningRoles)
    .values(input.roleClusters.map((role, position) => ({ planningId: created.id, roleId: role.roleId, position, clusters: role.clusters })))
  return created.id
}

/**
 * Replaces one role's cluster list with a new grouping of the same clusters, and records the
 * grouping before → after. Not found when the planning type is gone, invalid when the role is not of it or
 * the grouping does not use exactly its clusters.
 */
export async function regroupPlanning(ctx: StoreContext, planningId: string, { roleId, groups }: PlanningGroups) {
  const { now } = ctx
  return transaction(ctx, async ({ db: tx }) => {
    // Locked: two groupings saved at once must not interleave.
    const [role] = await tx
      .select()
      .from(planningRoles)
      .where(and(eq(planningRoles.planningId, planningId), eq(planningRoles.roleId, roleId)))
      .for('update')
    if (!role) {
      const [planning] = await tx.select({ id: plannings.id }).from(plannings).where(eq(plannings.id, planningId))
      if (!planning) throw notFound('Planning type not found')
      throw invalid('roleId: This role is not part of the planning type')
    }
    if (!usesEachClusterOnce(role.clusters as ClusterList, groups)) throw invalid(`groups: ${planningOwnMessages.groupsMustMatch}`)
    await tx
      .update(planningRoles)
      .set({ clusters: groups })
      .where(and(eq(planningRoles.planningId, planningId), eq(planningRoles.roleId, roleId)))
    const planning = (await loadPlanning(tx, planningId))!
    const changes = fieldChanges({ groups: role.clusters }, { groups })
    if (changes.length) {
      const roleName = planning.roleClusters.find((entry) => entry.roleId._id === roleId)?.roleId.name
      await recordChange(tx, auditActor(ctx), now, { entityType: 'planning', entityId: planningId, label: `${planning.typeName} · ${roleName}`, action: 'changed', changes })
    }
    return planning
  })
}
