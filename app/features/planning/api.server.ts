import { groupClusters } from '#domain/planning/cluster-list'
import { listCategories, listClusters, listEntities, listPlannings, saveGroups } from '#app/lib/api/catalog.server'
import { listOr, type Caller } from '#app/lib/api/http.server'
import { listRoles } from '#app/lib/api/people.server'
import { resolveCascade } from '#app/lib/cascade.server'
import { isUuid } from '#domain/ids'
import type { Selection } from './form'

/** The calls of the Planning screen; failed loads are empty lists (spec/administration-planning.md §8). */

/** The category and entity lists, and the choices that are in them (an entity of another category counts as none). */
export async function loadChoice(caller: Caller, wanted: Selection) {
  // What is not an id names no category: no call is made for it.
  const categoryId = isUuid(wanted.categoryId) ? wanted.categoryId : ''
  const [category, entity] = await resolveCascade([
    { wanted: categoryId, load: () => listCategories(caller) },
    { wanted: wanted.entityId ?? '', load: () => listEntities(caller, { categoryId }) },
  ])
  return { categories: category.list, entities: entity.list, category: category.chosen, entity: entity.chosen }
}

/** The planning types and clusters of a choice (all of them without one). */
export async function loadTable(caller: Caller, filter: { categoryId?: string; entityId?: string }) {
  const [plannings, clusters] = await Promise.all([listPlannings(caller, filter), listClusters(caller, filter)])
  return { plannings: listOr(plannings), clusters: listOr(clusters) }
}

export async function loadRoles(caller: Caller) {
  const result = await listRoles(caller)
  return listOr(result, (data) => data.roles).map(({ _id, name }) => ({ _id, name }))
}

/**
 * Group Clusters: the role's new list is computed from its saved one with the domain's rule (the
 * selected single clusters become one group; the rest stays). The dialog was opened from the table
 * as `filter` filters it, so the same filter finds the planning. A failure is not shown (spec/administration-planning.md §8):
 * the answer is whether it saved, for the confirmation, and the cookies to pass on.
 */
export async function groupRoleClusters(caller: Caller, filter: { categoryId?: string; entityId?: string }, posted: { planningId: string; roleId: string; selected: string[] }) {
  const plannings = await listPlannings(caller, filter)
  const planning = listOr(plannings).find((row) => row._id === posted.planningId)
  const role = planning?.roleClusters.find((entry) => entry.roleId._id === posted.roleId)
  if (!role) return { saved: false, headers: plannings.headers }
  const saved = await saveGroups(caller, posted.planningId, { roleId: posted.roleId, groups: groupClusters(role.clusters, posted.selected) })
  if (!saved.ok) console.warn(`Group clusters: the API answered ${saved.error.status ?? 'nothing'}`)
  return { saved: saved.ok, headers: saved.headers }
}
