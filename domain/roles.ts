import * as z from 'zod/mini'
import { PERMISSIONS } from './constants'

export const roleMessages = {
  nameRequired: 'Role name is required',
  permissionRequired: 'At least one permission must be selected',
} as const

const roleName = z.string({ error: roleMessages.nameRequired }).check(
  z.trim(),
  z.minLength(1, roleMessages.nameRequired),
  z.maxLength(60, 'Role name must be at most 60 characters'),
  z.regex(/^[^\u0000-\u001f]*$/, 'Role name cannot contain control characters'),
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
