import type { Template } from '#domain/contracts/planning'
import type { TemplateSave } from '#domain/planning/schemas'
import { api, queryString, type Caller } from './http.server'

/** The resource-planning template calls. */

export const listTemplates = (caller: Caller) => api<{ data: Template[] }>(caller, '/api/resource-planning-templates')
export const findTemplate = (caller: Caller, combo: { categoryId: string; entityId: string; planningId: string }) =>
  api<{ template: Template | null }>(caller, `/api/resource-planning-templates/by-combo${queryString(combo)}`)
/** Saves a template; `exists` answers a first save of a combination that already has one. */
export const saveTemplate = (caller: Caller, body: TemplateSave | (TemplateSave & { confirmOverwrite: true })) =>
  api<{ exists?: boolean; message?: string }>(caller, '/api/resource-planning-templates', { method: 'POST', body })
export const deleteTemplateItem = (caller: Caller, ids: { templateId: string; roleId: string; clusterItemId: string }) =>
  api(caller, `/api/resource-planning-templates/${encodeURIComponent(ids.templateId)}/role/${encodeURIComponent(ids.roleId)}/cluster/${encodeURIComponent(ids.clusterItemId)}`, {
    method: 'DELETE',
  })
