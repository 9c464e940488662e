import * as z from 'zod/mini'
import { DEFAULT_ACCOUNT_ROLE, PERMISSIONS, STARTER_ROLES } from './constants'
import { nameChecks } from './text-checks'
import { pageQuery } from './page-query'

export const roleMessages = {
  nameRequired: 'Role name is required',
  permissionRequired: 'At least one permission must be selected',
} as const
/** Ours, not the spec's: 'User' is what lists show, and the role filter matches, for a person with no role. */
export const reservedRoleNameMessage = `"${DEFAULT_ACCOUNT_ROLE}" means no role: choose another name`

const roleName = z.string({ error: roleMessages.nameRequired }).check(
  ...nameChecks('Role name', 60),
  z.minLength(1, roleMessages.nameRequired),
  // 'User' is what lists show, and the role filter matches, for a person with no role.
  z.refine((name) => name.toLowerCase() !== DEFAULT_ACCOUNT_ROLE.toLowerCase(), reservedRoleNameMessage),
)
// A form sends one checkbox as a string and several as a list; JSON sends a list.
const asList = (value: unknown) => (value == null || value === '' ? [] : Array.isArray(value) ? value : [value])
const permissions = z.pipe(
  z.transform(asList),
  z.array(z.enum(PERMISSIONS, 'Permissions are view, add, edit and delete')).check(z.minLength(1, roleMessages.permissionRequired)),
)

/** POST /roles and the Add New Role form. */
export const roleCreateSchema = z.strictObject({ name: roleName, permissions })
export const roleFormSchema = z.object({ name: roleName, permissions })
export type RoleCreate = z.infer<typeof roleCreateSchema>

/**
 * User management's role filter (after 'All roles'): the spec's starter roles in its order, every
 * role created since by name, and 'User' for people with no role.
 */
export function roleFilterOptions(roleNames: readonly string[]) {
  const starters: readonly string[] = STARTER_ROLES
  const created = roleNames.filter((name) => !starters.includes(name)).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
  return [...STARTER_ROLES, ...created, DEFAULT_ACCOUNT_ROLE]
}

/** GET /api/role-histories: a page of the history, at most this many changes at once. */
export const ROLE_HISTORY_LIMIT = 1000
export const roleHistoryQuerySchema = z.object(pageQuery(ROLE_HISTORY_LIMIT))
