import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { plansSomeCluster, templateComboQuerySchema, templateSaveSchema } from '#domain/planning/schemas'
import { planningMessages } from '#domain/planning/messages'
import { templateChanges } from '#domain/planning/changes'
import { ERROR_CODES } from '#domain/contracts/errors'
import { resourcePlanningTemplates, templateItems } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { HttpError, badRequest, notFound, parse } from '#api/http/errors'
import { requireUser } from '#api/auth/sessions'
import { requireChanges } from '#api/http/changes'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { pathId } from '#api/http/params'
import { checkTemplate, itemFiguresOf, loadItemFigures, loadTemplate, loadTemplates, writeItems } from '#api/planning/templates'
import { access } from '#api/http/access'

export const templateMessages = {
  exists: 'A template already exists for this category, entity and planning type.',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  itemDeleted: 'Cluster deleted',
} as const

export async function templatesRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/resource-planning-templates', access('view'), async () => {
    return { data: await loadTemplates(deps.db) }
  })

  app.get('/api/resource-planning-templates/by-combo', access('view'), async (request) => {
    return { template: await loadTemplate(deps.db, parse(templateComboQuerySchema, request.query)) }
  })

  /**
   * Saves a template (§4): an existing one for the same category, entity and type is answered
   * `exists: true` and left alone unless `force` is true, which replaces its clusters. Replacing
   * needs what it does to the stored clusters (DESIGN §4): `edit` as well to change their planned
   * people or interchanges, `delete` as well to drop some. Everything is one transaction.
   */
  app.post('/api/resource-planning-templates', access('add'), async (request, reply) => {
    const user = await requireUser(deps, request)
    const input = parse(templateSaveSchema, request.body)
    if (!plansSomeCluster(input.roleClusters)) throw new HttpError(400, planningMessages.plannedPeopleRequired, undefined, ERROR_CODES.nothingPlanned)
    const combo = { categoryId: input.categoryId, entityId: input.entityId, planningId: input.planningId }
    const outcome = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          await checkTemplate(tx, input)
          const now = deps.now()
          const [created] = await tx
            .insert(resourcePlanningTemplates)
            .values({ ...combo, createdAt: now, updatedAt: now })
            .onConflictDoNothing()
            .returning({ id: resourcePlanningTemplates.id })
          if (created) {
            await writeItems(tx, created.id, input)
            return { status: 201, exists: false, message: templateMessages.created, template: await loadTemplate(tx, { id: created.id }) }
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
          if (!input.force) return { status: 200, exists: true, message: templateMessages.exists, template: await loadTemplate(tx, { id: existing.id }) }
          requireChanges(user, templateChanges(await loadItemFigures(tx, existing.id), itemFiguresOf(input)))
          await writeItems(tx, existing.id, input)
          await tx.update(resourcePlanningTemplates).set({ updatedAt: now }).where(eq(resourcePlanningTemplates.id, existing.id))
          return { status: 200, exists: false, message: templateMessages.updated, template: await loadTemplate(tx, { id: existing.id }) }
        }),
      { [FOREIGN_KEY_VIOLATION]: () => badRequest('The planning type or a role of this template no longer exists') },
    )
    const { status, ...answer } = outcome
    return reply.status(status).send(answer)
  })

  /**
   * Removes one cluster item of one role. A template left without any cluster is removed too: the
   * template table would no longer show it, and saving the combination again starts afresh.
   */
  app.delete<{ Params: { templateId: string; roleId: string; clusterItemId: string } }>(
    '/api/resource-planning-templates/:templateId/role/:roleId/cluster/:clusterItemId',
    access('delete'),
    async (request) => {
      const missing = 'Cluster not found in this template'
      const templateId = pathId(request.params.templateId, missing)
      const roleId = pathId(request.params.roleId, missing)
      const itemId = pathId(request.params.clusterItemId, missing)
      return deps.db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(templateItems)
          .where(and(eq(templateItems.id, itemId), eq(templateItems.templateId, templateId), eq(templateItems.roleId, roleId)))
          .returning({ id: templateItems.id })
        if (!deleted) throw notFound(missing)
        const [{ left }] = await tx.select({ left: count() }).from(templateItems).where(eq(templateItems.templateId, templateId))
        if (left === 0) {
          await tx.delete(resourcePlanningTemplates).where(eq(resourcePlanningTemplates.id, templateId))
          return { message: templateMessages.itemDeleted, template: null }
        }
        await tx.update(resourcePlanningTemplates).set({ updatedAt: deps.now() }).where(eq(resourcePlanningTemplates.id, templateId))
        return { message: templateMessages.itemDeleted, template: await loadTemplate(tx, { id: templateId }) }
      })
    },
  )
}
