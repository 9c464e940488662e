import * as z from 'zod/mini'
import { CLUSTER_DESCRIPTION_CACHE_SECONDS } from '#domain/planning/messages'
import { clusterCreateSchema, clusterDatesSchema, clusterDescriptionQuerySchema, clustersQuerySchema } from '#domain/planning/schemas'
import { clusterAnswer, describedClusterAnswer } from '#domain/answers/catalog'
import type { Deps } from '#api/deps'
import { pathIds, type Api } from '#api/http/schemas'
import { access } from '#api/http/access'
import { signedIn } from '#api/context'
import { clusterDescriptions, createCluster, listClusters, setClusterDates } from '#api/planning/clusters'

export async function clustersRoutes(app: Api, deps: Deps) {
  /** Clusters in the order they were added (a construction sequence reads in that order). */
  app.get('/api/clusters', { ...access('view'), schema: { summary: 'Clusters in the order they were added', querystring: clustersQuerySchema, response: { 200: z.array(clusterAnswer) } } }, async (request) =>
    listClusters(deps.db, request.query),
  )

  app.post('/api/clusters', { ...access('add'), schema: { summary: 'Adds a cluster to an entity type', body: clusterCreateSchema, response: { 201: clusterAnswer } } }, async (request, reply) => {
    return reply.status(201).send(await createCluster(signedIn(request.ctx), request.body))
  })

  /**
   * The names and descriptions the description popover shows, in the order asked. Ids of clusters
   * that are gone answer '(Unavailable Cluster)'. Private to the caller, kept 5 minutes
   * (spec/administration-planning.md §9).
   */
  const descriptionSchema = { summary: 'Names and descriptions of clusters, in the order asked', querystring: clusterDescriptionQuerySchema, response: { 200: z.strictObject({ data: z.array(describedClusterAnswer) }) } }
  app.get('/api/clusters/description', { ...access('view'), schema: descriptionSchema }, async (request, reply) => {
    const data = await clusterDescriptions(deps.db, request.query.ids)
    reply.header('cache-control', `private, max-age=${CLUSTER_DESCRIPTION_CACHE_SECONDS}`)
    return { data }
  })

  /** A cluster's own start and end dates; either may be cleared (null). */
  const datesSchema = { summary: "Sets a cluster's own dates", params: pathIds({ id: 'Cluster not found' }), body: clusterDatesSchema, response: { 200: clusterAnswer } }
  app.put('/api/clusters/:id', { ...access('edit'), schema: datesSchema }, async (request) => {
    return setClusterDates(signedIn(request.ctx), request.params.id, request.body)
  })
}
