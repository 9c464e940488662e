import type { Template, TemplateItem } from '#domain/contracts/planning'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { flatten, sameClusterSet, type ClusterList } from '#domain/planning/cluster-list'
import { UNAVAILABLE_CLUSTER, UNAVAILABLE_ENTITY } from '#domain/planning/messages'
import type { TemplateSave } from '#domain/planning/schemas'
import type { Executor } from '#api/db/client'
import { categories, clusters, entities, planningRoles, plannings, resourcePlanningTemplates, roles, templateItems } from '#api/db/schema'
import { badRequest } from '#api/http/errors'

export type TemplateFilter = { id: string } | { categoryId: string; entityId: string; planningId: string } | Record<string, never>

/**
 * Templates as the template table reads them: category, entity, planning type, roles, clusters
 * and interchange sources populated with their names; clusters gone read '(Unavailable Cluster)'.
 * At most four queries, whatever the numbers.
 */
export async function loadTemplates(db: Executor, filter: TemplateFilter = {}): Promise<Template[]> {
  const where: SQL[] = []
  if ('id' in filter) where.push(eq(resourcePlanningTemplates.id, filter.id))
  if ('planningId' in filter) {
    where.push(
      eq(resourcePlanningTemplates.categoryId, filter.categoryId),
      eq(resourcePlanningTemplates.entityId, filter.entityId),
      eq(resourcePlanningTemplates.planningId, filter.planningId),
    )
  }
  const rows = await db
    .select({
      template: resourcePlanningTemplates,
      category: { _id: categories.id, name: categories.name },
      entity: { _id: entities.id, name: entities.name },
      planning: { _id: plannings.id, typeName: plannings.typeName },
    })
    .from(resourcePlanningTemplates)
    .innerJoin(categories, eq(categories.id, resourcePlanningTemplates.categoryId))
    .innerJoin(entities, eq(entities.id, resourcePlanningTemplates.entityId))
    .innerJoin(plannings, eq(plannings.id, resourcePlanningTemplates.planningId))
    .where(and(...where))
    .orderBy(asc(sql`lower(${categories.name})`), asc(sql`lower(${entities.name})`), asc(sql`lower(${plannings.typeName})`), asc(resourcePlanningTemplates.id))
  if (rows.length === 0) return []

  const items = await db
    .select({ item: templateItems, role: { _id: roles.id, name: roles.name } })
    .from(templateItems)
    .innerJoin(roles, eq(roles.id, templateItems.roleId))
    .where(inArray(templateItems.templateId, rows.map((row) => row.template.id)))
    .orderBy(asc(templateItems.templateId), asc(templateItems.position))

  const clusterIds = new Set(items.flatMap(({ item }) => [...item.clusterIds, ...item.interchanges.map((row) => row.interchangeFrom.clusterId)]))
  const entityIds = new Set(items.flatMap(({ item }) => item.interchanges.map((row) => row.interchangeFrom.entityId)))
  const clusterNames = await namesOf(db, clusters, clusterIds)
  const entityNames = await namesOf(db, entities, entityIds)
  const clusterRef = (id: string) => ({ _id: id, name: clusterNames.get(id) ?? UNAVAILABLE_CLUSTER })

  return rows.map(({ template, category, entity, planning }) => {
    const byRole = new Map<string, { roleId: { _id: string; name: string }; clusters: ReturnType<typeof presentItem>[] }>()
    for (const { item, role } of items) {
      if (item.templateId !== template.id) continue
      if (!byRole.has(role._id)) byRole.set(role._id, { roleId: role, clusters: [] })
      byRole.get(role._id)!.clusters.push(presentItem(item))
    }
    return {
      _id: template.id,
      categoryId: category,
      entityId: entity,
      planningId: planning,
      roleClusters: [...byRole.values()],
      createdAt: template.createdAt.toISOString(),
      updatedAt: template.updatedAt.toISOString(),
    }
  })

  function presentItem(item: typeof templateItems.$inferSelect): TemplateItem {
    return {
      _id: item.id,
      clusterId: item.clusterIds.map(clusterRef),
      plannedPeople: item.plannedPeople,
      isInterchange: item.isInterchange,
      interchanges: item.interchanges.map((row) => ({
        interchangePeople: row.interchangePeople,
        interchangeFrom: {
          entityId: { _id: row.interchangeFrom.entityId, name: entityNames.get(row.interchangeFrom.entityId) ?? UNAVAILABLE_ENTITY },
          clusterId: clusterRef(row.interchangeFrom.clusterId),
        },
      })),
    }
  }
}
export type PresentedTemplate = Awaited<ReturnType<typeof loadTemplates>>[number]

