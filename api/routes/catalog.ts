import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  categoriesQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  entitiesQuerySchema,
  entityTypesQuerySchema,
  entityCreateSchema,
  entityUpdateSchema,
} from '#domain/planning/schemas'
import type { Deps } from '#api/deps'
import { parse } from '#api/http/errors'
import { pathId } from '#api/http/params'
import { access } from '#api/http/access'
import { requestActor } from '#api/http/actor'
import { createCategory, deleteCategory, listCategories, renameCategory } from '#api/catalog/categories'
import { createEntity, deleteEntity, listEntities, listPlannableEntities, renameEntity } from '#api/catalog/entities'

type IdParams = { Params: { id: string } }

/**
 * Categories and entity types: the spec has no screen for them, so these calls let an
 * administrator set up an install without SQL (DESIGN §8). Names are unique whatever their case and
 * look-alike characters (#api/names).
 */
export async function catalogRoutes(app: FastifyInstance, deps: Deps) {
  const actor = (request: FastifyRequest) => requestActor(deps, request)

  /** With a project that fixes its category, only that category (spec/administration-planning.md §2 Project Resource Planning). */
  app.get('/api/categories', access('view'), async (request) => listCategories(deps.db, parse(categoriesQuerySchema, request.query).projectId))

  app.post('/api/categories', access('add'), async (request, reply) => {
    const { name } = parse(categoryCreateSchema, request.body)
    return reply.status(201).send(await createCategory(deps.db, await actor(request), name, deps.now()))
  })

  app.put<IdParams>('/api/categories/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Category not found')
    const { name } = parse(categoryUpdateSchema, request.body)
    return renameCategory(deps.db, await actor(request), id, name, deps.now())
  })

  app.delete<IdParams>('/api/categories/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, 'Category not found')
    await deleteCategory(deps.db, await actor(request), id, deps.now())
    return { message: 'Category deleted' }
  })

  app.get('/api/entities', access('view'), async (request) => listEntities(deps.db, parse(entitiesQuerySchema, request.query).categoryId))

  /**
   * The entity types a project can plan in a category: the category's entity types, where the
   * project (if named) must exist and, when it fixes a global category, be asked about that one.
   */
  app.get('/api/entity-types', access('view'), async (request) => listPlannableEntities(deps.db, parse(entityTypesQuerySchema, request.query)))

  app.post('/api/entities', access('add'), async (request, reply) => {
    const input = parse(entityCreateSchema, request.body)
    return reply.status(201).send(await createEntity(deps.db, await actor(request), input, deps.now()))
  })

  app.put<IdParams>('/api/entities/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Entity not found')
    const { name } = parse(entityUpdateSchema, request.body)
    return renameEntity(deps.db, await actor(request), id, name, deps.now())
  })

  app.delete<IdParams>('/api/entities/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, 'Entity not found')
    await deleteEntity(deps.db, await actor(request), id, deps.now())
    return { message: 'Entity deleted' }
  })
}
