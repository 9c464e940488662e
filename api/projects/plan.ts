import type { Card } from '#domain/contracts/projects'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
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
 * their combination. A card whose template is gone plans nothing.
 */
export async function loadCardItems(db: Executor, cardIds: string[]) {
  const byCard = new Map<string, CardItems[]>()
  if (cardIds.length === 0) return byCard
  const rows = await db
    .select({
      cardId: projectResourceInstances.id,
      item: { id: templateItems.id, roleId: templateItems.roleId, clusterIds: templateItems.clusterIds, plannedPeople: templateItems.plannedPeople, interchanges: templateItems.interchanges },
      roleName: roles.name,
    })
    .from(projectResourceInstances)
    .innerJoin(
      resourcePlanningTemplates,
      and(
        eq(resourcePlanningTemplates.categoryId, projectResourceInstances.categoryId),
        eq(resourcePlanningTemplates.entityId, projectResourceInstances.entityId),
        eq(resourcePlanningTemplates.planningId, projectResourceInstances.planningId),
      ),
    )
    .innerJoin(templateItems, eq(templateItems.templateId, resourcePlanningTemplates.id))
    .innerJoin(roles, eq(roles.id, templateItems.roleId))
    .where(inArray(projectResourceInstances.id, cardIds))
    .orderBy(asc(projectResourceInstances.id), asc(templateItems.position))
  for (const { cardId, item, roleName } of rows) {
    if (!byCard.has(cardId)) byCard.set(cardId, [])
    byCard.get(cardId)!.push({
      roleId: item.roleId,
      roleName,
      item: { itemId: item.id, clusterIds: item.clusterIds, plannedPeople: item.plannedPeople, interchanges: item.interchanges },
    })
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
