import type { Entity } from '#domain/contracts/catalog'
import { fieldChanges } from '#domain/audit'
import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { entities, projects } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, translating } from '#api/db/errors'
import { conflict, invalid, notFound } from '#api/refusals'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { presentEntity } from '#api/planning/present'
import { categoryExists } from './categories'
import { deleteUnusedEntity } from './usage'
import { nameIsFree } from '#api/names'

const taken = (name: string) => () => conflict(`An entity named "${name}" already exists in this category`)

// The names a new or renamed one must differ from (#api/names): those of its category.
const names = (tx: Executor, categoryId: string) => tx.select({ id: entities.id, name: entities.name }).from(entities).where(eq(entities.categoryId, categoryId))

/** Entity types by name, of one category or all. */
export async function listEntities(db: Executor, categoryId: string | null | undefined): Promise<Entity[]> {
  const rows = await db
    .select()
    .from(entities)
    .where(categoryId ? eq(entities.categoryId, categoryId) : undefined)
    .orderBy(asc(sql`lower(${entities.name})`), asc(entities.id))
  return rows.map(presentEntity)
}

/**
 * The entity types a project can plan in a category: the category's entity types, where the
 * project (if named) must exist and, when it fixes a global category, be asked about that one.
 */
export async function listPlannableEntities(db: Executor, { projectId, categoryId }: { projectId?: string | null; categoryId?: string | null }): Promise<Entity[]> {
  let category = categoryId
  if (projectId) {
    const [project] = await db.select({ globalCategoryId: projects.globalCategoryId }).from(projects).where(eq(projects.id, projectId))
    if (!project) throw notFound('Project not found')
    if (project.globalCategoryId) {
      if (category && category !== project.globalCategoryId) return []
      category = project.globalCategoryId
    }
  }
  if (!category) throw invalid('categoryId: Choose a category')
  return listEntities(db, category)
}

const entry = (id: string, name: string) => ({ entityType: 'entity' as const, entityId: id, label: name })

/** Creates an entity type in a category and records it. Refused as invalid when the category is gone, as a conflict when the name is taken. */
export async function createEntity(ctx: StoreContext, input: { name: string; categoryId: string }) {
  const { name, categoryId } = input
  const { now } = ctx
  if (!(await categoryExists(ctx.db, categoryId))) throw invalid('categoryId: Category not found')
  const created = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        if (!(await nameIsFree(tx, 'entity', name, () => names(tx, categoryId)))) throw taken(name)()
        const [row] = await tx.insert(entities).values({ name, categoryId, createdAt: now }).onConflictDoNothing().returning()
        if (row) await recordChange(tx, auditActor(ctx), now, { ...entry(row.id, name), action: 'created', changes: fieldChanges(null, { name, categoryId }) })
        return row
      }),
    // The category was deleted between the check and the insert.
    { [FOREIGN_KEY_VIOLATION]: () => invalid('categoryId: Category not found') },
  )
  if (!created) throw taken(name)()
  return presentEntity(created)
}

/** Renames an entity type and records what it was called. Not found when there is none, a conflict when the name is taken. */
export async function renameEntity(ctx: StoreContext, id: string, name: string) {
  const { now } = ctx
  const updated = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const [entity] = await tx.select({ categoryId: entities.categoryId, name: entities.name }).from(entities).where(eq(entities.id, id))
        if (!entity) return undefined
        if (!(await nameIsFree(tx, 'entity', name, () => names(tx, entity.categoryId), id))) throw taken(name)()
        const [row] = await tx.update(entities).set({ name }).where(eq(entities.id, id)).returning()
        const changes = fieldChanges({ name: entity.name }, { name })
        if (row && changes.length) await recordChange(tx, auditActor(ctx), now, { ...entry(id, name), action: 'changed', changes })
        return row
      }),
    { [UNIQUE_VIOLATION]: taken(name) },
  )
  if (!updated) throw notFound('Entity not found')
  return presentEntity(updated)
}

/** Deletes an entity type nothing uses (a conflict naming what does) and records it. Not found when there is none. */
export async function deleteEntity(ctx: StoreContext, id: string) {
  const { now } = ctx
  const deleted = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const row = await deleteUnusedEntity(tx, id)
        if (row) await recordChange(tx, auditActor(ctx), now, { ...entry(id, row.name), action: 'removed', changes: fieldChanges(row, null) })
        return row
      }),
    { [FOREIGN_KEY_VIOLATION]: () => conflict('This entity cannot be deleted while it is in use.') },
  )
  if (!deleted) throw notFound('Entity not found')
}
