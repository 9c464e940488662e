import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { roles } from '#api/db/schema'
import { signedUpUser, startApi, type Api } from '../support/api-harness'
import { expectClientError, profilePayload } from '../support/helpers'

type Signed = Awaited<ReturnType<typeof signedUpUser>>
type Role = { _id: string; name: string; permissions: string[] }
type Holder = { _id: string; fullName: string | null; email: string; status: string; permissions: string[]; designation: string | null; workLocation: string | null }
type RoleWithUsers = Role & { users: Holder[] }
type History = {
  _id: string
  user: { _id: string; fullName: string }
  initialRole: { name: string }
  newRole: { name: string }
  updatedBy: { fullName: string }
  updatedAt: string
}
type Profile = ReturnType<typeof profilePayload> & { status: string; roleId: { _id: string; name: string } | null }

let api: Api
let admin: Signed
const roleId = async (name: string) => (await api.db.select().from(roles).where(eq(roles.name, name)))[0]?.id
const roleCount = async () => (await api.db.select({ n: count() }).from(roles))[0].n

beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
  // The administrator's own profile gives the name the role history shows as "Updated By".
  expect((await admin.client.post('/form/submit', profilePayload(await roleId('Admin'), { personal: { name: 'Ada Admin' } }))).status).toBe(200)
})
afterAll(() => api?.close())

