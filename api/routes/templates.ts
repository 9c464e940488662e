import type { FastifyInstance } from 'fastify'
import { plansSomeCluster, templateComboQuerySchema, templateSaveSchema } from '#domain/planning/schemas'
import { planningMessages } from '#domain/planning/messages'
import { ERROR_CODES } from '#domain/contracts/errors'
import type { Deps } from '#api/deps'
import { HttpError, parse } from '#api/http/errors'
import { requireUser } from '#api/auth/sessions'
import { actorOf } from '#api/audit/record'
import { requestActor } from '#api/http/actor'
import { changesAllowedTo } from '#api/http/changes'
import { pathId } from '#api/http/params'
import { loadTemplate, loadTemplates, removeTemplateItem, saveTemplate, type TemplateOutcome } from '#api/planning/templates'
import { access } from '#api/http/access'

export const templateMessages = {
  exists: 'A template already exists for this category, entity and planning type.',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  itemDeleted: 'Cluster deleted',
} as const

/** How each outcome of a save is answered. */
const ANSWERS: Record<TemplateOutcome, { status: number; exists: boolean; message: string }> = {
  created: { status: 201, exists: false, message: templateMessages.created },
  exists: { status: 200, exists: true, message: templateMessages.exists },
  updated: { status: 200, exists: false, message: templateMessages.updated },
}

export async function templatesRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/resource-planning-templates', access('view'), async () => {
    return { data: await loadTemplates(deps.db) }
  })

  app.get('/api/resource-planning-templates/by-combo', access('view'), async (request) => {
    return { template: await loadTemplate(deps.db, parse(templateComboQuerySchema, request.query)) }
  })

  /**
   * Saves a template (spec/administration-planning.md §4): an existing one for the same category,
   * entity and type is answered `exists: true` and left alone unless `force` is true, which
   * replaces its clusters. Replacing needs what it does to the stored clusters (DESIGN §4): `edit`
   * as well to change their planned people or interchanges, `delete` as well to drop some.
   */
  app.post('/api/resource-planning-templates', access('add'), async (request, reply) => {
    const user = await requireUser(deps, request)
    const input = parse(templateSaveSchema, request.body)
    if (!plansSomeCluster(input.roleClusters)) throw new HttpError(400, planningMessages.plannedPeopleRequired, undefined, ERROR_CODES.nothingPlanned)
    const { outcome, template } = await saveTemplate(deps.db, actorOf(user), input, deps.now(), changesAllowedTo(user))
    const { status, ...answer } = ANSWERS[outcome]
    return reply.status(status).send({ ...answer, template })
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
      const ids = { templateId: pathId(request.params.templateId, missing), roleId: pathId(request.params.roleId, missing), itemId: pathId(request.params.clusterItemId, missing) }
      const template = await removeTemplateItem(deps.db, await requestActor(deps, request), ids, deps.now(), missing)
      return { message: templateMessages.itemDeleted, template }
    },
  )
}
