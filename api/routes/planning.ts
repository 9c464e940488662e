import * as z from 'zod/mini'
import { planningCreateSchema, planningGroupsSchema, planningQuerySchema } from '#domain/planning/schemas'
import { planningAnswer } from '#domain/answers/planning'
import type { Deps } from '#api/deps'
import { pathIds, type Api } from '#api/http/schemas'
import { access } from '#api/http/access'
import { signedIn } from '#api/context'
import { createPlanning, loadPlannings, regroupPlanning } from '#api/planning/plannings'

export async function planningRoutes(app: Api, deps: Deps) {
  app.get('/api/planning', { ...access('view'), schema: { summary: 'Planning types, newest first', querystring: planningQuerySchema, response: { 200: z.array(planningAnswer) } } }, async (request) =>
    loadPlannings(deps.db, request.query),
  )

  /** The planning type and its roles are written together or not at all. */
  app.post('/api/planning', { ...access('add'), schema: { summary: 'Creates a planning type with its roles', body: planningCreateSchema, response: { 201: planningAnswer } } }, async (request, reply) => {
    return reply.status(201).send(await createPlanning(signedIn(request.ctx), request.body))
  })

  /** Replaces one role's cluster list with a new grouping of the same clusters. */
  const groupsSchema = { summary: "Regroups one role's clusters", params: pathIds({ planningId: 'Planning type not found' }), body: planningGroupsSchema, response: { 200: planningAnswer } }
  app.put('/api/planning/:planningId/groups', { ...access('edit'), schema: groupsSchema }, async (request) => {
    return regroupPlanning(signedIn(request.ctx), request.params.planningId, request.body)
  })
}
