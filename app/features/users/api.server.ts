import type { ListedUser } from '#domain/contracts/users'
import { roleFilterOptions } from '#domain/roles'
import { listOr, okOr, type Caller } from '#app/lib/api/http.server'
import { listRoles, listUsers } from '#app/lib/api/people.server'
import { listQuery, type UserFilters } from './query'

/** The calls of User management and its export. */

/** One page of the list, or (no page) every match up to the spec's limit, for the export. */
export const fetchUsers = (caller: Caller, filters: UserFilters, page?: number) => listUsers(caller, listQuery(filters, page))

/** The page's users and the role filter's options, loaded at once. spec/administration-planning.md §8: a failed load shows an empty list. */
export async function loadUsersPage(caller: Caller, filters: UserFilters, page: number) {
  const [result, roles] = await Promise.all([fetchUsers(caller, filters, page), listRoles(caller)])
  return {
    users: listOr(result, (data): ListedUser[] => data.users),
    total: okOr(result, { total: 0 }).total,
    roleOptions: roleFilterOptions(listOr(roles, (data) => data.roles).map((role) => role.name)),
  }
}
