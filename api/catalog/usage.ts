import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { categories, clusters, entities, plannings, projects, resourcePlanningTemplates } from '#api/db/schema'
import { conflict } from '#api/refusals'

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`(select count(*)::int from ${condition})`

/**
 * Deletes a category unless something uses it (a conflict naming what, with counts). The counts and the
 * row come in one query; the foreign keys refuse what a concurrent request adds meanwhile.
 * Answers what was deleted (for the audit log), or null when there is no such category.
 */
export async function deleteUnusedCategory(tx: Executor, categoryId: string) {
  const [use] = await tx
    .select({
      name: categories.name,
      entities: countWhere(sql`${entities} where ${entities.categoryId} = ${categories.id}`),
      clusters: countWhere(sql`${clusters} where ${clusters.categoryId} = ${categories.id}`),
      plannings: countWhere(sql`${plannings} where ${plannings.categoryId} = ${categories.id}`),
      projects: countWhere(sql`${projects} where ${projects.globalCategoryId} = ${categories.id}`),
    })
    .from(categories)
    .where(eq(categories.id, categoryId))
  if (!use) return null
  const parts = [
    use.entities && counted(use.entities, 'entity', 'entities'),
    use.clusters && counted(use.clusters, 'cluster'),
    use.plannings && counted(use.plannings, 'planning type'),
    use.projects && counted(use.projects, 'project'),
  ].filter(Boolean)
  if (parts.length) throw conflict(`Category "${use.name}" cannot be deleted while it is in use: ${parts.join(', ')}.`)
  await tx.delete(categories).where(eq(categories.id, categoryId))
  return { name: use.name }
}

/** The same for an entity type: its clusters, planning types and templates keep it. */
export async function deleteUnusedEntity(tx: Executor, entityId: string) {
  const [use] = await tx
    .select({
      name: entities.name,
      categoryId: entities.categoryId,
      clusters: countWhere(sql`${clusters} where ${clusters.entityId} = ${entities.id}`),
      plannings: countWhere(sql`${plannings} where ${plannings.entityId} = ${entities.id}`),
      templates: countWhere(sql`${resourcePlanningTemplates} where ${resourcePlanningTemplates.entityId} = ${entities.id}`),
    })
    .from(entities)
    .where(eq(entities.id, entityId))
  if (!use) return null
  const parts = [
    use.clusters && counted(use.clusters, 'cluster'),
    use.plannings && counted(use.plannings, 'planning type'),
    use.templates && counted(use.templates, 'template'),
  ].filter(Boolean)
  if (parts.length) throw conflict(`Entity "${use.name}" cannot be deleted while it is in use: ${parts.join(', ')}.`)
  await tx.delete(entities).where(eq(entities.id, entityId))
  return { name: use.name, categoryId: use.categoryId }
}

/** "2 entities", "1 project": the parts of an "in use" message. */
function counted(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`
}
