import type { Project } from '#domain/contracts/catalog'
import type { ProjectCreate, ProjectUpdate } from '#domain/planning/schemas'
import { fieldChanges } from '#domain/audit'
import { asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { categories, projects } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, translating } from '#api/db/errors'
import { conflict, invalid, notFound } from '#api/refusals'
import { recordChange, recordChanges } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { removeOverridesOf } from './timelines'
import { categoryExists } from '#api/catalog/categories'
import { presentProject } from '#api/planning/present'
import { nameIsFree } from '#api/names'

export const PROJECT_NOT_FOUND = 'Project not found'

const taken = (name: string) => () => conflict(`A project named "${name}" already exists`)
const categoryGone = () => invalid('globalCategory: Category not found')

// The names a new or renamed one must differ from (#api/names), read with what the audit log needs of the renamed one.
const names = (tx: Executor) => tx.select({ id: projects.id, name: projects.name, globalCategoryId: projects.globalCategoryId }).from(projects)

const withCategory = (db: Executor) =>
  db.select({ project: projects, category: { id: categories.id, name: categories.name } }).from(projects).leftJoin(categories, eq(categories.id, projects.globalCategoryId))

/** The project's id and name; not found unless it exists. */
export async function requireProject(db: Executor, projectId: string) {
  const [project] = await db.select({ _id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, projectId))
  if (!project) throw notFound(PROJECT_NOT_FOUND)
  return project
}

/** Projects by name, each with its global category. */
export async function listProjects(db: Executor): Promise<Project[]> {
  const rows = await withCategory(db).orderBy(asc(sql`lower(${projects.name})`), asc(projects.id))
  return rows.map((row) => presentProject(row.project, row.category))
}

async function loadProject(db: Executor, id: string) {
  const [row] = await withCategory(db).where(eq(projects.id, id))
  return presentProject(row.project, row.category)
}

/** What the audit log shows of a project: the API's field names. */
const fieldsOf = (row: { name: string; globalCategoryId: string | null }) => ({ name: row.name, globalCategory: row.globalCategoryId })
const entry = (row: { id: string; name: string }) => ({ entityType: 'project' as const, entityId: row.id, label: row.name, projectId: row.id })

/** Creates a project and records it. Invalid when its global category is gone, a conflict when the name is taken. */
export async function createProject(ctx: StoreContext, { name, globalCategory }: ProjectCreate) {
  const { db, now } = ctx
  if (globalCategory && !(await categoryExists(db, globalCategory))) throw categoryGone()
  const created = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        if (!(await nameIsFree(tx, 'project', name, () => names(tx)))) throw taken(name)()
        const [row] = await tx.insert(projects).values({ name, globalCategoryId: globalCategory, createdAt: now }).onConflictDoNothing().returning()
        if (row) await recordChange(tx, auditActor(ctx), now, { ...entry(row), action: 'created', changes: fieldChanges(null, fieldsOf(row)) })
        return row
      }),
    { [FOREIGN_KEY_VIOLATION]: categoryGone },
  )
  if (!created) throw taken(name)()
  return loadProject(db, created.id)
}

/** Renames a project (and sets its global category when one is sent) and records what changed. */
export async function updateProject(ctx: StoreContext, id: string, { name, globalCategory }: ProjectUpdate) {
  const { db, now } = ctx
  if (globalCategory && !(await categoryExists(db, globalCategory))) throw categoryGone()
  const updated = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        let before: Awaited<ReturnType<typeof names>>[number] | undefined
        const all = async () => {
          const rows = await names(tx)
          before = rows.find((row) => row.id === id)
          return rows
        }
        if (!(await nameIsFree(tx, 'project', name, all, id))) throw taken(name)()
        const [row] = await tx
          .update(projects)
          .set({ name, ...(globalCategory !== undefined && { globalCategoryId: globalCategory }) })
          .where(eq(projects.id, id))
          .returning()
        const changes = row && before ? fieldChanges(fieldsOf(before), fieldsOf(row)) : []
        if (changes.length) await recordChange(tx, auditActor(ctx), now, { ...entry(row), action: 'changed', changes })
        return row
      }),
    { [UNIQUE_VIOLATION]: taken(name), [FOREIGN_KEY_VIOLATION]: categoryGone },
  )
  if (!updated) throw notFound(PROJECT_NOT_FOUND)
  return loadProject(db, id)
}

/**
 * Deletes a project without planned cards (a conflict otherwise) and records it, with each Site override
 * that goes with it. Not found when there is none.
 */
export async function deleteProject(ctx: StoreContext, id: string) {
  const { now } = ctx
  const deleted = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        // Locked first: no override is added between the ones removed here and the project.
        const [project] = await tx.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, id)).for('update')
        if (!project) return undefined
        const overrides = await removeOverridesOf(tx, project)
        const [row] = await tx.delete(projects).where(eq(projects.id, id)).returning()
        await recordChanges(tx, auditActor(ctx), now, [...overrides, { ...entry(row), action: 'removed', changes: fieldChanges(fieldsOf(row), null) }])
        return row
      }),
    { [FOREIGN_KEY_VIOLATION]: () => conflict('This project cannot be deleted while it has planned cards. Remove its cards first.') },
  )
  if (!deleted) throw notFound(PROJECT_NOT_FOUND)
}
