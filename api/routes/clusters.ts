import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { CLUSTER_DESCRIPTION_CACHE_SECONDS, UNAVAILABLE_CLUSTER } from '#domain/planning/messages'
import { clusterCreateSchema, clusterDatesSchema, clusterDescriptionQuerySchema, clustersQuerySchema } from '#domain/planning/schemas'
import { clusters, entities } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, conflict, notFound, parse } from '#api/http/errors'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { pathId } from '#api/http/params'
import { presentCluster } from '#api/planning/present'
import { access } from '#api/http/access'
import { nameIsFree } from '#api/names'

export async function clustersRoutes(app: FastifyInstance, deps: Deps) {
  /** Clusters in the order they were added (a construction sequence reads in that order). */
  app.get('/api/clusters', access('view'), async (request) => {
    const { categoryId, entityId } = parse(clustersQuerySchema, request.query)
    const where: SQL[] = []
    if (categoryId) where.push(eq(clusters.categoryId, categoryId))
    if (entityId) where.push(eq(clusters.entityId, entityId))
    const rows = await deps.db
      .select()
      .from(clusters)
      .where(and(...where))
      .orderBy(asc(clusters.createdAt), asc(sql`lower(${clusters.name})`), asc(clusters.id))
    return rows.map(presentCluster)
  })

  app.post('/api/clusters', access('add'), async (request, reply) => {
    const { category, entityType, name, description } = parse(clusterCreateSchema, request.body)
    const [entity] = await deps.db.select().from(entities).where(eq(entities.id, entityType))
    if (!entity) throw badRequest('entityType: Entity not found')
    if (entity.categoryId !== category) throw badRequest('entityType: This entity does not belong to the category')
    const taken = () => conflict(`A cluster named "${name}" already exists for ${entity.name}`)
    const [created] = await translating(
      () =>
        deps.db.transaction(async (tx) => {
          const names = () => tx.select({ id: clusters.id, name: clusters.name }).from(clusters).where(eq(clusters.entityId, entityType))
          if (!(await nameIsFree(tx, 'cluster', name, names))) throw taken()
          return tx
            .insert(clusters)
            .values({ categoryId: category, entityId: entityType, name, description, createdAt: deps.now() })
            .onConflictDoNothing()
            .returning()
        }),
      { [FOREIGN_KEY_VIOLATION]: () => badRequest('entityType: Entity not found') },
    )
    if (!created) throw taken()
    return reply.status(201).send(presentCluster(created))
  })

  /**
   * The names and descriptions the description popover shows, in the order asked. Ids of clusters
   * that are gone answer '(Unavailable Cluster)'. Private to the caller, kept 5 minutes (§9).
   */
  app.get('/api/clusters/description', access('view'), async (request, reply) => {
    const { ids } = parse(clusterDescriptionQuerySchema, request.query)
    const rows = ids.length
      ? await deps.db.select({ id: clusters.id, name: clusters.name, description: clusters.description }).from(clusters).where(inArray(clusters.id, ids))
      : []
    const byId = new Map(rows.map((row) => [row.id, row]))
    reply.header('cache-control', `private, max-age=${CLUSTER_DESCRIPTION_CACHE_SECONDS}`)
    return {
      data: ids.map((id) => {
        const row = byId.get(id)
        return row ? { _id: id, name: row.name, description: row.description } : { _id: id, name: UNAVAILABLE_CLUSTER, description: null }
      }),
    }
  })

  /** A cluster's own start and end dates; either may be cleared (null). */
  app.put<{ Params: { id: string } }>('/api/clusters/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Cluster not found')
    const { startDate, endDate } = parse(clusterDatesSchema, request.body)
    const [updated] = await deps.db.update(clusters).set({ startDate, endDate }).where(eq(clusters.id, id)).returning()
    if (!updated) throw notFound('Cluster not found')
    return presentCluster(updated)
  })
}
