import { fieldChanges } from '#domain/audit'
import { clusterLabel } from '#domain/planning/cluster-list'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { clusters, projectEntities, projectEntityUserMappings, roles, users } from '#api/db/schema'
import type { Change } from '#api/audit/record'

/**
 * The audit log's entries about a project's plan: its instances ("Tower B / Block 1")
 * and who is tagged on them ("Asha Rao on Tower B / Block 1 · Engineer · Foundation + Plinth"),
 * each tag entry about the person tagged, so that they see who tagged or untagged them.
 */

/** What the log shows of an instance: the API's field names of the card it is on. */
export interface InstanceFields {
  name: string
  categoryId: string
  entityId: string
  typeId: string
}

export const instanceLabel = (projectName: string, instanceName: string) => `${projectName} / ${instanceName}`

export function instanceEntry(projectId: string, projectName: string, id: string, before: InstanceFields | null, after: InstanceFields | null): Change {
  return {
    entityType: 'instance',
    entityId: id,
    label: instanceLabel(projectName, (after ?? before)!.name),
    action: before === null ? 'created' : after === null ? 'removed' : 'changed',
    changes: fieldChanges(before && { ...before }, after && { ...after }),
    projectId,
  }
}

/** One person on one cluster (or group) of one role of one instance. */
export interface TagOnRecord {
  projectId: string
  /** "Tower B / Block 1" */
  instanceLabel: string
  projectEntityId: string
  roleId: string
  roleName: string
  userId: string
  personName: string
  clusterLabel: string
}

export function tagEntry(tag: TagOnRecord, before: string[] | null, after: string[] | null): Change {
  const fields = (clusterIds: string[] | null) => clusterIds && { userId: tag.userId, roleId: tag.roleId, clusterIds }
  return {
    entityType: 'tag',
    entityId: tag.projectEntityId,
    label: `${tag.personName} on ${tag.instanceLabel} · ${tag.roleName} · ${tag.clusterLabel}`,
    action: before === null ? 'created' : after === null ? 'removed' : 'changed',
    changes: fieldChanges(fields(before), fields(after)),
    subjectId: tag.userId,
    projectId: tag.projectId,
  }
}

export const personName = (user: { fullName: string | null; email: string }) => user.fullName || user.email

/**
 * The removal of every tag of instances about to go (their tags go with them): one entry per
 * person, role and instance, naming the clusters they were on. Read only when instances go.
 * Answers the entries and how many tag rows there were.
 */
export async function tagRemovals(tx: Executor, project: { id: string; name: string }, instanceIds: string[]) {
  if (instanceIds.length === 0) return { entries: [] as Change[], rows: 0 }
  const rows = await tx
    .select({
      projectEntityId: projectEntityUserMappings.projectEntityId,
      instanceName: projectEntities.name,
      roleId: projectEntityUserMappings.roleId,
      roleName: roles.name,
      clusterId: projectEntityUserMappings.clusterId,
      clusterName: clusters.name,
      userId: projectEntityUserMappings.userId,
      fullName: users.fullName,
      email: users.email,
    })
    .from(projectEntityUserMappings)
    .innerJoin(projectEntities, eq(projectEntities.id, projectEntityUserMappings.projectEntityId))
    .innerJoin(roles, eq(roles.id, projectEntityUserMappings.roleId))
    .innerJoin(clusters, eq(clusters.id, projectEntityUserMappings.clusterId))
    .innerJoin(users, eq(users.id, projectEntityUserMappings.userId))
    .where(inArray(projectEntityUserMappings.projectEntityId, instanceIds))
    // Clusters in the order the cluster lists show them (listClusters).
    .orderBy(asc(projectEntityUserMappings.createdAt), asc(clusters.createdAt), asc(sql`lower(${clusters.name})`), asc(clusters.id))
  const tags = new Map<string, { tag: TagOnRecord; clusterIds: string[]; names: Map<string, string> }>()
  for (const row of rows) {
    const key = `${row.projectEntityId} ${row.roleId} ${row.userId}`
    let found = tags.get(key)
    if (!found) {
      const tag = {
        projectId: project.id,
        instanceLabel: instanceLabel(project.name, row.instanceName),
        projectEntityId: row.projectEntityId,
        roleId: row.roleId,
        roleName: row.roleName,
        userId: row.userId,
        personName: personName(row),
        clusterLabel: '',
      }
      tags.set(key, (found = { tag, clusterIds: [], names: new Map() }))
    }
    found.clusterIds.push(row.clusterId)
    found.names.set(row.clusterId, row.clusterName)
  }
  const entries = [...tags.values()].map(({ tag, clusterIds, names }) =>
    tagEntry({ ...tag, clusterLabel: clusterLabel(clusterIds.length === 1 ? clusterIds[0] : clusterIds, names) }, clusterIds, null),
  )
  return { entries, rows: rows.length }
}
