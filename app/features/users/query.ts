import { DEFAULT_ACCOUNT_ROLE, USER_LIST_LIMIT } from '#domain/constants'
import type { ListedUser } from '#domain/contracts/users'
import { formatDate } from '#domain/dates'
import { pageOf, readPage } from '#domain/pages'
import { hrefOf } from '#app/lib/search'

/**
 * User management's state, all of it in the address (DESIGN §6): the search, the role filter, the
 * view mode, the filter panel and the page. Pure, so the browser's links and the loader read it
 * the same way (tests/unit/users-query.test.ts).
 */

export const VIEWS = { table: 'Table', board: 'Board', list: 'List' } as const
export type View = keyof typeof VIEWS
const isView = (value: string | null): value is View => value !== null && Object.hasOwn(VIEWS, value)

const USERS_PATH = '/users'

export interface UserFilters {
  q: string
  role: string
}
export interface PageState extends UserFilters {
  view: View
  filtersHidden: boolean
  page: number
}

/** The list's search and role filter, read from the page's (or the export link's) query. */
export const readFilters = (params: URLSearchParams): UserFilters => ({
  q: (params.get('q') ?? '').trim().slice(0, 200),
  role: (params.get('role') ?? '').trim().slice(0, 60),
})

export function readPageState(params: URLSearchParams): PageState {
  const view = params.get('view')
  return {
    ...readFilters(params),
    view: isView(view) ? view : 'table',
    filtersHidden: params.get('filters') === 'hidden',
    page: readPage(params),
  }
}

/**
 * GET /users's query: one page of User management (1 being the first), or, with no page (the
 * export), every match up to the spec's limit of 1000.
 */
export function listQuery({ q, role }: UserFilters, page?: number) {
  const query = new URLSearchParams(page ? pageOf(page) : { limit: String(USER_LIST_LIMIT) })
  if (q) query.set('q', q)
  if (role) query.set('role', role)
  return query
}

/** The address of this page with some of its state changed (the rest kept). */
export function usersHref(state: PageState, change: Partial<PageState> = {}) {
  const next = { ...state, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.role) params.set('role', next.role)
  if (next.view !== 'table') params.set('view', next.view)
  if (next.filtersHidden) params.set('filters', 'hidden')
  if (next.page > 1) params.set('page', String(next.page))
  return hrefOf(USERS_PATH, params)
}

/** The export of what the list shows: the same search and filter. */
export function exportHref({ q, role }: UserFilters) {
  return hrefOf(`${USERS_PATH}/export`, { q, role })
}

/** What a row, card or list item shows: role and status with the spec's defaults, dates formatted. */
export const rowOf = (user: ListedUser) => ({
  _id: user._id,
  fullName: user.fullName,
  email: user.email,
  role: user.role || DEFAULT_ACCOUNT_ROLE,
  status: user.status || 'Active',
  joined: formatDate(user.createdAt),
  employId: user.profile?.professional?.employId ?? null,
  designation: user.profile?.professional?.designation ?? null,
})
export type Row = ReturnType<typeof rowOf>

