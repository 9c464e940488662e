import { describe, expect, test } from 'vitest'
import type { RoleWithUsers } from '#domain/contracts/roles'
import { keepHref, permissionLabel, rolesView } from '#app/features/roles/form'

/** The Role & Permissions screen's search, filters and dialogs read from its address (no browser needed). */

const holder = (id: string, fullName: string, workLocation: string | null, permissions: RoleWithUsers['users'][number]['permissions'] = ['view']) => ({
  _id: id,
  fullName,
  email: `${id}@example.com`,
  status: 'Active' as const,
  permissions,
  designation: null,
  workLocation,
})
const roles: RoleWithUsers[] = [
  { _id: 'r1', name: 'Engineer', permissions: ['view'], users: [holder('asha', 'Asha Rao', 'Site'), holder('ravi', 'Ravi Kumar', 'Head Office')] },
  { _id: 'r2', name: 'Manager', permissions: ['view', 'edit'], users: [holder('mira', 'Mira Shah', 'Site', ['view', 'edit'])] },
  { _id: 'r3', name: 'Auditor', permissions: ['view', 'delete'], users: [] },
]
const view = (query: string, canAdd = true) => rolesView(roles, new URLSearchParams(query), canAdd)
const names = (groups: ReturnType<typeof view>['groups']) =>
  groups.map((group) => ({ location: group.location, roles: group.roles.map((row) => `${row.role.name}: ${row.users.map((user) => user._id).join(',')}`) }))

describe('rolesView', () => {
  test('groups the holders by location (Site first), lists the roles nobody holds, and offers every location and role', () => {
    const shown = view('')
    expect(names(shown.groups)).toEqual([
      { location: 'Site', roles: ['Engineer: asha', 'Manager: mira'] },
      { location: 'Head Office', roles: ['Engineer: ravi'] },
    ])
    expect(shown.unheld.map((role) => role.name)).toEqual(['Auditor'])
    expect(shown.locations).toEqual(['Site', 'Head Office'])
    expect(shown.roleNames).toEqual(['Engineer', 'Manager', 'Auditor'])
    expect(shown.usersModal).toBeNull()
  })

  test('the search matches a name, an email, a role, a location or a permission, in any case; a role nobody holds by its name or permission', () => {
    expect(names(view('q=%20ASHA%20').groups)).toEqual([{ location: 'Site', roles: ['Engineer: asha'] }])
    expect(names(view('q=edit').groups)).toEqual([{ location: 'Site', roles: ['Manager: mira'] }])
    expect(names(view('q=head').groups)).toEqual([{ location: 'Head Office', roles: ['Engineer: ravi'] }])
    expect(view('q=delete').unheld.map((role) => role.name)).toEqual(['Auditor'])
    expect(view('q=asha').unheld).toEqual([])
  })

  test('the location and role filters narrow the groups; a location leaves out the roles nobody holds', () => {
    expect(names(view('location=Site&role=Manager').groups)).toEqual([{ location: 'Site', roles: ['Manager: mira'] }])
    expect(view('location=Site').unheld).toEqual([])
    expect(view('role=Auditor').groups).toEqual([])
    expect(view('role=Auditor').unheld.map((role) => role.name)).toEqual(['Auditor'])
  })

  test("the users dialog shows a role's holders at one location, titled with the count, searched by name or email", () => {
    expect(view('users=r1&at=Site').usersModal).toEqual({ title: 'Site • Engineer — Users (1)', users: [roles[0].users[0]] })
    expect(view('users=r2&at=Site&uq=nobody').usersModal).toEqual({ title: 'Site • Manager — Users (1)', users: [] })
    expect(view('users=unknown&at=Site').usersModal).toBeNull()
  })

  test('Add Role opens only for someone who may add', () => {
    expect(view('add=1').addOpen).toBe(true)
    expect(view('add=1', false).addOpen).toBe(false)
    expect(view('', false).canAdd).toBe(false)
  })
})

describe('keepHref and permissionLabel', () => {
  test("a link keeps the search and filters but closes any dialog; nothing left is the page's own address", () => {
    const params = new URLSearchParams('q=asha&location=Site&add=1&users=r1&at=Site&uq=x')
    expect(keepHref(params)).toBe('?q=asha&location=Site')
    expect(keepHref(params, { users: 'r2', at: 'Head Office' })).toBe('?q=asha&location=Site&users=r2&at=Head+Office')
    expect(keepHref(new URLSearchParams('add=1'))).toBe('/roles')
  })

  test('a permission is shown capitalised', () => {
    expect(permissionLabel('delete')).toBe('Delete')
  })
})
