import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  categoriesQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  entitiesQuerySchema,
  entityTypesQuerySchema,
  entityCreateSchema,
  entityUpdateSchema,
  projectCreateSchema,
  projectUpdateSchema,
} from '#domain/planning/schemas'
import { categories, entities, projects } from '#api/db/schema'
import type { Executor } from '#api/db/client'
import type { Deps } from '#api/deps'
import { badRequest, conflict, notFound, parse } from '#api/http/errors'
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, translating } from '#api/db/errors'
import { pathId } from '#api/http/params'
import { presentCategory, presentEntity, presentProject } from '#api/planning/present'
import { deleteUnusedCategory, deleteUnusedEntity } from '#api/planning/usage'
import { access } from '#api/http/access'
import { nameIsFree } from '#api/names'

type IdParams = { Params: { id: string } }

// The names a new or renamed one must differ from (#api/names).
const categoryNames = (tx: Executor) => tx.select({ id: categories.id, name: categories.name }).from(categories)
const entityNames = (tx: Executor, categoryId: string) =>
  tx.select({ id: entities.id, name: entities.name }).from(entities).where(eq(entities.categoryId, categoryId))
const projectNames = (tx: Executor) => tx.select({ id: projects.id, name: projects.name }).from(projects)
const entityTaken = (name: string) => () => conflict(`An entity named "${name}" already exists in this category`)

