import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { usesEachClusterOnce, type ClusterList } from '#domain/planning/cluster-list'
import { planningOwnMessages } from '#domain/planning/messages'
import { planningCreateSchema, planningGroupsSchema, planningQuerySchema } from '#domain/planning/schemas'
import { planningRoles, plannings } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, notFound, parse } from '#api/http/errors'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { pathId } from '#api/http/params'
import { createPlanning, loadPlanning, loadPlannings } from '#api/planning/plannings'
import { access } from '#api/http/access'

export async function planningRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/planning', access('view'), async (request) => {
    return loadPlannings(deps.db, parse(planningQuerySchema, request.query))
  })

  /** The planning type and its roles are written together or not at all. */
  app.post('/api/planning', access('add'), async (request, reply) => {
    const input = parse(planningCreateSchema, request.body)
    const planning = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          const id = await createPlanning(tx, input, deps.now())
          return loadPlanning(tx, id)
        }),
      // Something it names was deleted meanwhile.
      { [FOREIGN_KEY_VIOLATION]: () => badRequest('A category, entity, role or cluster of this planning type no longer exists') },
    )
    return reply.status(201).send(planning)
  })

  /** Replaces one role's cluster list with a new grouping of the same clusters. */
  app.put<{ Params: { planningId: string } }>('/api/planning/:planningId/groups', access('edit'), async (request) => {
    const planningId = pathId(request.params.planningId, 'Planning type not found')
    const { roleId, groups } = parse(planningGroupsSchema, request.body)
    return deps.db.transaction(async (tx) => {
      // Locked: two groupings saved at once must not interleave.
      const [role] = await tx
        .select()
        .from(planningRoles)
        .where(and(eq(planningRoles.planningId, planningId), eq(planningRoles.roleId, roleId)))
        .for('update')
      if (!role) {
        const [planning] = await tx.select({ id: plannings.id }).from(plannings).where(eq(plannings.id, planningId))
        if (!planning) throw notFound('Planning type not found')
        throw badRequest('roleId: This role is not part of the planning type')
      }
      if (!usesEachClusterOnce(role.clusters as ClusterList, groups)) throw badRequest(`groups: ${planningOwnMessages.groupsMustMatch}`)
      await tx
        .update(planningRoles)
        .set({ clusters: groups })
        .where(and(eq(planningRoles.planningId, planningId), eq(planningRoles.roleId, roleId)))
      return loadPlanning(tx, planningId)
    })
  })
}
