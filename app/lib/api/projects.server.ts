import type { Card, Mapping, PlanningScreen, TimelineRow } from '#domain/contracts/projects'
import type { MappingCandidates, MappingScreen } from '#domain/planning/mapping'
import type { RollUpRole } from '#domain/contracts/planning'
import type * as z from 'zod/mini'
import type { MappingReplace, planSaveSchema, SiteOverride } from '#domain/planning/project-schemas'
import { api, queryString, type Caller } from './http.server'

/** The project calls: a project's cards and tags, its timelines, and the roll-up by role. */

export const listCards = (caller: Caller, projectId: string) => api<Card[]>(caller, `/api/project-resource-instances${queryString({ projectId })}`)
/** The whole plan in one transaction: the removed cards and the changed ones (a saved instance's name as {name, projectEntityId}). */
export const savePlan = (caller: Caller, projectId: string, body: z.input<typeof planSaveSchema>) => api<Card[]>(caller, `/api/projects/${encodeURIComponent(projectId)}/plan`, { method: 'PUT', body })
export const listMappings = (caller: Caller, projectId: string) => api<Mapping[]>(caller, `/api/project-entity-user-mappings${queryString({ projectId })}`)
/** Project Resource Planning's reading of a project: projects, templates, its saved cards, and the next card's choices with their lists. */
export const getPlanningScreen = (caller: Caller, projectId: string, wanted: { categoryId: string; entityId: string; typeId: string }) =>
  api<PlanningScreen>(caller, `/api/projects/${encodeURIComponent(projectId)}/planning${queryString(wanted)}`)
/** User Entity Mapping whole: `query` as GET /api/projects/{id}/mapping takes it (its `selected`, sent even empty, is who the last search ticked). */
export const getMappingScreen = (caller: Caller, projectId: string, query: URLSearchParams) =>
  api<MappingScreen>(caller, `/api/projects/${encodeURIComponent(projectId)}/mapping${query.size ? `?${query}` : ''}`)
export const getMappingCandidates = (caller: Caller, projectId: string, query: { key: string; q: string }) =>
  api<MappingCandidates>(caller, `/api/projects/${encodeURIComponent(projectId)}/mapping/candidates${queryString(query)}`)
export const replaceMappings = (caller: Caller, body: MappingReplace) => api(caller, '/api/project-entity-user-mappings/replace', { method: 'POST', body })

export const listTimelines = (caller: Caller, selection: { projectId: string; entityTypeId: string }) =>
  api<TimelineRow[]>(caller, `/api/timelines/by-project-selection${queryString(selection)}`)
export const saveSiteOverride = (caller: Caller, body: SiteOverride) => api<TimelineRow>(caller, '/api/timelines/site-overrides', { method: 'PUT', body })

export const rollUpByRole = (caller: Caller) => api<RollUpRole[]>(caller, '/api/role-project-clusters')
