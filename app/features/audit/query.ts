import { readPage } from '#domain/pages'
import { hrefOf } from '#app/lib/search'

/**
 * /audit's state, all of it in the address (DESIGN §6): the filters and the page. Pure, so the
 * form, the pager, the export link and the loader read it the same way.
 */

export const AUDIT_PATH = '/audit'
export const AUDIT_EXPORT_PATH = '/audit/export'

export interface AuditFilters {
  /** A person's email or name as typed (or an id, from a link): resolved to one person by the loader. */
  person: string
  entityType: string
  projectId: string
  from: string
  to: string
}
export interface AuditState extends AuditFilters {
  page: number
}

const text = (params: URLSearchParams, name: string, max: number) => (params.get(name) ?? '').trim().slice(0, max)

export const readFilters = (params: URLSearchParams): AuditFilters => ({
  person: text(params, 'person', 200),
  entityType: text(params, 'entityType', 40),
  projectId: text(params, 'projectId', 60),
  from: text(params, 'from', 20),
  to: text(params, 'to', 20),
})

export const readAuditState = (params: URLSearchParams): AuditState => ({ ...readFilters(params), page: readPage(params) })

const searchValues = (state: Partial<AuditState>) => ({
  person: state.person,
  entityType: state.entityType,
  projectId: state.projectId,
  from: state.from,
  to: state.to,
  page: state.page && state.page > 1 ? String(state.page) : '',
})

/** The address of /audit with some of its state changed (the rest kept; a new filter starts at page 1). */
export const auditHref = (state: AuditState, change: Partial<AuditState> = {}) => hrefOf(AUDIT_PATH, searchValues({ ...state, page: 1, ...change }))

/** The export of what the filters pick (every page). */
export const exportHref = (filters: AuditFilters) => hrefOf(AUDIT_EXPORT_PATH, searchValues({ ...filters, page: 1 }))

export const hasFilters = (filters: AuditFilters) => Boolean(filters.person || filters.entityType || filters.projectId || filters.from || filters.to)
