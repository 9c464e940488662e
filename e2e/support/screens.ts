import { expect } from '@playwright/test'
import type { ApiCall } from './admin-api'

/** Every screen open to everyone, with the query strings that show another state of it (/personal-details is for the signed-in). */
export const PUBLIC_SCREENS = ['/login', '/signup', '/verify-otp', '/forgot-password', '/reset-password', '/reset-password?token=abc']

/** Every signed-in screen as the administrator sees it (all of them). */
export const ADMIN_SCREENS = ['/dashboard', '/personal-details', '/users', '/users?view=board', '/users?view=list', '/roles', '/roles?add=1', '/role-history', '/audit', '/api-reference', '/planning', '/setup', '/resource-planning-template', '/project-resource-planning', '/user-entity-mapping', '/project-cluster-timelines', '/role-project-clusters', '/timeline', '/capacity', '/conflicts']

import type { Ref } from '#domain/contracts/common'
type Card = { categoryId: string; entityId: string; typeId: string; names: { projectEntityId: string }[] }
type Template = { categoryId: Ref; entityId: Ref; planningId: { _id: string }; roleClusters: { roleId: Ref; clusters: { clusterId: Ref[] }[] }[] }

/**
 * The screens of a project the seed planned (the first one with a card): Project Resource Planning,
 * User Entity Mapping with and without its Assign Users dialog, Project Cluster Timelines, and the
 * Planning Template of its card.
 */
export async function plannedProjectScreens(call: ApiCall) {
  let planned: { project: Ref; card: Card } | null = null
  for (const project of await call<Ref[]>('/api/projects')) {
    const [card] = await call<Card[]>(`/api/project-resource-instances?projectId=${project._id}`)
    if (card) {
      planned = { project, card }
      break
    }
  }
  expect(planned, 'a seeded project with a card').toBeTruthy()
  const { project, card } = planned!
  const { data } = await call<{ data: Template[] }>('/api/resource-planning-templates')
  const template = data.find((row) => row.categoryId._id === card.categoryId && row.entityId._id === card.entityId && row.planningId._id === card.typeId)!
  const role = template.roleClusters[0]
  const assign = `${card.names[0].projectEntityId}:${role.roleId._id}:${role.clusters[0].clusterId.map((ref) => ref._id).join(',')}`
  return {
    project,
    categoryId: card.categoryId,
    entityId: card.entityId,
    resourcePlanning: `/project-resource-planning?projectId=${project._id}`,
    entityMapping: `/user-entity-mapping?projectId=${project._id}`,
    /** The same screen one instance at a time: the first whole, the others links (issue 14). */
    entityMappingOneInstance: `/user-entity-mapping?${new URLSearchParams({ projectId: project._id, instance: card.names[0].projectEntityId })}`,
    assignDialog: `/user-entity-mapping?${new URLSearchParams({ projectId: project._id, assign })}`,
    clusterTimelines: `/project-cluster-timelines?${new URLSearchParams({ projectId: project._id, categoryId: card.categoryId, entityTypeId: card.entityId })}`,
    /** The Planning Template with the card's template chosen: its editor, a row a cluster. */
    template: `/resource-planning-template?${new URLSearchParams({ categoryId: card.categoryId, entityId: card.entityId, planningId: card.typeId })}`,
  }
}

/** The shell's links for a holder of `view`, in order (issue 29: Schedule first in Resource Planning, Conflicts in it): the sidebar's and the phone menu's. */
export const PLANNER_LINKS = [
  'Dashboard',
  'My profile',
  'Users',
  'Role & Permissions',
  'Schedule',
  'Planning',
  'Planning Template',
  'Project Resource Planning',
  'User Entity Mapping',
  'Cluster Timelines',
  'Role Project Clusters',
  'Timeline',
  'Capacity',
  'Conflicts',
]

/** The shell's links for an administrator: a planner's, and the audit log and the API reference after the administration screens (issue 31). */
export const ADMIN_LINKS = [...PLANNER_LINKS.slice(0, 4), 'Audit log', 'API reference', ...PLANNER_LINKS.slice(4)]