const categoryExists = async (db: Executor, id: string) => (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0

/**
 * Categories, entity types and projects: the spec has no screen for them, so these calls let an
 * administrator set up an install without SQL (DESIGN §8). Names are unique whatever their case and
 * look-alike characters (#api/names).
 */
export async function catalogRoutes(app: FastifyInstance, deps: Deps) {
  const categoryTaken = (name: string) => () => conflict(`A category named "${name}" already exists`)

  /** With a project that fixes its category, only that category (§2 Project Resource Planning). */
  app.get('/api/categories', access('view'), async (request) => {
    const { projectId } = parse(categoriesQuerySchema, request.query)
    if (projectId) {
      const [row] = await deps.db
        .select({ project: projects, category: { id: categories.id, name: categories.name } })
        .from(projects)
        .leftJoin(categories, eq(categories.id, projects.globalCategoryId))
        .where(eq(projects.id, projectId))
      if (!row) throw notFound('Project not found')
      if (row.category) return [presentCategory(row.category)]
    }
    const rows = await deps.db.select().from(categories).orderBy(asc(sql`lower(${categories.name})`), asc(categories.id))
    return rows.map(presentCategory)
  })

  app.post('/api/categories', access('add'), async (request, reply) => {
    const { name } = parse(categoryCreateSchema, request.body)
    const [created] = await deps.db.transaction(async (tx) => {
      if (!(await nameIsFree(tx, 'category', name, () => categoryNames(tx)))) throw categoryTaken(name)()
      return tx.insert(categories).values({ name, createdAt: deps.now() }).onConflictDoNothing().returning()
    })
    if (!created) throw categoryTaken(name)()
    return reply.status(201).send(presentCategory(created))
  })

  app.put<IdParams>('/api/categories/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Category not found')
    const { name } = parse(categoryUpdateSchema, request.body)
    const [updated] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          if (!(await nameIsFree(tx, 'category', name, () => categoryNames(tx), id))) throw categoryTaken(name)()
          return tx.update(categories).set({ name }).where(eq(categories.id, id)).returning()
        }),
      { [UNIQUE_VIOLATION]: categoryTaken(name) },
    )
    if (!updated) throw notFound('Category not found')
    return presentCategory(updated)
  })

  app.delete<IdParams>('/api/categories/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, 'Category not found')
    const deleted = await translating(() => deps.db.transaction((tx) => deleteUnusedCategory(tx, id)), {
      [FOREIGN_KEY_VIOLATION]: () => conflict('This category cannot be deleted while it is in use.'),
    })
    if (!deleted) throw notFound('Category not found')
    return { message: 'Category deleted' }
  })

  app.get('/api/entities', access('view'), async (request) => {
    const { categoryId } = parse(entitiesQuerySchema, request.query)
    const rows = await deps.db
      .select()
      .from(entities)
      .where(categoryId ? eq(entities.categoryId, categoryId) : undefined)
      .orderBy(asc(sql`lower(${entities.name})`), asc(entities.id))
    return rows.map(presentEntity)
  })

  /**
   * The entity types a project can plan in a category: the category's entity types, where the
   * project (if named) must exist and, when it fixes a global category, be asked about that one.
   */
  app.get('/api/entity-types', access('view'), async (request) => {
    const { projectId, categoryId } = parse(entityTypesQuerySchema, request.query)
    let category = categoryId
    if (projectId) {
      const [project] = await deps.db.select().from(projects).where(eq(projects.id, projectId))
      if (!project) throw notFound('Project not found')
      if (project.globalCategoryId) {
        if (category && category !== project.globalCategoryId) return []
        category = project.globalCategoryId
      }
    }
    if (!category) throw badRequest('categoryId: Choose a category')
    const rows = await deps.db
      .select()
      .from(entities)
      .where(eq(entities.categoryId, category))
      .orderBy(asc(sql`lower(${entities.name})`), asc(entities.id))
    return rows.map(presentEntity)
  })

  app.post('/api/entities', access('add'), async (request, reply) => {
    const { name, categoryId } = parse(entityCreateSchema, request.body)
    if (!(await categoryExists(deps.db, categoryId))) throw badRequest('categoryId: Category not found')
    const [created] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          if (!(await nameIsFree(tx, 'entity', name, () => entityNames(tx, categoryId)))) throw entityTaken(name)()
          return tx.insert(entities).values({ name, categoryId, createdAt: deps.now() }).onConflictDoNothing().returning()
        }),
      // The category was deleted between the check and the insert.
      { [FOREIGN_KEY_VIOLATION]: () => badRequest('categoryId: Category not found') },
    )
    if (!created) throw entityTaken(name)()
    return reply.status(201).send(presentEntity(created))
  })

  app.put<IdParams>('/api/entities/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Entity not found')
    const { name } = parse(entityUpdateSchema, request.body)
    const [updated] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          const [entity] = await tx.select({ categoryId: entities.categoryId }).from(entities).where(eq(entities.id, id))
          if (!entity) return []
          if (!(await nameIsFree(tx, 'entity', name, () => entityNames(tx, entity.categoryId), id))) throw entityTaken(name)()
          return tx.update(entities).set({ name }).where(eq(entities.id, id)).returning()
        }),
      { [UNIQUE_VIOLATION]: entityTaken(name) },
    )
    if (!updated) throw notFound('Entity not found')
    return presentEntity(updated)
  })

  app.delete<IdParams>('/api/entities/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, 'Entity not found')
    const deleted = await translating(() => deps.db.transaction((tx) => deleteUnusedEntity(tx, id)), {
      [FOREIGN_KEY_VIOLATION]: () => conflict('This entity cannot be deleted while it is in use.'),
    })
    if (!deleted) throw notFound('Entity not found')
    return { message: 'Entity deleted' }
  })

  const projectTaken = (name: string) => () => conflict(`A project named "${name}" already exists`)
  const categoryGone = () => badRequest('globalCategory: Category not found')
  const projectRows = () =>
    deps.db
      .select({ project: projects, category: { id: categories.id, name: categories.name } })
      .from(projects)
      .leftJoin(categories, eq(categories.id, projects.globalCategoryId))
  const loadProject = async (id: string) => {
    const [row] = await projectRows().where(eq(projects.id, id))
    return row ? presentProject(row.project, row.category) : null
  }

  app.get('/api/projects', access('view'), async () => {
    const rows = await projectRows().orderBy(asc(sql`lower(${projects.name})`), asc(projects.id))
    return rows.map((row) => presentProject(row.project, row.category))
  })

  app.post('/api/projects', access('add'), async (request, reply) => {
    const { name, globalCategory } = parse(projectCreateSchema, request.body)
    if (globalCategory && !(await categoryExists(deps.db, globalCategory))) throw categoryGone()
    const [created] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          if (!(await nameIsFree(tx, 'project', name, () => projectNames(tx)))) throw projectTaken(name)()
          return tx.insert(projects).values({ name, globalCategoryId: globalCategory, createdAt: deps.now() }).onConflictDoNothing().returning()
        }),
      { [FOREIGN_KEY_VIOLATION]: categoryGone },
    )
    if (!created) throw projectTaken(name)()
    return reply.status(201).send(await loadProject(created.id))
  })

  app.put<IdParams>('/api/projects/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Project not found')
    const { name, globalCategory } = parse(projectUpdateSchema, request.body)
    if (globalCategory && !(await categoryExists(deps.db, globalCategory))) throw categoryGone()
    const [updated] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          if (!(await nameIsFree(tx, 'project', name, () => projectNames(tx), id))) throw projectTaken(name)()
          return tx
            .update(projects)
            .set({ name, ...(globalCategory !== undefined && { globalCategoryId: globalCategory }) })
            .where(eq(projects.id, id))
            .returning()
        }),
      { [UNIQUE_VIOLATION]: projectTaken(name), [FOREIGN_KEY_VIOLATION]: categoryGone },
    )
    if (!updated) throw notFound('Project not found')
    return loadProject(id)
  })

  app.delete<IdParams>('/api/projects/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, 'Project not found')
    const [deleted] = await translating(() => deps.db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id }), {
      [FOREIGN_KEY_VIOLATION]: () => conflict('This project cannot be deleted while it has planned cards. Remove its cards first.'),
    })
    if (!deleted) throw notFound('Project not found')
    return { message: 'Project deleted' }
  })
}
