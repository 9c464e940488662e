import type { Cluster, DescribedCluster, Entity, Project } from '#domain/contracts/catalog'
import type { Ref } from '#domain/contracts/common'
import type { Planning } from '#domain/contracts/planning'
import type { ClusterCreate, PlanningCreate, PlanningGroups } from '#domain/planning/schemas'
import { api, queryString, type Caller } from './http.server'

/** The set-up and planning-type calls: categories, entities, projects, clusters, planning types. */


export const listCategories = (caller: Caller, filter?: { projectId?: string }) => api<Ref[]>(caller, `/api/categories${queryString(filter)}`)
export const listEntities = (caller: Caller, filter?: { categoryId?: string }) => api<Entity[]>(caller, `/api/entities${queryString(filter)}`)
/** The entities of a category, as a project may plan them (its global category wins). */
export const listEntityTypes = (caller: Caller, filter: { projectId: string; categoryId: string }) => api<Ref[]>(caller, `/api/entity-types${queryString(filter)}`)
export const listProjects = (caller: Caller) => api<Project[]>(caller, '/api/projects')

/** The set-up screen's three kinds, created, renamed and deleted alike. */
export const SETUP_PATHS = { category: '/api/categories', entity: '/api/entities', project: '/api/projects' } as const
export type SetupKind = keyof typeof SETUP_PATHS
export const createSetupItem = (caller: Caller, kind: SetupKind, body: unknown) => api<Ref>(caller, SETUP_PATHS[kind], { method: 'POST', body })
export const updateSetupItem = (caller: Caller, kind: SetupKind, id: string, body: unknown) =>
  api<Ref>(caller, `${SETUP_PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'PUT', body })
export const deleteSetupItem = (caller: Caller, kind: SetupKind, id: string) => api(caller, `${SETUP_PATHS[kind]}/${encodeURIComponent(id)}`, { method: 'DELETE' })

export const listClusters = (caller: Caller, filter?: { categoryId?: string; entityId?: string }) => api<Cluster[]>(caller, `/api/clusters${queryString(filter)}`)
export const createCluster = (caller: Caller, body: ClusterCreate) => api<Cluster>(caller, '/api/clusters', { method: 'POST', body })
export const describeClusters = (caller: Caller, ids: string) =>
  api<{ data: DescribedCluster[] } | DescribedCluster[]>(caller, `/api/clusters/description?${new URLSearchParams({ ids })}`)

export const listPlannings = (caller: Caller, filter?: { categoryId?: string; entityId?: string }) => api<Planning[]>(caller, `/api/planning${queryString(filter)}`)
export const createPlanning = (caller: Caller, body: PlanningCreate) => api<Planning>(caller, '/api/planning', { method: 'POST', body })
export const saveGroups = (caller: Caller, planningId: string, body: PlanningGroups) =>
  api<Planning>(caller, `/api/planning/${encodeURIComponent(planningId)}/groups`, { method: 'PUT', body })
