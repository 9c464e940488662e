import type { Card } from '#domain/contracts/projects'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import type { Interchange } from '#domain/planning/schemas'
import {
  categories,
  entities,
  plannings,
  projectEntities,
  projectResourceInstances,
  projects,
  resourcePlanningTemplates,
  roles,
  templateItems,
} from '#api/db/schema'
import type { PlanItem } from '#domain/planning/project-plan'

/**
 * A project's cards as GET /api/project-resource-instances answers them, in the order they were
 * added, each with its instances in order. Two queries, whatever the numbers; `projectIds` null
 * reads every project's (the roll-up).
 */
export async function loadCards(db: Executor, projectIds: string[] | null): Promise<Card[]> {
  if (projectIds?.length === 0) return []
  const rows = await db
    .select({
      card: projectResourceInstances,
      projectName: projects.name,
      categoryName: categories.name,
      entityName: entities.name,
      typeName: plannings.typeName,
    })
    .from(projectResourceInstances)
    .innerJoin(projects, eq(projects.id, projectResourceInstances.projectId))
    .innerJoin(categories, eq(categories.id, projectResourceInstances.categoryId))
    .innerJoin(entities, eq(entities.id, projectResourceInstances.entityId))
    .innerJoin(plannings, eq(plannings.id, projectResourceInstances.planningId))
    .where(projectIds ? inArray(projectResourceInstances.projectId, projectIds) : undefined)
    .orderBy(asc(projectResourceInstances.createdAt), asc(projectResourceInstances.id))
  if (rows.length === 0) return []
  const names = await db
    .select()
    .from(projectEntities)
    .where(inArray(projectEntities.instanceId, rows.map((row) => row.card.id)))
    .orderBy(asc(projectEntities.instanceId), asc(projectEntities.position))
  const namesOf = new Map<string, (typeof names)[number][]>()
  for (const row of names) {
    const list = namesOf.get(row.instanceId)
    if (list) list.push(row)
    else namesOf.set(row.instanceId, [row])
  }
  return rows.map(({ card, ...display }) => {
    const own = namesOf.get(card.id) ?? []
    return {
      _id: card.id,
      projectId: card.projectId,
      categoryId: card.categoryId,
      entityId: card.entityId,
      typeId: card.planningId,
      number: own.length,
      names: own.map((row) => ({ _id: row.id, name: row.name, projectEntityId: row.id })),
      ...display,
    }
  })
}

export interface CardItems {
  roleId: string
  roleName: string
  item: PlanItem & { itemId: string }
}

/**
 * The template items each card plans, by card id: one query joining the cards to the templates of
 * their combination. A card whose template is gone plans nothing. The rows come packed as one JSON
 * array, for the reason `readTags` in api/schedule/load.ts gives: PGlite decodes each row and
 * column on the JavaScript thread, and the largest plans hold thousands of items with two JSON
 * columns each.
 */
export async function loadCardItems(db: Executor, cardIds: string[]) {
  const byCard = new Map<string, CardItems[]>()
  if (cardIds.length === 0) return byCard
  const card = projectResourceInstances
  const item = templateItems
  const [row] = await db
    .select({
      packed: sql<[string, string, string, string, string[], number, Interchange[]][] | null>`json_agg(json_build_array(${card.id}, ${item.id}, ${item.roleId}, ${roles.name}, ${item.clusterIds}, ${item.plannedPeople}, ${item.interchanges}) order by ${card.id}, ${item.position})`,
    })
    .from(card)
    .innerJoin(
      resourcePlanningTemplates,
      and(
        eq(resourcePlanningTemplates.categoryId, card.categoryId),
        eq(resourcePlanningTemplates.entityId, card.entityId),
        eq(resourcePlanningTemplates.planningId, card.planningId),
      ),
    )
    .innerJoin(item, eq(item.templateId, resourcePlanningTemplates.id))
    .innerJoin(roles, eq(roles.id, item.roleId))
    .where(inArray(card.id, cardIds))
  for (const [cardId, itemId, roleId, roleName, clusterIds, plannedPeople, interchanges] of row?.packed ?? []) {
    const list = byCard.get(cardId)
    const entry = { roleId, roleName, item: { itemId, clusterIds, plannedPeople, interchanges } }
    if (list) list.push(entry)
    else byCard.set(cardId, [entry])
  }
  return byCard
}

/** Whether a template with at least one cluster exists for a combination ('No data found for this selection.' otherwise). */
export async function templateHasItems(db: Executor, combo: { categoryId: string; entityId: string; planningId: string }) {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(resourcePlanningTemplates)
    .innerJoin(templateItems, eq(templateItems.templateId, resourcePlanningTemplates.id))
    .where(
      and(
        eq(resourcePlanningTemplates.categoryId, combo.categoryId),
        eq(resourcePlanningTemplates.entityId, combo.entityId),
        eq(resourcePlanningTemplates.planningId, combo.planningId),
      ),
    )
    .limit(1)
  return Boolean(row)
}