export async function loadTemplate(db: Executor, filter: TemplateFilter) {
  const [template] = await loadTemplates(db, filter)
  return template ?? null
}

async function namesOf(db: Executor, table: typeof clusters | typeof entities, ids: Set<string>) {
  if (ids.size === 0) return new Map<string, string>()
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, [...ids]))
  return new Map(rows.map((row) => [row.id, row.name]))
}

/**
 * Checks a template against what it refers to (400 naming the field): the planning type is of the
 * category and entity; each role is one of its roles; each cluster item is one of that role's
 * clusters or groups; each interchange comes from an entity of the category and a cluster of it.
 */
export async function checkTemplate(tx: Executor, input: TemplateSave) {
  const [planning] = await tx.select().from(plannings).where(eq(plannings.id, input.planningId))
  if (!planning) throw badRequest('planningId: Planning type not found')
  if (planning.categoryId !== input.categoryId || planning.entityId !== input.entityId) {
    throw badRequest('planningId: This planning type is not of the chosen category and entity')
  }
  const planned = new Map(
    (await tx.select().from(planningRoles).where(eq(planningRoles.planningId, planning.id))).map((row) => [row.roleId, row.clusters as ClusterList]),
  )
  input.roleClusters.forEach((role, i) => {
    const entries = planned.get(role.roleId)
    if (!entries) throw badRequest(`roleClusters.${i}.roleId: This role is not part of the planning type`)
    role.clusters.forEach((item, j) => {
      if (!entries.some((entry) => sameClusterSet([entry], item.clusterId) && flatten([entry]).length === item.clusterId.length)) {
        throw badRequest(`roleClusters.${i}.clusters.${j}.clusterId: Not a cluster of this role in the planning type`)
      }
    })
  })

  const rows = input.roleClusters.flatMap((role, i) =>
    role.clusters.flatMap((item, j) => item.interchanges.map((row, k) => ({ row, at: `roleClusters.${i}.clusters.${j}.interchanges.${k}.interchangeFrom` }))),
  )
  if (rows.length === 0) return
  const sourceEntities = new Map(
    (await tx
      .select({ id: entities.id, categoryId: entities.categoryId })
      .from(entities)
      .where(inArray(entities.id, [...new Set(rows.map(({ row }) => row.interchangeFrom.entityId))]))).map((row) => [row.id, row.categoryId]),
  )
  const sourceClusters = new Map(
    (await tx
      .select({ id: clusters.id, entityId: clusters.entityId })
      .from(clusters)
      .where(inArray(clusters.id, [...new Set(rows.map(({ row }) => row.interchangeFrom.clusterId))]))).map((row) => [row.id, row.entityId]),
  )
  for (const { row, at } of rows) {
    if (sourceEntities.get(row.interchangeFrom.entityId) !== input.categoryId) throw badRequest(`${at}.entityId: Entity not found in this category`)
    if (sourceClusters.get(row.interchangeFrom.clusterId) !== row.interchangeFrom.entityId) throw badRequest(`${at}.clusterId: Cluster not found for this entity`)
  }
}

/** The payload's items, as they are stored and as a save's changes are judged (domain/planning/changes.ts). */
export const itemFiguresOf = (input: TemplateSave) =>
  input.roleClusters.flatMap((role) =>
    role.clusters.map((item) => ({
      roleId: role.roleId,
      clusterIds: item.clusterId,
      plannedPeople: item.plannedPeople,
      isInterchange: item.isInterchange,
      interchanges: item.interchanges,
    })),
  )

/** A template's stored items, read inside the caller's transaction (the template row locked). */
export const loadItemFigures = (tx: Executor, templateId: string) =>
  tx
    .select({
      roleId: templateItems.roleId,
      clusterIds: templateItems.clusterIds,
      plannedPeople: templateItems.plannedPeople,
      isInterchange: templateItems.isInterchange,
      interchanges: templateItems.interchanges,
    })
    .from(templateItems)
    .where(eq(templateItems.templateId, templateId))

/** Replaces a template's items with the payload's, in the payload's order. */
export async function writeItems(tx: Executor, templateId: string, input: TemplateSave) {
  await tx.delete(templateItems).where(eq(templateItems.templateId, templateId))
  await tx.insert(templateItems).values(itemFiguresOf(input).map((value, position) => ({ ...value, templateId, position })))
}
