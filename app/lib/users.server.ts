import type { AppLoadContext } from '@remix-run/node'
import type { ListedUser } from '#domain/contracts/users'
import { USER_LIST_LIMIT, USERS_PAGE_SIZE } from '#domain/users'
import { api } from './api/http.server'

export type { ListedUser }

/** The user list's search and role filter, read from the page's (or the export link's) query. */
export function userFilters(request: Request) {
  const params = new URL(request.url).searchParams
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    role: (params.get('role') ?? '').trim().slice(0, 60),
  }
}

/**
 * GET /users with the search and the role filter: one page of User management (1 being the first),
 * or, for the export, every match up to the spec's limit of 1000.
 */
export function fetchUsers(caller: { request: Request; context: AppLoadContext }, { q, role }: { q: string; role: string }, page?: number) {
  const query = new URLSearchParams(page ? { limit: String(USERS_PAGE_SIZE), offset: String((page - 1) * USERS_PAGE_SIZE) } : { limit: String(USER_LIST_LIMIT) })
  if (q) query.set('q', q)
  if (role) query.set('role', role)
  return api<{ users: ListedUser[]; total: number }>(caller, `/users?${query}`)
}
