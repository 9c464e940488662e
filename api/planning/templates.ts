import type { Template, TemplateItem } from '#domain/contracts/planning'
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { fieldChanges } from '#domain/audit'
import { flatten, sameClusterSet, type ClusterList } from '#domain/planning/cluster-list'
import { templateChanges, type TemplateItemFigures } from '#domain/planning/changes'
import { UNAVAILABLE_CLUSTER, UNAVAILABLE_ENTITY } from '#domain/planning/messages'
import type { TemplateSave } from '#domain/planning/schemas'
import type { Executor } from '#api/db/client'
import { categories, clusters, entities, planningRoles, plannings, resourcePlanningTemplates, roles, templateItems } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import type { ChangeCheck } from '#api/change-check'
import { invalid, notFound } from '#api/refusals'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'

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
 * Checks a template against what it refers to (refused as invalid, naming the field): the planning type is of the
 * category and entity; each role is one of its roles; each cluster item is one of that role's
 * clusters or groups; each interchange comes from an entity of the category and a cluster of it.
 */
export async function checkTemplate(tx: Executor, input: TemplateSave) {
  const [planning] = await tx.select().from(plannings).where(eq(plannings.id, input.planningId))
  if (!planning) throw invalid('planningId: Planning type not found')
  if (planning.categoryId !== input.categoryId || planning.entityId !== input.entityId) {
    throw invalid('planningId: This planning type is not of the chosen category and entity')
  }
  const planned = new Map(
    (await tx.select().from(planningRoles).where(eq(planningRoles.planningId, planning.id))).map((row) => [row.roleId, row.clusters as ClusterList]),
  )
  input.roleClusters.forEach((role, i) => {
    const entries = planned.get(role.roleId)
    if (!entries) throw invalid(`roleClusters.${i}.roleId: This role is not part of the planning type`)
    role.clusters.forEach((item, j) => {
      if (!entries.some((entry) => sameClusterSet([entry], item.clusterId) && flatten([entry]).length === item.clusterId.length)) {
        throw invalid(`roleClusters.${i}.clusters.${j}.clusterId: Not a cluster of this role in the planning type`)
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
    if (sourceEntities.get(row.interchangeFrom.entityId) !== input.categoryId) throw invalid(`${at}.entityId: Entity not found in this category`)
    if (sourceClusters.get(row.interchangeFrom.clusterId) !== row.interchangeFrom.entityId) throw invalid(`${at}.clusterId: Cluster not found for this entity`)
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
    .orderBy(asc(templateItems.position))

/** Replaces a template's items with the payload's, in the payload's order. */
export async function writeItems(tx: Executor, templateId: string, input: TemplateSave) {
  await tx.delete(templateItems).where(eq(templateItems.templateId, templateId))
  await tx.insert(templateItems).values(itemFiguresOf(input).map((value, position) => ({ ...value, templateId, position })))
}

/**
 * Items as the API names them (roleClusters → clusters, in order), for the audit log. Built field by
 * field: stored JSON comes back with its keys in another order, which must not read as a change.
 */
function roleClustersOf(items: readonly TemplateItemFigures[]) {
  const byRole = new Map<string, { roleId: string; clusters: unknown[] }>()
  for (const item of items) {
    if (!byRole.has(item.roleId)) byRole.set(item.roleId, { roleId: item.roleId, clusters: [] })
    byRole.get(item.roleId)!.clusters.push(clusterOf(item))
  }
  return [...byRole.values()]
}
const clusterOf = (item: Omit<TemplateItemFigures, 'roleId'>) => ({
  clusterId: [...item.clusterIds],
  plannedPeople: item.plannedPeople,
  isInterchange: item.isInterchange,
  interchanges: item.interchanges.map((row) => ({
    interchangePeople: row.interchangePeople,
    interchangeFrom: { entityId: row.interchangeFrom.entityId, clusterId: row.interchangeFrom.clusterId },
  })),
})

/** "Residential / Tower / Tower Standard": what the audit log calls a template. */
const labelOf = (names: { category: string; entity: string; typeName: string }) => `${names.category} / ${names.entity} / ${names.typeName}`
const labelOfTemplate = (template: Template) => labelOf({ category: template.categoryId.name, entity: template.entityId.name, typeName: template.planningId.typeName })

export type TemplateOutcome = 'created' | 'exists' | 'updated'

/**
 * Saves a template (spec/administration-planning.md §4): an existing one for the same category,
 * entity and type is answered `exists` and left alone unless `force` is true, which replaces its
 * clusters once `check` has heard what that adds, changes and removes. Created or replaced, it is
 * recorded with its clusters before → after. Everything is one transaction.
 */
export async function saveTemplate(ctx: StoreContext, input: TemplateSave, check: ChangeCheck) {
  const { now } = ctx
  const combo = { categoryId: input.categoryId, entityId: input.entityId, planningId: input.planningId }
  const after = itemFiguresOf(input)
  return translating(
    () =>
      transaction(ctx, async ({ db: tx }): Promise<{ outcome: TemplateOutcome; template: Template | null }> => {
        await checkTemplate(tx, input)
        const [created] = await tx
          .insert(resourcePlanningTemplates)
          .values({ ...combo, createdAt: now, updatedAt: now })
          .onConflictDoNothing()
          .returning({ id: resourcePlanningTemplates.id })
        if (created) {
          await writeItems(tx, created.id, input)
          const template = (await loadTemplate(tx, { id: created.id }))!
          const changes = fieldChanges(null, { ...combo, roleClusters: roleClustersOf(after) })
          await recordChange(tx, auditActor(ctx), now, { entityType: 'template', entityId: created.id, label: labelOfTemplate(template), action: 'created', changes })
          return { outcome: 'created', template }
        }
        // Locked so that two forced saves replace the items one after the other.
        const [existing] = await tx
          .select({ id: resourcePlanningTemplates.id })
          .from(resourcePlanningTemplates)
          .where(
            and(
              eq(resourcePlanningTemplates.categoryId, combo.categoryId),
              eq(resourcePlanningTemplates.entityId, combo.entityId),
              eq(resourcePlanningTemplates.planningId, combo.planningId),
            ),
          )
          .for('update')
        if (!input.force) return { outcome: 'exists', template: await loadTemplate(tx, { id: existing.id }) }
        const before = await loadItemFigures(tx, existing.id)
        check(templateChanges(before, after))
        await writeItems(tx, existing.id, input)
        await tx.update(resourcePlanningTemplates).set({ updatedAt: now }).where(eq(resourcePlanningTemplates.id, existing.id))
        const template = (await loadTemplate(tx, { id: existing.id }))!
        const changes = fieldChanges({ roleClusters: roleClustersOf(before) }, { roleClusters: roleClustersOf(after) })
        if (changes.length) await recordChange(tx, auditActor(ctx), now, { entityType: 'template', entityId: existing.id, label: labelOfTemplate(template), action: 'changed', changes })
        return { outcome: 'updated', template }
      }),
    { [FOREIGN_KEY_VIOLATION]: () => invalid('The planning type or a role of this template no longer exists') },
  )
}

/**
 * Removes one cluster item of one role, and records it. A template left without any cluster is
 * removed too: the template table would no longer show it, and saving the combination again
 * starts afresh. Answers the template left, or null. Not found (`missing`) when there is no such item.
 */
export async function removeTemplateItem(ctx: StoreContext, ids: { templateId: string; roleId: string; itemId: string }, missing: string) {
  const { now } = ctx
  const { templateId, roleId, itemId } = ids
  return transaction(ctx, async ({ db: tx }) => {
    const [deleted] = await tx
      .delete(templateItems)
      .where(and(eq(templateItems.id, itemId), eq(templateItems.templateId, templateId), eq(templateItems.roleId, roleId)))
      .returning()
    if (!deleted) throw notFound(missing)
    const item = { roleId: deleted.roleId, ...clusterOf(deleted) }
    const [{ left }] = await tx.select({ left: count() }).from(templateItems).where(eq(templateItems.templateId, templateId))
    if (left === 0) {
      // Named before it goes: nothing is left to read the names from afterwards.
      const [names] = await tx
        .select({ category: categories.name, entity: entities.name, typeName: plannings.typeName })
        .from(resourcePlanningTemplates)
        .innerJoin(categories, eq(categories.id, resourcePlanningTemplates.categoryId))
        .innerJoin(entities, eq(entities.id, resourcePlanningTemplates.entityId))
        .innerJoin(plannings, eq(plannings.id, resourcePlanningTemplates.planningId))
        .where(eq(resourcePlanningTemplates.id, templateId))
      await tx.delete(resourcePlanningTemplates).where(eq(resourcePlanningTemplates.id, templateId))
      await recordChange(tx, auditActor(ctx), now, { entityType: 'template', entityId: templateId, label: labelOf(names), action: 'removed', changes: fieldChanges({ cluster: item }, null) })
      return null
    }
    await tx.update(resourcePlanningTemplates).set({ updatedAt: now }).where(eq(resourcePlanningTemplates.id, templateId))
    const template = (await loadTemplate(tx, { id: templateId }))!
    await recordChange(tx, auditActor(ctx), now, { entityType: 'template', entityId: templateId, label: labelOfTemplate(template), action: 'changed', changes: fieldChanges({ cluster: item }, { cluster: null }) })
    return template
  })
}
