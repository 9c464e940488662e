import type { AuditPage } from '#domain/contracts/audit'
import type { OpenApiDocument } from '#app/features/api-reference/rows'
import { api, queryString, type Caller } from './http.server'
import type { SearchValues } from '../search'

/** The audit log's calls. */

/** GET /api/audit: a page of the entries matching the filters given (the administrators'). */
export const listAudit = (caller: Caller, query: SearchValues) => api<AuditPage>(caller, `/api/audit${queryString(query)}`)

/** GET /api/users/{id}/audit: a page of the changes made to one person (theirs and the administrators'). */
export const listPersonAudit = (caller: Caller, userId: string, page: number, limit: number) =>
  api<AuditPage>(caller, `/api/users/${encodeURIComponent(userId)}/audit${queryString({ page: page > 1 ? String(page) : '', limit: String(limit) })}`)

/** GET /api/openapi.json: the API's description (the administrators'), for the API reference page. */
export const getApiDescription = (caller: Caller) => api<OpenApiDocument>(caller, '/api/openapi.json')
