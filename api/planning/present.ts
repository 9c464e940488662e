import type { Cluster, Entity, Project } from '#domain/contracts/catalog'
import type { Ref } from '#domain/contracts/common'
import type { categories, clusters, entities, projects } from '#api/db/schema'

/** Answers use `_id`, as the spec's screens read them. */
export const presentCategory = (row: Pick<typeof categories.$inferSelect, 'id' | 'name'>): Ref => ({ _id: row.id, name: row.name })

export const presentEntity = (row: typeof entities.$inferSelect): Entity => ({ _id: row.id, name: row.name, categoryId: row.categoryId })

export const presentProject = (row: typeof projects.$inferSelect, category: Pick<typeof categories.$inferSelect, 'id' | 'name'> | null): Project => ({
  _id: row.id,
  name: row.name,
  globalCategory: category ? presentCategory(category) : null,
})

/** A cluster: `category` and `entityType` are ids, as POST /api/clusters takes them; dates are YYYY-MM-DD or null. */
export const presentCluster = (row: typeof clusters.$inferSelect): Cluster => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  category: row.categoryId,
  entityType: row.entityId,
  startDate: row.startDate,
  endDate: row.endDate,
})
