import type { Cluster } from '#domain/contracts/catalog'
import { fieldChanges } from '#domain/audit'
import { UNAVAILABLE_CLUSTER } from '#domain/planning/messages'
import type { ClusterCreate, ClusterDates } from '#domain/planning/schemas'
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { clusters, entities } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { conflict, invalid, notFound } from '#api/refusals'
import { recordChange } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { nameIsFree } from '#api/names'
import { presentCluster } from './present'

/** Clusters in the order they were added (a construction sequence reads in that order). */
export async function listClusters(db: Executor, filter: { categoryId?: string | null; entityId?: string | null }): Promise<Cluster[]> {
  const where: SQL[] = []
  if (filter.categoryId) where.push(eq(clusters.categoryId, filter.categoryId))
  if (filter.entityId) where.push(eq(clusters.entityId, filter.entityId))
  const rows = await db
    .select()
    .from(clusters)
    .where(and(...where))
    .orderBy(asc(clusters.createdAt), asc(sql`lower(${clusters.name})`), asc(clusters.id))
  return rows.map(presentCluster)
}

/** The names and descriptions of clusters, in the order asked; ids of clusters that are gone read '(Unavailable Cluster)'. */
export async function clusterDescriptions(db: Executor, ids: string[]) {
  const rows = ids.length ? await db.select({ id: clusters.id, name: clusters.name, description: clusters.description }).from(clusters).where(inArray(clusters.id, ids)) : []
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = byId.get(id)
    return row ? { _id: id, name: row.name, description: row.description } : { _id: id, name: UNAVAILABLE_CLUSTER, description: null }
  })
}

const entry = (cluster: Cluster) => ({ entityType: 'cluster' as const, entityId: cluster._id, label: cluster.name })

/**
 * Adds a cluster to an entity type of the category and records it. Invalid, naming the field; a conflict when the
 * name is taken for the entity. POST /api/clusters sends no dates (they are set apart); the seed
 * makes its clusters with theirs, each on record in one entry.
 */
export async function createCluster(ctx: StoreContext, input: ClusterCreate & Partial<ClusterDates>) {
  const { db, now } = ctx
  const { category, entityType, name, description, startDate = null, endDate = null } = input
  const [entity] = await db.select().from(entities).where(eq(entities.id, entityType))
  if (!entity) throw invalid('entityType: Entity not found')
  if (entity.categoryId !== category) throw invalid('entityType: This entity does not belong to the category')
  const taken = () => conflict(`A cluster named "${name}" already exists for ${entity.name}`)
  const created = await translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const names = () => tx.select({ id: clusters.id, name: clusters.name }).from(clusters).where(eq(clusters.entityId, entityType))
        if (!(await nameIsFree(tx, 'cluster', name, names))) throw taken()
        const [row] = await tx.insert(clusters).values({ categoryId: category, entityId: entityType, name, description, startDate, endDate, createdAt: now }).onConflictDoNothing().returning()
        if (!row) return undefined
        const cluster = presentCluster(row)
        const { _id, ...fields } = cluster
        await recordChange(tx, auditActor(ctx), now, { ...entry(cluster), action: 'created', changes: fieldChanges(null, fields) })
        return cluster
      }),
    { [FOREIGN_KEY_VIOLATION]: () => invalid('entityType: Entity not found') },
  )
  if (!created) throw taken()
  return created
}

/** Sets a cluster's own start and end dates (either may be cleared) and records them, before → after. Not found when there is none. */
export async function setClusterDates(ctx: StoreContext, id: string, { startDate, endDate }: ClusterDates) {
  const { now } = ctx
  return transaction(ctx, async ({ db: tx }) => {
    // The dates it had come back from the update itself: the row locked and read in its FROM.
    const old = tx
      .select({ startDate: sql<string | null>`${clusters.startDate}`.as('old_start_date'), endDate: sql<string | null>`${clusters.endDate}`.as('old_end_date') })
      .from(clusters)
      .where(eq(clusters.id, id))
      .for('update')
      .as('old')
    const [updated] = await tx
      .update(clusters)
      .set({ startDate, endDate })
      .from(old)
      .where(eq(clusters.id, id))
      .returning({ ...getTableColumns(clusters), before: { startDate: old.startDate, endDate: old.endDate } })
    if (!updated) throw notFound('Cluster not found')
    const { before, ...row } = updated
    const cluster = presentCluster(row)
    const changes = fieldChanges(before, { startDate, endDate })
    if (changes.length) await recordChange(tx, auditActor(ctx), now, { ...entry(cluster), action: 'changed', changes })
    return cluster
  })
}