/** A user with a saved profile (where they picked Developer), then given a role by the administrator. */
async function holder(name: string, role: string | null, professional: Record<string, unknown> = {}) {
  const user = await signedUpUser(api)
  expect((await user.client.post('/form/submit', profilePayload(await roleId('Developer'), { personal: { name }, professional }))).status).toBe(200)
  if (role) await giveRole(user.id, role)
  return user
}
async function giveRole(userId: string, role: string | null) {
  const current = (await admin.client.get<Profile>(`/form/profile/${userId}`)).body
  const answer = await admin.client.put(`/form/profile/${userId}`, { ...current, roleId: role && (await roleId(role)) })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

describe('POST /roles: validation', () => {
  test.each([
    ['an empty name', { name: '', permissions: ['view'] }, 'name: Role name is required'],
    ['a name of spaces', { name: '   ', permissions: ['view'] }, 'name: Role name is required'],
    ['a name of tabs and newlines', { name: '\t\n ', permissions: ['view'] }, 'name: Role name is required'],
    ['no name', { permissions: ['view'] }, 'name: Role name is required'],
    ['a name that is not text', { name: 7, permissions: ['view'] }, 'name: Role name is required'],
    ['no permission', { name: 'QA' , permissions: [] }, 'permissions: At least one permission must be selected'],
    ['no permissions field', { name: 'QA' }, 'permissions: At least one permission must be selected'],
    ['permissions null', { name: 'QA', permissions: null }, 'permissions: At least one permission must be selected'],
    ['an unknown permission', { name: 'QA', permissions: ['view', 'admin'] }, 'permissions.1: Permissions are view, add, edit and delete'],
    ['a permission in capitals', { name: 'QA', permissions: ['VIEW'] }, 'permissions.0: Permissions are view, add, edit and delete'],
    ['an unknown field', { name: 'QA', permissions: ['view'], users: [] }, 'users: Unknown field'],
    ['an id chosen by the caller', { _id: '00000000-0000-4000-8000-000000000000', name: 'QA', permissions: ['view'] }, '_id: Unknown field'],
    ['a name over 60 characters', { name: 'R'.repeat(61), permissions: ['view'] }, 'name: Role name must be at most 60 characters'],
    ['a control character in the name', { name: 'QA\u0007', permissions: ['view'] }, 'name: Role name cannot contain control characters'],
  ])('%s is refused with 400 and the message %j; no role is made', async (_, body, message) => {
    const before = await roleCount()
    const answer = await admin.client.post('/roles', body)
    expectClientError(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await roleCount()).toBe(before)
  })

  test("an empty name and no permission: the name's message comes first", async () => {
    const answer = await admin.client.post('/roles', { name: ' ', permissions: [] })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('name: Role name is required')
  })

  test.each([
    ['no body', undefined],
    ['a list', '[]'],
    ['text that is not JSON', '{"name": "QA", '],
    ['null', 'null'],
  ])('%s is refused with 400, never 500', async (_, body) => {
    const before = await roleCount()
    expectClientError(await admin.client.post('/roles', body), 400)
    expect(await roleCount()).toBe(before)
  })
})

describe('POST /roles: creation', () => {
  test('answers 201 with the role: _id, the name trimmed, the permissions', async () => {
    const answer = await admin.client.post<Role>('/roles', { name: '  Quality Lead  ', permissions: ['view', 'edit'] })
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Quality Lead', permissions: ['view', 'edit'] })
    const [stored] = await api.db.select().from(roles).where(eq(roles.id, answer.body._id))
    expect(stored).toMatchObject({ name: 'Quality Lead', permissions: ['view', 'edit'] })
  })

  test('a permission given twice is kept once', async () => {
    const answer = await admin.client.post<Role>('/roles', { name: 'Twice', permissions: ['add', 'view', 'add'] })
    expect(answer.status).toBe(201)
    expect(answer.body.permissions).toEqual(['add', 'view'])
  })

  test('one permission sent as a string (one ticked checkbox) is taken as a list', async () => {
    const answer = await admin.client.post<Role>('/roles', { name: 'Single Tick', permissions: 'delete' })
    expect(answer.status).toBe(201)
    expect(answer.body.permissions).toEqual(['delete'])
  })

  test('a name of 60 characters, and one outside ASCII, are accepted', async () => {
    expect((await admin.client.post('/roles', { name: 'L'.repeat(60), permissions: ['view'] })).status).toBe(201)
    expect((await admin.client.post<Role>('/roles', { name: 'Ingénieur Sûreté', permissions: ['view'] })).body.name).toBe('Ingénieur Sûreté')
  })

  test.each([
    ['the same name', 'Quality Lead'],
    ['the same name in another case', 'QUALITY lead'],
    ['the same name with spaces around it', '  quality lead '],
    ['a starter role', 'admin'],
  ])('%s answers 409 and makes nothing', async (_, name) => {
    const before = await roleCount()
    const answer = await admin.client.post('/roles', { name, permissions: ['view'] })
    expectClientError(answer, 409)
    expect(answer.body.error).toBe(`A role named "${name.trim()}" already exists`)
    expect(await roleCount()).toBe(before)
  })

  test('five simultaneous requests for one new name: one 201, four 409, never 500', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => admin.client.post('/roles', { name: i % 2 ? 'race role' : 'Race Role', permissions: ['view'] })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409])
    expect((await api.db.select().from(roles).where(sql`lower(${roles.name}) = 'race role'`)).length).toBe(1)
  })

  test('GET /roles lists the new role, signed out too, sorted by name whatever its case', async () => {
    await admin.client.post('/roles', { name: 'analyst', permissions: ['view'] })
    await admin.client.post('/roles', { name: 'Zoning Officer', permissions: ['view', 'add'] })
    const answer = await api.client().get<{ roles: Role[] }>('/roles')
    expect(answer.status).toBe(200)
    const names = answer.body.roles.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['Admin', 'PMO', 'Engineer', 'Developer', 'Quality Lead', 'analyst', 'Zoning Officer']))
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    expect(names.indexOf('analyst')).toBeLessThan(names.indexOf('Developer'))
    expect(answer.body.roles.find((r) => r.name === 'Zoning Officer')).toEqual({ _id: expect.any(String), name: 'Zoning Officer', permissions: ['view', 'add'] })
  })
})

