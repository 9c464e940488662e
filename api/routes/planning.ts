import type { FastifyInstance } from 'fastify'
import { planningCreateSchema, planningGroupsSchema, planningQuerySchema } from '#domain/planning/schemas'
import type { Deps } from '#api/deps'
import { parse } from '#api/http/errors'
import { pathId } from '#api/http/params'
import { access } from '#api/http/access'
import { requestActor } from '#api/http/actor'
import { createPlanning, loadPlannings, regroupPlanning } from '#api/planning/plannings'

export async function planningRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/planning', access('view'), async (request) => {
    return loadPlannings(deps.db, parse(planningQuerySchema, request.query))
  })

  /** The planning type and its roles are written together or not at all. */
  app.post('/api/planning', access('add'), async (request, reply) => {
    const input = parse(planningCreateSchema, request.body)
    return reply.status(201).send(await createPlanning(deps.db, await requestActor(deps, request), input, deps.now()))
  })

  /** Replaces one role's cluster list with a new grouping of the same clusters. */
  app.put<{ Params: { planningId: string } }>('/api/planning/:planningId/groups', access('edit'), async (request) => {
    const planningId = pathId(request.params.planningId, 'Planning type not found')
    const input = parse(planningGroupsSchema, request.body)
    return regroupPlanning(deps.db, await requestActor(deps, request), planningId, input, deps.now())
  })
}
