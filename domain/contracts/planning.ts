import type { ClusterList } from '../planning/cluster-list'
import type { Ref } from './common'

/** The answers of the planning calls (planning types, templates, the roll-up), once. */

/** GET /api/planning: a planning type with its category, entity and roles named. */
export interface Planning {
  _id: string
  categoryId: Ref
  entityId: Ref
  typeName: string
  createdAt: string
  roleClusters: { roleId: Ref; clusters: ClusterList }[]
}

/** A cluster item of a template: one cluster or a group, its people and their interchanges. */
export interface TemplateItem {
  _id?: string | null
  clusterId: Ref[]
  plannedPeople: number
  isInterchange: boolean
  interchanges: { interchangePeople: number; interchangeFrom: { entityId: Ref; clusterId: Ref } }[]
}

/** GET /api/resource-planning-templates (in `data`) and …/by-combo (as `template`). */
export interface Template {
  _id: string
  categoryId: Ref
  entityId: Ref
  planningId: { _id: string; typeName: string }
  roleClusters: { roleId: Ref; clusters: TemplateItem[] }[]
  createdAt?: string
  updatedAt?: string
}

export type { RollUpCluster, RollUpProject, RollUpRole } from '../planning/project-plan'
