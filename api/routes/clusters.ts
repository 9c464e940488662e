import type { FastifyInstance } from 'fastify'
import { CLUSTER_DESCRIPTION_CACHE_SECONDS } from '#domain/planning/messages'
import { clusterCreateSchema, clusterDatesSchema, clusterDescriptionQuerySchema, clustersQuerySchema } from '#domain/planning/schemas'
import type { Deps } from '#api/deps'
import { parse } from '#api/http/errors'
import { pathId } from '#api/http/params'
import { access } from '#api/http/access'
import { requestActor } from '#api/http/actor'
import { clusterDescriptions, createCluster, listClusters, setClusterDates } from '#api/planning/clusters'

export async function clustersRoutes(app: FastifyInstance, deps: Deps) {
  /** Clusters in the order they were added (a construction sequence reads in that order). */
  app.get('/api/clusters', access('view'), async (request) => listClusters(deps.db, parse(clustersQuerySchema, request.query)))

  app.post('/api/clusters', access('add'), async (request, reply) => {
    const input = parse(clusterCreateSchema, request.body)
    return reply.status(201).send(await createCluster(deps.db, await requestActor(deps, request), input, deps.now()))
  })

  /**
   * The names and descriptions the description popover shows, in the order asked. Ids of clusters
   * that are gone answer '(Unavailable Cluster)'. Private to the caller, kept 5 minutes
   * (spec/administration-planning.md §9).
   */
  app.get('/api/clusters/description', access('view'), async (request, reply) => {
    const { ids } = parse(clusterDescriptionQuerySchema, request.query)
    const data = await clusterDescriptions(deps.db, ids)
    reply.header('cache-control', `private, max-age=${CLUSTER_DESCRIPTION_CACHE_SECONDS}`)
    return { data }
  })

  /** A cluster's own start and end dates; either may be cleared (null). */
  app.put<{ Params: { id: string } }>('/api/clusters/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Cluster not found')
    const input = parse(clusterDatesSchema, request.body)
    return setClusterDates(deps.db, await requestActor(deps, request), id, input, deps.now())
  })
}
