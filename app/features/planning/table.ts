import type { Cluster } from '#domain/contracts/catalog'
import type { Planning } from '#domain/contracts/planning'
import { formatDate } from '#domain/dates'
import { clusterLabel, isGroup, singleClusters, type ClusterList } from '#domain/planning/cluster-list'
import type { GroupState, PlanningRow } from './form'

/** Saved Planning Types as the page shows them: clusters by name, groups as one combined label. Pure. */

export type Label = (entry: ClusterList[number]) => string

/** A cluster entry's label, from the clusters the table loaded. */
export function labelOf(clusters: Pick<Cluster, '_id' | 'name'>[]): Label {
  const names = new Map(clusters.map((cluster) => [cluster._id, cluster.name]))
  return (entry) => clusterLabel(entry, names)
}

export function rowsOf(plannings: Planning[], label: Label): PlanningRow[] {
  return plannings.map((planning) => ({
    _id: planning._id,
    category: planning.categoryId.name,
    entity: planning.entityId.name,
    typeName: planning.typeName,
    created: formatDate(planning.createdAt),
    roles: planning.roleClusters.map((role) => ({ _id: role.roleId._id, name: role.roleId.name, clusters: role.clusters.map(label) })),
  }))
}

/** The Group Clusters dialog of a planning's role, or null when the table has no such role. */
export function groupDialogOf(plannings: Planning[], ids: { planningId: string | null; roleId: string | null }, label: Label): GroupState | null {
  const planning = plannings.find((candidate) => candidate._id === ids.planningId)
  const role = planning?.roleClusters.find((candidate) => candidate.roleId._id === ids.roleId)
  if (!planning || !role) return null
  return {
    planningId: planning._id,
    roleId: role.roleId._id,
    roleName: role.roleId.name,
    singles: singleClusters(role.clusters).map((id) => ({ _id: id, name: label(id) })),
    groups: role.clusters.filter(isGroup).map(label),
  }
}
