import { describe, expect, test } from 'vitest'
import { can, canGrant, grantRefusal, isAdmin, isSelf, offeredRoles, ownerOr, ungrantable } from '#domain/access'

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

describe('ownerOr: oneself, or whoever holds the permission', () => {
  const id = '5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3'
  const other = '0f9e8d7c-6b5a-4938-a726-1504f3e2d1c0'
  const nobody = { id, role: 'User', permissions: [] }

  test("one's own: allowed without any permission, whatever the case of the id", () => {
    expect(ownerOr(nobody, id, 'edit')).toBe(true)
    expect(ownerOr(nobody, id.toUpperCase(), 'edit')).toBe(true)
    expect(ownerOr({ ...nobody, id: id.toUpperCase() }, id, 'view')).toBe(true)
    expect(ownerOr({ _id: id, role: 'User', permissions: [] }, ` ${id.toUpperCase()} `, 'view')).toBe(true)
  })
  test("someone else's: only with the permission; Admin holds it", () => {
    expect(ownerOr(nobody, other, 'view')).toBe(false)
    expect(ownerOr({ ...nobody, permissions: ['view'] }, other, 'view')).toBe(true)
    expect(ownerOr({ ...nobody, permissions: ['view'] }, other, 'edit')).toBe(false)
    expect(ownerOr({ id, role: 'Admin', permissions: [] }, other, 'delete')).toBe(true)
  })
  test('no owner (a missing or blank id) is nobody\'s own: the permission decides', () => {
    for (const missing of [null, undefined, '', '  ']) {
      expect(ownerOr(nobody, missing, 'view')).toBe(false)
      expect(ownerOr({ ...nobody, permissions: ['view'] }, missing, 'view')).toBe(true)
    }
    expect(ownerOr({ id: '', role: 'User', permissions: [] }, '', 'view')).toBe(false)
  })
  test('isSelf compares canonically, by either spelling of the actor\'s id', () => {
    expect(isSelf(nobody, id.toUpperCase())).toBe(true)
    expect(isSelf({ _id: id.toUpperCase(), role: 'User', permissions: [] }, id)).toBe(true)
    expect(isSelf(nobody, other)).toBe(false)
  })
})
