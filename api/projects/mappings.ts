import type { Mapping } from '#domain/contracts/projects'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { tagChanges } from '#domain/planning/changes'
import { sameClusterSet } from '#domain/planning/cluster-list'
import { assignmentProblem, plannedSources, taggingRequirement } from '#domain/planning/project-plan'
import type { MappingReplace } from '#domain/planning/project-schemas'
import type { Executor } from '#api/db/client'
import { projectEntities, projectEntityUserMappings, projectResourceInstances, users } from '#api/db/schema'
import type { ChangeCheck } from '#api/http/changes'
import { badRequest, notFound } from '#api/http/errors'
import { loadCardItems } from './plan'

/** The users tagged in a project, as GET /api/project-entity-user-mappings answers them. One query. */
export async function loadMappings(db: Executor, filter: { projectId: string; projectEntityId?: string; roleId?: string; clusterIds?: string[] }): Promise<Mapping[]> {
  const rows = await db
    .select({
      projectEntityId: projectEntityUserMappings.projectEntityId,
      clusterId: projectEntityUserMappings.clusterId,
      roleId: projectEntityUserMappings.roleId,
      user: { _id: users.id, fullName: users.fullName, email: users.email },
    })
    .from(projectEntityUserMappings)
    .innerJoin(projectEntities, eq(projectEntities.id, projectEntityUserMappings.projectEntityId))
    .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
    .innerJoin(users, eq(users.id, projectEntityUserMappings.userId))
    .where(
      and(
        eq(projectResourceInstances.projectId, filter.projectId),
        filter.projectEntityId ? eq(projectEntityUserMappings.projectEntityId, filter.projectEntityId) : undefined,
        filter.roleId ? eq(projectEntityUserMappings.roleId, filter.roleId) : undefined,
        filter.clusterIds ? inArray(projectEntityUserMappings.clusterId, filter.clusterIds) : undefined,
      ),
    )
    .orderBy(asc(projectEntityUserMappings.projectEntityId), asc(projectEntityUserMappings.roleId), asc(projectEntityUserMappings.createdAt), asc(sql`lower(coalesce(${users.fullName}, ${users.email}))`))
  return rows
}

/**
 * Replaces the users tagged to one cluster (or group) of one role of one instance, inside the
 * caller's transaction. The instance's row is locked first, so two replaces of it run one after
 * the other and the last one's set is what stays: never a mix. The requirement is computed here
 * from the saved plan, whatever the browser believed. Who is tagged and untagged goes to `check`
 * before anything is written (untagging someone removes a tag: it needs delete).
 */
export async function replaceMapping(tx: Executor, input: MappingReplace, now: Date, check: ChangeCheck) {
  const [instance] = await tx
    .select({ id: projectEntities.id, cardId: projectEntities.instanceId, projectId: projectResourceInstances.projectId })
    .from(projectEntities)
    .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
    .where(eq(projectEntities.id, input.projectEntityId))
    .for('update', { of: projectEntities })
  if (!instance || instance.projectId !== input.projectId) throw notFound('This project entity is not part of the project')

  const cards = await tx
    .select({ id: projectResourceInstances.id, entityId: projectResourceInstances.entityId })
    .from(projectResourceInstances)
    .where(eq(projectResourceInstances.projectId, input.projectId))
  const items = await loadCardItems(tx, cards.map((card) => card.id))
  const planned = plannedSources(cards.map((card) => ({ entityId: card.entityId, items: (items.get(card.id) ?? []).map((row) => row.item) })))
  const target = (items.get(instance.cardId) ?? []).find(
    (row) => row.roleId === input.roleId && row.item.clusterIds.length === new Set(input.clusterIds).size && sameClusterSet(row.item.clusterIds, input.clusterIds),
  )
  if (!target) throw badRequest("clusterIds: Not a cluster of this role in the project's plan")

  const userIds = [...new Set(input.userIds)]
  const known = new Set((userIds.length ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds)) : []).map((row) => row.id))
  const unknown = input.userIds.findIndex((id) => !known.has(id))
  if (unknown >= 0) throw badRequest(`userIds.${unknown}: User not found`)
  const needed = taggingRequirement(target.item, planned).total
  const problem = assignmentProblem(needed, userIds.length, 'save')
  if (problem) throw badRequest(problem)

  const clusterIds = [...target.item.clusterIds]
  const where = and(
    eq(projectEntityUserMappings.projectEntityId, instance.id),
    eq(projectEntityUserMappings.roleId, input.roleId),
    inArray(projectEntityUserMappings.clusterId, clusterIds),
  )
  const stored = await tx.select({ clusterId: projectEntityUserMappings.clusterId, userId: projectEntityUserMappings.userId }).from(projectEntityUserMappings).where(where)
  const values = clusterIds.flatMap((clusterId) => userIds.map((userId) => ({ projectEntityId: instance.id, roleId: input.roleId, clusterId, userId, createdAt: now })))
  check(tagChanges(stored, values))
  await tx.delete(projectEntityUserMappings).where(where)
  if (values.length) await tx.insert(projectEntityUserMappings).values(values)
  return { requirement: needed, mappings: await loadMappings(tx, { projectId: input.projectId, projectEntityId: instance.id, roleId: input.roleId, clusterIds }) }
}
