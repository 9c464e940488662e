import { describe, expect, test } from 'vitest'
import { can, canGrant, grantRefusal, isAdmin, offeredRoles, ungrantable } from '#domain/access'

/** DESIGN §4: Admin holds everything; anyone else their own list; no one grants what they do not hold. */
const person = (role: string, permissions: string[] = []) => ({ role, permissions })
const admin = person('Admin', ['view', 'add', 'edit', 'delete'])
const editor = person('PMO', ['view', 'add', 'edit'])
const picked = person('Admin-looking Developer', [])

describe('isAdmin and can', () => {
  test('holding the Admin role is being an administrator, who can do everything whatever the list says', () => {
    expect(isAdmin(admin)).toBe(true)
    expect(isAdmin(person('Admin', []))).toBe(true)
    expect(can(person('Admin', []), 'delete')).toBe(true)
  })
  test('a role whose name only looks like Admin is not', () => {
    expect(isAdmin(person('admin'))).toBe(false)
    expect(isAdmin(person('Admin '))).toBe(false)
    expect(isAdmin(picked)).toBe(false)
  })
  test('anyone else can exactly what their own list holds; the role name grants nothing', () => {
    expect(can(editor, 'edit')).toBe(true)
    expect(can(editor, 'delete')).toBe(false)
    expect(can(person('PMO', []), 'view')).toBe(false)
  })
})

describe('grantRefusal: no one grants what they do not hold', () => {
  test('within one\'s own list: allowed', () => {
    expect(grantRefusal(editor, { name: 'Reviewer', permissions: ['view', 'edit'] })).toBeNull()
    expect(canGrant(editor, { name: 'Nothing', permissions: [] })).toBe(true)
  })
  test('one missing permission is named', () => {
    expect(grantRefusal(editor, { name: 'Everything', permissions: ['view', 'add', 'edit', 'delete'] })).toBe('You cannot grant the delete permission, which you do not hold.')
  })
  test('several missing permissions are named in the usual order', () => {
    expect(grantRefusal(person('Viewer', ['view']), { name: 'X', permissions: ['delete', 'add', 'view'] })).toBe(
      'You cannot grant the add, delete permissions, which you do not hold.',
    )
    expect(ungrantable(person('Viewer', ['view']), ['delete', 'add', 'view'])).toEqual(['add', 'delete'])
  })
  test('only an administrator gives the Admin role, whatever its permissions', () => {
    expect(grantRefusal(editor, { name: 'Admin', permissions: [] })).toBe('Only an administrator can give or take away the Admin role.')
    expect(grantRefusal(admin, { name: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })).toBeNull()
  })
  test('an administrator grants anything', () => {
    expect(grantRefusal(person('Admin', []), { name: 'Everything', permissions: ['view', 'add', 'edit', 'delete'] })).toBeNull()
  })
})

describe('offeredRoles: what a profile form offers', () => {
  const roles = [
    { _id: 'a', name: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] },
    { _id: 'd', name: 'Developer', permissions: ['view'] },
    { _id: 'r', name: 'Remover', permissions: ['view', 'delete'] },
  ]
  const names = (list: { name: string }[]) => list.map((role) => role.name)
  test("on one's own profile every role but Admin; an administrator sees Admin too", () => {
    expect(names(offeredRoles(roles, person('User'), { own: true, currentId: null }))).toEqual(['Developer', 'Remover'])
    expect(names(offeredRoles(roles, admin, { own: true, currentId: 'a' }))).toEqual(['Admin', 'Developer', 'Remover'])
  })
  test("on someone else's, the roles the editor may grant, and the role they already hold", () => {
    expect(names(offeredRoles(roles, editor, { own: false, currentId: null }))).toEqual(['Developer'])
    expect(names(offeredRoles(roles, editor, { own: false, currentId: 'r' }))).toEqual(['Developer', 'Remover'])
    expect(names(offeredRoles(roles, admin, { own: false, currentId: null }))).toEqual(['Admin', 'Developer', 'Remover'])
  })
})
