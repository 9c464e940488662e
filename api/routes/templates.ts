import * as z from 'zod/mini'
import { plansSomeCluster, templateComboQuerySchema, templateSaveSchema } from '#domain/planning/schemas'
import { templateAnswer } from '#domain/answers/planning'
import { planningMessages } from '#domain/planning/messages'
import { ERROR_CODES } from '#domain/contracts/errors'
import type { Deps } from '#api/deps'
import { pathIds, type Api } from '#api/http/schemas'
import { HttpError } from '#api/http/errors'
import { signedIn } from '#api/context'
import { changesAllowedTo } from '#api/change-check'
import { loadTemplate, loadTemplates, removeTemplateItem, saveTemplate, type TemplateOutcome } from '#api/planning/templates'
import { access } from '#api/http/access'

export const templateMessages = {
  exists: 'A template already exists for this category, entity and planning type.',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  itemDeleted: 'Cluster deleted',
} as const

/** How each outcome of a save is answered. */
const ANSWERS: Record<TemplateOutcome, { status: 200 | 201; exists: boolean; message: string }> = {
  created: { status: 201, exists: false, message: templateMessages.created },
  exists: { status: 200, exists: true, message: templateMessages.exists },
  updated: { status: 200, exists: false, message: templateMessages.updated },
}

/** What saving a template answers: whether one existed already, the sentence, and the template as stored. */
const savedAnswer = z.strictObject({ exists: z.boolean(), message: z.string(), template: z.nullable(templateAnswer) })

export async function templatesRoutes(app: Api, deps: Deps) {
  app.get('/api/resource-planning-templates', { ...access('view'), schema: { summary: 'Every template', response: { 200: z.strictObject({ data: z.array(templateAnswer) }) } } }, async () => {
    return { data: await loadTemplates(deps.db) }
  })

  const comboSchema = { summary: 'The template of a category, entity and planning type, or null', querystring: templateComboQuerySchema, response: { 200: z.strictObject({ template: z.nullable(templateAnswer) }) } }
  app.get('/api/resource-planning-templates/by-combo', { ...access('view'), schema: comboSchema }, async (request) => {
    return { template: await loadTemplate(deps.db, request.query) }
  })

  /**
   * Saves a template (spec/administration-planning.md §4): an existing one for the same category,
   * entity and type is answered `exists: true` and left alone unless `force` is true, which
   * replaces its clusters. Replacing needs what it does to the stored clusters (DESIGN §4): `edit`
   * as well to change their planned people or interchanges, `delete` as well to drop some.
   */
  const saveSchema = { summary: 'Saves a template (force replaces an existing one)', body: templateSaveSchema, response: { 200: savedAnswer, 201: savedAnswer } }
  app.post('/api/resource-planning-templates', { ...access('add'), schema: saveSchema }, async (request, reply) => {
    const ctx = signedIn(request.ctx)
    const input = request.body
    if (!plansSomeCluster(input.roleClusters)) throw new HttpError(400, planningMessages.plannedPeopleRequired, undefined, ERROR_CODES.nothingPlanned)
    const { outcome, template } = await saveTemplate(ctx, input, changesAllowedTo(ctx.actor))
    const { status, ...answer } = ANSWERS[outcome]
    return reply.status(status).send({ ...answer, template })
  })

  /**
   * Removes one cluster item of one role. A template left without any cluster is removed too: the
   * template table would no longer show it, and saving the combination again starts afresh.
   */
  const missing = 'Cluster not found in this template'
  const removeSchema = {
    summary: "Removes one cluster item of one role (the template too when it was the last)",
    params: pathIds({ templateId: missing, roleId: missing, clusterItemId: missing }),
    response: { 200: z.strictObject({ message: z.string(), template: z.nullable(templateAnswer) }) },
  }
  app.delete('/api/resource-planning-templates/:templateId/role/:roleId/cluster/:clusterItemId', { ...access('delete'), schema: removeSchema }, async (request) => {
    const { templateId, roleId, clusterItemId: itemId } = request.params
    const template = await removeTemplateItem(signedIn(request.ctx), { templateId, roleId, itemId }, missing)
    return { message: templateMessages.itemDeleted, template }
  })
}
