import type { RoleWithUsers } from '#domain/contracts/roles'
import { compareLocations, groupByLocation, locationOf } from '#domain/work-locations'

/**
 * The Role & Permissions screen's state, all of it in the address: search, location and role
 * filters, the Add Role dialog and the users dialog with its own search. Its search and filters
 * run on the server, so the screen works the same without JavaScript. Pure
 * (tests/unit/roles-form.test.ts).
 */

export type RoleMember = RoleWithUsers['users'][number]

export const ROLES_PATH = '/roles'
export const LOAD_FAILED = 'Failed to load roles/projects'
/** The address parameters of the two dialogs: dropped when one closes or the other opens. */
const DIALOG_PARAMS = ['add', 'users', 'at', 'uq']
/** What the users dialog's own search keeps of the page's address. */
export const USERS_DIALOG_KEPT = ['q', 'location', 'role', 'users', 'at'] as const

export const permissionLabel = (permission: string) => permission[0].toUpperCase() + permission.slice(1)
const includes = (value: string | null | undefined, needle: string) => Boolean(value?.toLowerCase().includes(needle))
const lowered = (params: URLSearchParams, name: string) => params.get(name)?.trim().toLowerCase() ?? ''

/** This page's address without the dialogs, with `extra` set. */
export function keepHref(params: URLSearchParams, extra: Record<string, string> = {}) {
  const next = new URLSearchParams(params)
  for (const key of DIALOG_PARAMS) next.delete(key)
  for (const [key, value] of Object.entries(extra)) next.set(key, value)
  const query = next.toString()
  return query ? `?${query}` : ROLES_PATH
}

/** What the page shows of the roles for the address's search, filters and dialogs. */
export function rolesView(roles: readonly RoleWithUsers[], params: URLSearchParams, canAdd: boolean) {
  const q = lowered(params, 'q')
  const location = params.get('location') ?? ''
  const roleName = params.get('role') ?? ''
  const matches = (role: RoleWithUsers, holder: RoleMember) =>
    !q || [holder.fullName, holder.email, role.name, locationOf(holder), ...holder.permissions].some((value) => includes(value, q))
  const shown = roles
    .filter((role) => !roleName || role.name === roleName)
    .map((role) => ({ ...role, users: role.users.filter((holder) => (!location || locationOf(holder) === location) && matches(role, holder)) }))
  // Roles nobody holds yet are still listed (with 0 users) unless a filter or search excludes them:
  // they have no location, and a search finds them by their name or a permission.
  const unheld = location
    ? []
    : shown.filter((role) => roles.find((r) => r._id === role._id)?.users.length === 0 && (!q || [role.name, ...role.permissions].some((value) => includes(value, q))))

  const modalRole = roles.find((role) => role._id === params.get('users'))
  const at = params.get('at') ?? ''
  const uq = lowered(params, 'uq')
  const modalUsers = modalRole?.users.filter((holder) => locationOf(holder) === at) ?? []
  return {
    groups: groupByLocation(shown.filter((role) => role.users.length > 0)),
    unheld,
    locations: [...new Set(roles.flatMap((role) => role.users.map(locationOf)))].sort(compareLocations),
    roleNames: roles.map((role) => role.name),
    canAdd,
    addOpen: params.has('add') && canAdd,
    usersModal: modalRole
      ? {
          title: `${at} • ${modalRole.name} — Users (${modalUsers.length})`,
          users: modalUsers.filter((holder) => !uq || includes(holder.fullName, uq) || includes(holder.email, uq)),
        }
      : null,
  }
}
