import type { IsoDate } from '../planning/project-plan'
import type { Ref } from './common'
import type { Project } from './catalog'
import type { Template } from './planning'

/** The answers of the projects calls (cards, tags, timelines), once: the API satisfies them, the web reads them. */

/** An instance of a card: its id twice, as the spec names it in both places. */
export interface InstanceName {
  _id: string
  name: string
  projectEntityId: string
}

/** A card of a project's plan (GET /api/project-resource-instances, PUT /api/projects/{id}/plan). */
export interface Card {
  _id: string
  projectId: string
  categoryId: string
  entityId: string
  typeId: string
  number: number
  names: InstanceName[]
  projectName: string
  categoryName: string
  entityName: string
  typeName: string
}

/** A user tagged to a cluster of a role of an instance (GET /api/project-entity-user-mappings). */
export interface Mapping {
  projectEntityId: string
  clusterId: string
  roleId: string
  user: { _id: string; fullName: string | null; email: string }
}

/** A cluster of an entity type with a project's dates (GET /api/timelines/by-project-selection). */
export interface TimelineRow {
  clusterId: string
  clusterName: string
  startDate: IsoDate
  endDate: IsoDate
  /** 'created' when the project's own Site dates stand over the cluster's. */
  default: 'created' | null
}

/**
 * GET /api/projects/{id}/planning: what Project Resource Planning reads of a project, in one
 * answer: every project (the project choice), every template (each card's roles and clusters),
 * the project's saved cards, and the choices for the next card as asked (categoryId, entityId,
 * typeId), each kept only when it is in its list and the one before it was kept.
 */
export interface PlanningScreen {
  projects: Project[]
  templates: Template[]
  saved: Card[]
  selection: { projectId: string; categoryId: string; entityId: string; typeId: string }
  options: { categories: Ref[]; entities: Ref[]; types: Ref[] }
}
