import type { IsoDate } from '../planning/project-plan'
import type { Ref } from './common'

/** The answers of the set-up calls (categories, entities, projects, clusters), once. */

/** GET /api/entities: an entity type of a category. */
export interface Entity extends Ref {
  categoryId: string
}

/** GET /api/projects: a project and the category it is fixed to, if any. */
export interface Project extends Ref {
  globalCategory: Ref | null
}

/** GET /api/clusters: `category` and `entityType` are ids, as POST /api/clusters takes them. */
export interface Cluster extends Ref {
  description: string | null
  category: string
  entityType: string
  startDate: IsoDate
  endDate: IsoDate
}

/** GET /api/clusters/description: what each asked id is called and described as. */
export type DescribedCluster = Pick<Cluster, '_id' | 'name' | 'description'>
