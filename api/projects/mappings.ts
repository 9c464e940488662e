import type { Mapping } from '#domain/contracts/projects'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { tagChanges } from '#domain/planning/changes'
import { clusterLabel, sameClusterSet } from '#domain/planning/cluster-list'
import { assignmentProblem, plannedSources, taggingRequirement } from '#domain/planning/project-plan'
import type { MappingReplace } from '#domain/planning/project-schemas'
import type { Executor } from '#api/db/client'
import { clusters, projectEntities, projectEntityUserMappings, projectResourceInstances, projects, users } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import type { ChangeCheck } from '#api/change-check'
import { invalid, notFound } from '#api/refusals'
import { recordChanges, type Change } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { instanceLabel, personName, tagEntry } from './entries'
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
 * Replaces the users tagged to one cluster (or group) of one role of one instance, in one
 * transaction. The instance's row is locked first, so two replaces of it run one after
 * the other and the last one's set is what stays: never a mix. The requirement is computed here
 * from the saved plan, whatever the browser believed. Who is tagged and untagged goes to `check`
 * before anything is written (untagging someone removes a tag: it needs delete). Each person
 * tagged, untagged or moved is recorded, about them.
 */
export async function replaceMapping(ctx: StoreContext, input: MappingReplace, check: ChangeCheck) {
  return translating(() => transaction(ctx, (tx) => writeMapping(tx, input, check)), {
    // A user, role or cluster was deleted meanwhile.
    [FOREIGN_KEY_VIOLATION]: () => invalid('A user or cluster of this tagging no longer exists'),
  })
}

async function writeMapping(ctx: StoreContext, input: MappingReplace, check: ChangeCheck) {
  const { db: tx, now } = ctx
  const [instance] = await tx
    .select({
      id: projectEntities.id,
      name: projectEntities.name,
      cardId: projectEntities.instanceId,
      projectId: projectResourceInstances.projectId,
      projectName: projects.name,
      // For the audit log's label, read here rather than in a query of their own.
      clusterNames: sql<[string, string][] | null>`(select json_agg(json_build_array(${clusters.id}, ${clusters.name})) from ${clusters} where ${inArray(clusters.id, input.clusterIds)})`,
    })
    .from(projectEntities)
    .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
    .innerJoin(projects, eq(projects.id, projectResourceInstances.projectId))
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
  if (!target) throw invalid("clusterIds: Not a cluster of this role in the project's plan")

  const userIds = [...new Set(input.userIds)]
  const people = new Map((userIds.length ? await tx.select({ id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, userIds)) : []).map((row) => [row.id, personName(row)]))
  const known = new Set(people.keys())
  const unknown = input.userIds.findIndex((id) => !known.has(id))
  if (unknown >= 0) throw invalid(`userIds.${unknown}: User not found`)
  const needed = taggingRequirement(target.item, planned).total
  const problem = assignmentProblem(needed, userIds.length, 'save')
  if (problem) throw invalid(problem)

  const clusterIds = [...target.item.clusterIds]
  const where = and(
    eq(projectEntityUserMappings.projectEntityId, instance.id),
    eq(projectEntityUserMappings.roleId, input.roleId),
    inArray(projectEntityUserMappings.clusterId, clusterIds),
  )
  // With their names: the people this untags are named nowhere else.
  const stored = await tx
    .select({ clusterId: projectEntityUserMappings.clusterId, userId: projectEntityUserMappings.userId, fullName: users.fullName, email: users.email })
    .from(projectEntityUserMappings)
    .innerJoin(users, eq(users.id, projectEntityUserMappings.userId))
    .where(where)
  const values = clusterIds.flatMap((clusterId) => userIds.map((userId) => ({ projectEntityId: instance.id, roleId: input.roleId, clusterId, userId, createdAt: now })))
  check(tagChanges(stored, values))
  await tx.delete(projectEntityUserMappings).where(where)
  if (values.length) await tx.insert(projectEntityUserMappings).values(values)
  await recordChanges(tx, auditActor(ctx), now, tagEntries({ ...instance, roleId: input.roleId, roleName: target.roleName }, clusterIds, stored, userIds, people))
  return { requirement: needed, mappings: await loadMappings(tx, { projectId: input.projectId, projectEntityId: instance.id, roleId: input.roleId, clusterIds }) }
}

/** One entry per person whose tagging of this cluster (or group) changed: tagged, untagged, or on other clusters of it than before. */
function tagEntries(
  at: { id: string; name: string; projectId: string; projectName: string; roleId: string; roleName: string; clusterNames: [string, string][] | null },
  clusterIds: string[],
  stored: { clusterId: string; userId: string; fullName: string | null; email: string }[],
  userIds: string[],
  people: Map<string, string>,
): Change[] {
  const before = new Map<string, string[]>()
  const names = new Map(people)
  for (const row of stored) {
    before.set(row.userId, [...(before.get(row.userId) ?? []), row.clusterId])
    names.set(row.userId, personName(row))
  }
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id))
  const changed = [...new Set([...before.keys(), ...userIds])].flatMap((userId) => {
    const was = before.get(userId) ?? null
    const is = userIds.includes(userId) ? clusterIds : null
    return was && is && sameSet(was, is) ? [] : [{ userId, was, is }]
  })
  const label = clusterLabel(clusterIds.length === 1 ? clusterIds[0] : clusterIds, new Map(at.clusterNames ?? []))
  return changed.map(({ userId, was, is }) =>
    tagEntry(
      {
        projectId: at.projectId,
        instanceLabel: instanceLabel(at.projectName, at.name),
        projectEntityId: at.id,
        roleId: at.roleId,
        roleName: at.roleName,
        userId,
        personName: names.get(userId)!,
        clusterLabel: label,
      },
      was,
      is,
    ),
  )
}
