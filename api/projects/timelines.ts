import type { TimelineRow } from '#domain/contracts/projects'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { clusterLabel } from '#domain/planning/cluster-list'
import { effectiveDates, isSite, rollUp, type PlanItem, type RollUpInput } from '#domain/planning/project-plan'
import { planningOwnMessages } from '#domain/planning/messages'
import type { SiteOverride } from '#domain/planning/project-schemas'
import type { Executor } from '#api/db/client'
import { clusters, entities, projectResourceInstances, projects, roles, siteOverrides } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { invalid } from '#api/refusals'
import { recordChange, type Change } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { fieldChanges } from '#domain/audit'
import { loadCardItems, loadCards } from './plan'

export const OVERRIDE_MARK = 'created' as const

/**
 * The clusters of an entity type with a project's dates (its Site overrides over the clusters' own),
 * in the order they were added. One query. `created` marks the clusters with user-set dates.
 */
export async function loadTimeline(db: Executor, projectId: string, entityId: string, only?: string[]): Promise<TimelineRow[]> {
  const rows = await db
    .select({ cluster: clusters, override: siteOverrides })
    .from(clusters)
    .leftJoin(siteOverrides, and(eq(siteOverrides.clusterId, clusters.id), eq(siteOverrides.projectId, projectId)))
    .where(and(eq(clusters.entityId, entityId), only ? inArray(clusters.id, only) : undefined))
    .orderBy(asc(clusters.createdAt), asc(sql`lower(${clusters.name})`), asc(clusters.id))
  return rows.map(({ cluster, override }) => ({
    clusterId: cluster.id,
    clusterName: cluster.name,
    ...effectiveDates({ startDate: cluster.startDate, endDate: cluster.endDate }, override && { startDate: override.startDate, endDate: override.endDate }),
    default: override ? OVERRIDE_MARK : null,
  }))
}

export const presentOverride = (row: Pick<typeof siteOverrides.$inferSelect, 'clusterId' | 'startDate' | 'endDate'>) => ({
  clusterId: row.clusterId,
  startDate: row.startDate,
  endDate: row.endDate,
  default: OVERRIDE_MARK,
})

/** A project's Site overrides of the clusters of an entity type (of a category, when named). */
export async function loadSiteOverrides(db: Executor, { projectId, categoryId, entityId }: { projectId: string; categoryId?: string | null; entityId: string }) {
  const rows = await db
    .select({ clusterId: siteOverrides.clusterId, startDate: siteOverrides.startDate, endDate: siteOverrides.endDate })
    .from(siteOverrides)
    .innerJoin(clusters, eq(clusters.id, siteOverrides.clusterId))
    .where(and(eq(siteOverrides.projectId, projectId), eq(clusters.entityId, entityId), categoryId ? eq(clusters.categoryId, categoryId) : undefined))
  return rows.map(presentOverride)
}

/** The clusters of an entity type that the project's plan uses, with the project's dates. */
export async function loadPlannedTimeline(db: Executor, projectId: string, entityId: string) {
  const cards = await db
    .select({ id: projectResourceInstances.id })
    .from(projectResourceInstances)
    .where(and(eq(projectResourceInstances.projectId, projectId), eq(projectResourceInstances.entityId, entityId)))
  const items = await loadCardItems(db, cards.map((card) => card.id))
  const used = [...new Set([...items.values()].flat().flatMap((row) => row.item.clusterIds))]
  return loadTimeline(db, projectId, entityId, used)
}

/**
 * Sets a project's dates for a cluster of the Site entity type (the only editable one,
 * spec/administration-planning.md §6), and records them before →
 * after (nothing when they did not change). The entity must be of the category and the cluster
 * of the entity. Answers the override and whether this call created it. One transaction.
 */
export async function saveOverride(ctx: StoreContext, input: SiteOverride) {
  return translating(() => transaction(ctx, (tx) => writeOverride(tx, input)), {
    [FOREIGN_KEY_VIOLATION]: () => invalid('The project or the cluster no longer exists'),
  })
}

/** A Site override's entry in the log: the project's dates for one cluster, "Project / Cluster". */
const overrideEntry = (project: { id: string; name: string }, cluster: { id: string; name: string }) => ({
  entityType: 'cluster dates' as const,
  entityId: cluster.id,
  label: `${project.name} / ${cluster.name}`,
  projectId: project.id,
})

/**
 * Removes every Site override of a project about to be deleted, inside the caller's transaction
 * (the project's row locked first, so none is added meanwhile), and answers an entry for each: the
 * dates the project had for the cluster. The foreign key would remove them too, but without a word.
 */
export async function removeOverridesOf(tx: Executor, project: { id: string; name: string }): Promise<Change[]> {
  const gone = await tx.delete(siteOverrides).where(eq(siteOverrides.projectId, project.id)).returning()
  if (gone.length === 0) return []
  const names = new Map(
    (await tx.select({ id: clusters.id, name: clusters.name }).from(clusters).where(inArray(clusters.id, gone.map((row) => row.clusterId)))).map((row) => [row.id, row.name]),
  )
  return gone.map((row) => ({
    ...overrideEntry(project, { id: row.clusterId, name: names.get(row.clusterId)! }),
    action: 'removed' as const,
    changes: fieldChanges({ startDate: row.startDate, endDate: row.endDate }, null),
  }))
}

