import * as z from 'zod/mini'
import {
  categoriesQuerySchema,
  categoryCreateSchema,
  categoryUpdateSchema,
  entitiesQuerySchema,
  entityTypesQuerySchema,
  entityCreateSchema,
  entityUpdateSchema,
} from '#domain/planning/schemas'
import { entityAnswer, refAnswer } from '#domain/answers/catalog'
import type { Deps } from '#api/deps'
import { messageAnswer, pathIds, type Api } from '#api/http/schemas'
import { access } from '#api/http/access'
import { signedIn } from '#api/context'
import { createCategory, deleteCategory, listCategories, renameCategory } from '#api/catalog/categories'
import { createEntity, deleteEntity, listEntities, listPlannableEntities, renameEntity } from '#api/catalog/entities'

/**
 * Categories and entity types: the spec has no screen for them, so these calls let an
 * administrator set up an install without SQL (DESIGN §8). Names are unique whatever their case and
 * look-alike characters (#api/names).
 */
export async function catalogRoutes(app: Api, deps: Deps) {
  const categoryId = pathIds({ id: 'Category not found' })
  const entityId = pathIds({ id: 'Entity not found' })

  /** With a project that fixes its category, only that category (spec/administration-planning.md §2 Project Resource Planning). */
  app.get('/api/categories', { ...access('view'), schema: { summary: "Categories by name (a project's fixed one alone)", querystring: categoriesQuerySchema, response: { 200: z.array(refAnswer) } } }, async (request) =>
    listCategories(deps.db, request.query.projectId),
  )

  app.post('/api/categories', { ...access('add'), schema: { summary: 'Creates a category', body: categoryCreateSchema, response: { 201: refAnswer } } }, async (request, reply) =>
    reply.status(201).send(await createCategory(signedIn(request.ctx), request.body.name)),
  )

  app.put('/api/categories/:id', { ...access('edit'), schema: { summary: 'Renames a category', params: categoryId, body: categoryUpdateSchema, response: { 200: refAnswer } } }, async (request) =>
    renameCategory(signedIn(request.ctx), request.params.id, request.body.name),
  )

  app.delete('/api/categories/:id', { ...access('delete'), schema: { summary: 'Deletes a category nothing uses', params: categoryId, response: { 200: messageAnswer } } }, async (request) => {
    await deleteCategory(signedIn(request.ctx), request.params.id)
    return { message: 'Category deleted' }
  })

  app.get('/api/entities', { ...access('view'), schema: { summary: 'Entity types by name, of one category or all', querystring: entitiesQuerySchema, response: { 200: z.array(entityAnswer) } } }, async (request) =>
    listEntities(deps.db, request.query.categoryId),
  )

  /**
   * The entity types a project can plan in a category: the category's entity types, where the
   * project (if named) must exist and, when it fixes a global category, be asked about that one.
   */
  const entityTypesSchema = { summary: 'The entity types a project can plan in a category', querystring: entityTypesQuerySchema, response: { 200: z.array(entityAnswer) } }
  app.get('/api/entity-types', { ...access('view'), schema: entityTypesSchema }, async (request) => listPlannableEntities(deps.db, request.query))

  app.post('/api/entities', { ...access('add'), schema: { summary: 'Creates an entity type in a category', body: entityCreateSchema, response: { 201: entityAnswer } } }, async (request, reply) =>
    reply.status(201).send(await createEntity(signedIn(request.ctx), request.body)),
  )

  app.put('/api/entities/:id', { ...access('edit'), schema: { summary: 'Renames an entity type', params: entityId, body: entityUpdateSchema, response: { 200: entityAnswer } } }, async (request) =>
    renameEntity(signedIn(request.ctx), request.params.id, request.body.name),
  )

  app.delete('/api/entities/:id', { ...access('delete'), schema: { summary: 'Deletes an entity type nothing uses', params: entityId, response: { 200: messageAnswer } } }, async (request) => {
    await deleteEntity(signedIn(request.ctx), request.params.id)
    return { message: 'Entity deleted' }
  })
}