describe('GET /roles/with-users', () => {
  let amara: Signed
  let bilal: Signed
  let chen: Signed
  let picked: Signed
  let nobody: Signed
  beforeAll(async () => {
    expect((await admin.client.post('/roles', { name: 'Site Supervisor', permissions: ['view', 'add'] })).status).toBe(201)
    expect((await admin.client.post('/roles', { name: 'Empty Role', permissions: ['view'] })).status).toBe(201)
    // Named so that the expected order (by full name, whatever the case) differs from the order of creation.
    bilal = await holder('bilal Khan', 'Site Supervisor', { designation: 'Supervisor', workLocation: 'Site' })
    amara = await holder('Amara Obi', 'Site Supervisor', { designation: 'Senior Supervisor', workLocation: 'Hyderabad Plant' })
    chen = await holder('Chen Wei', 'Engineer', { designation: 'Engineer II', workLocation: 'Head Office' })
    picked = await holder('Pia Picked', null, { designation: 'Trainee', workLocation: 'Site' })
    nobody = await signedUpUser(api)
  })

  const withUsers = async () => {
    const answer = await admin.client.get<{ roles: RoleWithUsers[] }>('/roles/with-users')
    expect(answer.status).toBe(200)
    return answer.body.roles
  }

  test('answers every role, sorted by name, each with _id, name, permissions and users', async () => {
    const listed = await withUsers()
    const plain = (await api.client().get<{ roles: Role[] }>('/roles')).body.roles
    expect(listed.map(({ users: _users, ...role }) => role)).toEqual(plain)
    for (const role of listed) expect(Array.isArray(role.users)).toBe(true)
  })

  test("groups the holders under their role, by full name, with fullName, email, designation, workLocation and the user's permissions", async () => {
    const supervisor = (await withUsers()).find((r) => r.name === 'Site Supervisor')!
    expect(supervisor.permissions).toEqual(['view', 'add'])
    expect(supervisor.users).toEqual([
      { _id: amara.id, fullName: 'Amara Obi', email: amara.email, status: 'Active', permissions: ['view', 'add'], designation: 'Senior Supervisor', workLocation: 'Hyderabad Plant' },
      { _id: bilal.id, fullName: 'bilal Khan', email: bilal.email, status: 'Active', permissions: ['view', 'add'], designation: 'Supervisor', workLocation: 'Site' },
    ])
    const engineer = (await withUsers()).find((r) => r.name === 'Engineer')!
    expect(engineer.users).toEqual([
      { _id: chen.id, fullName: 'Chen Wei', email: chen.email, status: 'Active', permissions: ['view'], designation: 'Engineer II', workLocation: 'Head Office' },
    ])
  })

  test('the administrator is under Admin; a role no one holds has no users', async () => {
    const listed = await withUsers()
    expect(listed.find((r) => r.name === 'Admin')!.users.map((u) => u._id)).toEqual([admin.id])
    expect(listed.find((r) => r.name === 'Empty Role')!.users).toEqual([])
  })

  test('a person is under the role they picked themselves, holding nothing until someone confirms it; one with no role is under none', async () => {
    const listed = await withUsers()
    const everyone = listed.flatMap((r) => r.users.map((u) => u._id))
    expect(everyone).not.toContain(nobody.id)
    expect(listed.find((r) => r.name === 'Developer')!.users).toEqual([
      { _id: picked.id, fullName: 'Pia Picked', email: picked.email, status: 'Active', permissions: [], designation: 'Trainee', workLocation: 'Site' },
    ])
    expect(new Set(everyone).size).toBe(everyone.length)
    // Confirmed by the administrator: the same place, now with the role's permissions.
    await giveRole(picked.id, 'Developer')
    expect((await withUsers()).find((r) => r.name === 'Developer')!.users.map((u) => [u._id, u.permissions])).toEqual([[picked.id, ['view']]])
  })

  test('a user whose role changes moves to the new role; a deactivated holder is shown as Inactive', async () => {
    await giveRole(bilal.id, 'Engineer')
    const current = (await admin.client.get<Profile>(`/form/profile/${chen.id}`)).body
    expect((await admin.client.put(`/form/profile/${chen.id}`, { ...current, status: 'Inactive' })).status).toBe(200)
    const listed = await withUsers()
    expect(listed.find((r) => r.name === 'Site Supervisor')!.users.map((u) => u._id)).toEqual([amara.id])
    const engineer = listed.find((r) => r.name === 'Engineer')!.users
    expect(engineer.map((u) => [u.fullName, u.status, u.permissions])).toEqual([
      ['bilal Khan', 'Active', ['view']],
      ['Chen Wei', 'Inactive', ['view']],
    ])
  })
})