async function writeOverride(ctx: StoreContext, input: SiteOverride) {
  const { db: tx, now } = ctx
  const [project] = await tx.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, input.projectId))
  if (!project) throw invalid('projectId: Project not found')
  const [entity] = await tx.select().from(entities).where(eq(entities.id, input.entityId))
  if (!entity || entity.categoryId !== input.categoryId) throw invalid('entityId: Entity not found in this category')
  if (!isSite(entity.name)) throw invalid(planningOwnMessages.onlySite)
  // With the dates it had, if any: what the audit log shows as before.
  const [cluster] = await tx
    .select({ entityId: clusters.entityId, name: clusters.name, override: { startDate: siteOverrides.startDate, endDate: siteOverrides.endDate } })
    .from(clusters)
    .leftJoin(siteOverrides, and(eq(siteOverrides.clusterId, clusters.id), eq(siteOverrides.projectId, input.projectId)))
    .where(eq(clusters.id, input.clusterId))
  if (cluster?.entityId !== entity.id) throw invalid('clusterId: Cluster not found for this entity')
  const [saved] = await tx
    .insert(siteOverrides)
    .values({ projectId: input.projectId, clusterId: input.clusterId, startDate: input.startDate, endDate: input.endDate, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [siteOverrides.projectId, siteOverrides.clusterId], set: { startDate: input.startDate, endDate: input.endDate, updatedAt: now } })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ clusterId: siteOverrides.clusterId, startDate: siteOverrides.startDate, endDate: siteOverrides.endDate, inserted: sql<boolean>`(xmax = 0)` })
  const changes = fieldChanges(saved.inserted ? null : cluster.override, { startDate: saved.startDate, endDate: saved.endDate })
  // A new override is recorded even with both dates cleared: it hides the cluster's own.
  if (saved.inserted || changes.length) {
    await recordChange(tx, auditActor(ctx), now, { ...overrideEntry(project, { id: input.clusterId, name: cluster.name }), action: saved.inserted ? 'created' : 'changed', changes })
  }
  return { override: presentOverride(saved), created: saved.inserted }
}

/**
 * Roles → projects → clusters over every project's plan (GET /api/role-project-clusters). Every
 * role is listed, those no project plans with no projects. Six queries, whatever the numbers.
 */
export async function loadRollUp(db: Executor) {
  const cards = await loadCards(db, null)
  const items = await loadCardItems(db, cards.map((card) => card._id))
  const clusterIds = [...new Set([...items.values()].flat().flatMap((row) => row.item.clusterIds))]
  const clusterRows = clusterIds.length ? await db.select({ id: clusters.id, name: clusters.name, startDate: clusters.startDate }).from(clusters).where(inArray(clusters.id, clusterIds)) : []
  const overrides = clusterIds.length
    ? await db.select({ projectId: siteOverrides.projectId, clusterId: siteOverrides.clusterId, startDate: siteOverrides.startDate }).from(siteOverrides).where(inArray(siteOverrides.clusterId, clusterIds))
    : []
  const allRoles = await db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(sql`lower(${roles.name})`), asc(roles.id))

  const names = new Map(clusterRows.map((row) => [row.id, row.name]))
  const starts = new Map(clusterRows.map((row) => [row.id, row.startDate]))
  const overridden = new Map(overrides.map((row) => [`${row.projectId}/${row.clusterId}`, row.startDate]))
  type Project = RollUpInput['projects'][number]
  const projectsInOrder = new Map<string, Project & { cards: Project['cards'][number][] }>()
  for (const card of [...cards].sort((a, b) => a.projectName.localeCompare(b.projectName))) {
    let project = projectsInOrder.get(card.projectId)
    if (!project) projectsInOrder.set(card.projectId, (project = { projectId: card.projectId, projectName: card.projectName, cards: [] }))
    const byRole = new Map<string, { roleId: string; roleName: string; items: PlanItem[] }>()
    for (const row of items.get(card._id) ?? []) {
      if (!byRole.has(row.roleId)) byRole.set(row.roleId, { roleId: row.roleId, roleName: row.roleName, items: [] })
      byRole.get(row.roleId)!.items.push(row.item)
    }
    project.cards.push({ instances: card.number, roles: [...byRole.values()] })
  }
  const rolled = new Map(
    rollUp({
      projects: [...projectsInOrder.values()],
      startOf: (projectId, clusterId) => (overridden.has(`${projectId}/${clusterId}`) ? overridden.get(`${projectId}/${clusterId}`)! : (starts.get(clusterId) ?? null)),
      labelOf: (ids) => clusterLabel(ids.length === 1 ? ids[0] : [...ids], names),
    }).map((role) => [role.roleId, role]),
  )
  return allRoles.map((role) => rolled.get(role.id) ?? { roleId: role.id, roleName: role.name, requirement: 0, projects: [] })
}
