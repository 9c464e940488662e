import type { Ref } from '#domain/contracts/common'
import { fieldChanges } from '#domain/audit'
import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { categories, projects } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, translating } from '#api/db/errors'
import { conflict, notFound } from '#api/refusals'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { presentCategory } from '#api/planning/present'
import { deleteUnusedCategory } from './usage'
import { nameIsFree } from '#api/names'

const taken = (name: string) => () => conflict(`A category named "${name}" already exists`)

// The names a new or renamed one must differ from (#api/names); the renamed one's own name among them.
const names = (tx: Executor) => tx.select({ id: categories.id, name: categories.name }).from(categories)

export const categoryExists = async (db: Executor, id: string) => (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0

/** Categories by name; with a project that fixes its category, only that one (spec/administration-planning.md §2 Project Resource Planning). */
export async function listCategories(db: Executor, projectId: string | null | undefined): Promise<Ref[]> {
  if (projectId) {
    const [row] = await db
      .select({ id: projects.id, category: { id: categories.id, name: categories.name } })
      .from(projects)
      .leftJoin(categories, eq(categories.id, projects.globalCategoryId))
      .where(eq(projects.id, projectId))
    if (!row) throw notFound('Project not found')
    if (row.category) return [presentCategory(row.category)]
  }
  const rows = await db.select().from(categories).orderBy(asc(sql`lower(${categories.name})`), asc(categories.id))
  return rows.map(presentCategory)
}

const entry = (id: string, name: string) => ({ entityType: 'category' as const, entityId: id, label: name })

/** Creates a category and records it, in one transaction. A conflict when the name is taken. */
export async function createCategory(ctx: StoreContext, name: string) {
  const { now } = ctx
  const created = await transaction(ctx, async ({ db: tx }) => {
    if (!(await nameIsFree(tx, 'category', name, () => names(tx)))) throw taken(name)()
    const [row] = await tx.insert(categories).values({ name, createdAt: now }).onConflictDoNothing().returning()
    if (row) await recordChange(tx, auditActor(ctx), now, { ...entry(row.id, name), action: 'created', changes: fieldChanges(null, { name }) })
    return row
  })
  if (!created) throw taken(name)()
  return presentCategory(created)
}

/** Renames a category and records what it was called. Not found when there is none, a conflict when the name is taken. */
export async function renameCategory(ctx: StoreContext, id: string, name: string) {
  const { now } = ctx
  const updated = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        let before: string | undefined
        const all = async () => {
          const rows = await names(tx)
          before = rows.find((row) => row.id === id)?.name
          return rows
        }
        if (!(await nameIsFree(tx, 'category', name, all, id))) throw taken(name)()
        const [row] = await tx.update(categories).set({ name }).where(eq(categories.id, id)).returning()
        const changes = fieldChanges({ name: before }, { name })
        if (row && changes.length) await recordChange(tx, auditActor(ctx), now, { ...entry(id, name), action: 'changed', changes })
        return row
      }),
    { [UNIQUE_VIOLATION]: taken(name) },
  )
  if (!updated) throw notFound('Category not found')
  return presentCategory(updated)
}

/** Deletes a category nothing uses (a conflict naming what does) and records it. Not found when there is none. */
export async function deleteCategory(ctx: StoreContext, id: string) {
  const { now } = ctx
  const deleted = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const row = await deleteUnusedCategory(tx, id)
        if (row) await recordChange(tx, auditActor(ctx), now, { ...entry(id, row.name), action: 'removed', changes: fieldChanges({ name: row.name }, null) })
        return row
      }),
    { [FOREIGN_KEY_VIOLATION]: () => conflict('This category cannot be deleted while it is in use.') },
  )
  if (!deleted) throw notFound('Category not found')
}