describe('GET /api/role-histories', () => {
  let dev: Signed
  let ops: Signed
  beforeAll(async () => {
    dev = await holder('Devi Prasad', null)
    ops = await holder('Omar Sy', null)
  })

  test('lists the changes newest first, each with user.fullName, initialRole.name, newRole.name, updatedBy.fullName and updatedAt', async () => {
    const start = Date.parse('2026-01-05T09:00:00.000Z')
    api.advance(24 * 3600_000)
    await giveRole(dev.id, 'Engineer')
    api.advance(3600_000)
    await giveRole(ops.id, 'PMO')
    api.advance(60_000)
    await giveRole(dev.id, 'Developer')

    const answer = await admin.client.get<{ histories: History[] }>('/api/role-histories')
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body)).toEqual(['histories', 'total'])
    const newest = answer.body.histories.slice(0, 3)
    expect(newest).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        user: { _id: dev.id, fullName: 'Devi Prasad' },
        initialRole: { name: 'Engineer' },
        newRole: { name: 'Developer' },
        updatedBy: { fullName: 'Ada Admin', email: admin.email.toLowerCase() },
        updatedAt: new Date(start + 24 * 3600_000 + 3600_000 + 60_000).toISOString(),
      },
      {
        _id: expect.any(String),
        user: { _id: ops.id, fullName: 'Omar Sy' },
        initialRole: { name: 'Developer' },
        newRole: { name: 'PMO' },
        updatedBy: { fullName: 'Ada Admin', email: admin.email.toLowerCase() },
        updatedAt: new Date(start + 24 * 3600_000 + 3600_000).toISOString(),
      },
      {
        _id: expect.any(String),
        user: { _id: dev.id, fullName: 'Devi Prasad' },
        initialRole: { name: 'Developer' },
        newRole: { name: 'Engineer' },
        updatedBy: { fullName: 'Ada Admin', email: admin.email.toLowerCase() },
        updatedAt: new Date(start + 24 * 3600_000).toISOString(),
      },
    ])
  })

  test('the whole list is ordered newest first', async () => {
    const { histories } = (await admin.client.get<{ histories: History[] }>('/api/role-histories')).body
    // The with-users block: four own picks of Developer and four changes by the administrator (a
    // confirmation of the role held is no change); two own picks and three changes for the test above.
    expect(histories).toHaveLength(13)
    expect(histories.filter((h) => h.updatedBy.fullName !== 'Ada Admin').map((h) => h.newRole.name)).toEqual(Array(6).fill('Developer'))
    const times = histories.map((h) => Date.parse(h.updatedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  test('a user without a name is shown by email; the one who made the change is named as they were then', async () => {
    const unnamed = await signedUpUser(api)
    api.advance(60_000)
    await giveRole(unnamed.id, 'Engineer')
    const [latest] = (await admin.client.get<{ histories: History[] }>('/api/role-histories')).body.histories
    expect(latest).toMatchObject({ user: { _id: unnamed.id, fullName: unnamed.email }, initialRole: { name: 'User' }, newRole: { name: 'Engineer' } })
    // Renaming the administrator afterwards does not rewrite history.
    const mine = (await admin.client.get<Profile>(`/form/profile/${admin.id}`)).body
    expect((await admin.client.put(`/form/profile/${admin.id}`, { ...mine, personal: { ...mine.personal, name: 'Ada Renamed' } })).status).toBe(200)
    const [again] = (await admin.client.get<{ histories: History[] }>('/api/role-histories')).body.histories
    expect(again.updatedBy.fullName).toBe('Ada Admin')
  })

  test('a page at a time: limit and offset, newest first, with the count of every change; bad paging is a 400', async () => {
    const all = (await admin.client.get<{ histories: History[]; total: number }>('/api/role-histories')).body
    expect(all.total).toBe(all.histories.length)
    const second = (await admin.client.get<{ histories: History[]; total: number }>('/api/role-histories?limit=4&offset=4')).body
    expect(second.total).toBe(all.total)
    expect(second.histories.map((h) => h._id)).toEqual(all.histories.slice(4, 8).map((h) => h._id))
    // Past the end: no rows, and still the count.
    expect((await admin.client.get<{ histories: History[]; total: number }>(`/api/role-histories?limit=4&offset=${all.total}`)).body).toEqual({ total: all.total, histories: [] })
    for (const query of ['limit=0', 'limit=1001', 'limit=x', 'offset=-1', 'offset=1.5']) expectClientError(await admin.client.get(`/api/role-histories?${query}`), 400)
  })

  test('a refused change (an unknown role) writes no history', async () => {
    const before = (await admin.client.get<{ histories: History[] }>('/api/role-histories')).body.histories.length
    const current = (await admin.client.get<Profile>(`/form/profile/${ops.id}`)).body
    expectClientError(await admin.client.put(`/form/profile/${ops.id}`, { ...current, roleId: '00000000-0000-4000-8000-000000000000' }), 400)
    expect((await admin.client.get<{ histories: History[] }>('/api/role-histories')).body.histories).toHaveLength(before)
  })
})
