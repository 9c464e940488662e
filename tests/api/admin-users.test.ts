import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { personalSchema, professionalSchema } from '#domain/profile'
import { profiles, roleHistories, roles, sessions, users } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectClientError, landingUser, profilePayload } from '../support/helpers'
import { grant, userHolding } from '../support/personas'

type Signed = Awaited<ReturnType<typeof signedUpUser>>
type Profile = ReturnType<typeof profilePayload> & { status: string; roleId: { _id: string; name: string } | null }
interface ListedUser {
  _id: string
  fullName: string | null
  email: string
  role: string
  status: string
  createdAt: string
  permissions: string[]
  emailVerified: boolean
  profile: { permissions: string[]; professional: { employId: string | null; role: string | null; workLocation: string | null; designation: string | null } }
}
type List = { users: ListedUser[]; total: number }

const API_NOW = '2026-01-05T09:00:00.000Z'
let api: Api
let admin: Signed
let roleIds: Record<'Admin' | 'PMO' | 'Engineer' | 'Developer', string>

beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
  const rows = await api.db.select().from(roles)
  roleIds = Object.fromEntries(rows.map((r) => [r.name, r.id])) as typeof roleIds
})
afterAll(() => api?.close())

/** A signed-up user who has submitted the profile form with these work details. */
async function employee(name: string, professional: Record<string, unknown>, email?: string) {
  const user = await signedUpUser(api, api.client(), email)
  const answer = await user.client.post('/form/submit', profilePayload(roleIds.Developer, { personal: { name }, professional }))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return user
}

const list = (client: Client, query = '') => client.get<List>(`/users${query}`)
const idsOf = (answer: { body: List }) => answer.body.users.map((u) => u._id)
const profileOf = async (client: Client, id: string) => (await client.get<Profile>(`/form/profile/${id}`)).body
const historyOf = (userId: string) => api.db.select().from(roleHistories).where(eq(roleHistories.userId, userId))
const accountOf = async (userId: string) => (await api.db.select().from(users).where(eq(users.id, userId)))[0]

describe('GET /users: the shape of the list', () => {
  test("answers {users, total}: each with _id, fullName, email, the role picked on the profile, status 'Active', createdAt and the profile's permissions and work fields", async () => {
    const asha = await employee('Asha Rao', { employId: 'SHAPE-1', designation: 'Planner', workLocation: 'Site' })
    const answer = await list(admin.client)
    expect(answer.status).toBe(200)
    expect(Object.keys(answer.body)).toEqual(['users', 'total'])
    expect(answer.body.total).toBe(answer.body.users.length)
    const listed = answer.body.users.find((u) => u._id === asha.id)
    expect(listed).toEqual({
      _id: asha.id,
      fullName: 'Asha Rao',
      email: asha.email,
      role: 'Developer',
      status: 'Active',
      permissions: [],
      emailVerified: true,
      createdAt: API_NOW,
      profile: {
        permissions: [],
        professional: { employId: 'SHAPE-1', role: 'Developer', workLocation: 'Site', designation: 'Planner' },
      },
    })
  })

  test('a user who never filled the profile is listed with empty work fields', async () => {
    const bare = await signedUpUser(api)
    const listed = (await list(admin.client)).body.users.find((u) => u._id === bare.id)
    expect(listed).toMatchObject({
      fullName: null,
      role: 'User',
      status: 'Active',
      profile: { permissions: [], professional: { employId: null, role: null, workLocation: null, designation: null } },
    })
  })

  test('the administrator is listed with role Admin and all four permissions', async () => {
    const listed = (await list(admin.client)).body.users.find((u) => u._id === admin.id)
    expect(listed).toMatchObject({ role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'], profile: { permissions: ['view', 'add', 'edit', 'delete'] } })
  })

  test('no password hash or other secret is in the answer', async () => {
    const text = JSON.stringify((await list(admin.client)).body)
    expect(text).not.toMatch(/password|hash|argon|token/i)
  })

  test('GET /users/{id} answers the same record as the list', async () => {
    const listed = (await list(admin.client)).body.users
    for (const user of listed.slice(0, 3)) {
      const one = await admin.client.get(`/users/${user._id}`)
      expect(one.status).toBe(200)
      expect(one.body).toEqual(user)
    }
  })
})

describe('GET /users?q: search', () => {
  const people: Record<string, Signed> = {}
  beforeAll(async () => {
    people.zara = await employee('Zara Quillon', { employId: 'EMP-7781', designation: 'Site Engineer', workLocation: 'Hyderabad Plant' }, 'zara.quillon@example.com')
    people.percent = await employee('Percy Cent', { employId: 'EMP_9', designation: 'Lead 100% Remote', workLocation: 'Remote' })
    people.lookalike = await employee('Look Alike', { employId: 'EMPX9', designation: 'Lead 1000 Remote', workLocation: 'Head Office' })
    people.backslash = await employee('Back Slash', { employId: 'BS-1', designation: 'Analyst', workLocation: 'Block\\B' })
  })
  // Only the people of this block are compared: the list also holds everyone else of the file.
  const found = async (q: string) => {
    const answer = await list(admin.client, `?q=${encodeURIComponent(q)}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const ids = idsOf(answer)
    return Object.entries(people)
      .filter(([, person]) => ids.includes(person.id))
      .map(([key]) => key)
  }

  test.each([
    ['full name, part of it', 'quillon', ['zara']],
    ['full name, any case', 'ZARA qUILLON', ['zara']],
    ['email', 'zara.quillon@example', ['zara']],
    ['email, any case', 'ZARA.QUILLON@EXAMPLE.COM', ['zara']],
    ['employee id', 'emp-7781', ['zara']],
    ['designation', 'site engineer', ['zara']],
    ['work location', 'hyderabad PLANT', ['zara']],
    ['work location of another', 'head office', ['lookalike']],
    ['a word several have', 'remote', ['percent', 'lookalike']],
  ])('matches the %s, whatever the case (%j)', async (_, q, expected) => {
    expect(await found(q)).toEqual(expected)
  })

  test("'%' is taken literally, not as 'anything'", async () => {
    expect(await found('100%')).toEqual(['percent'])
    const everyone = (await list(admin.client, `?q=${encodeURIComponent('%')}`)).body.users
    expect(everyone.map((u) => u._id)).toEqual([people.percent.id])
  })

  test("'_' is taken literally, not as 'any one character'", async () => {
    expect(await found('EMP_9')).toEqual(['percent'])
    const everyone = (await list(admin.client, `?q=${encodeURIComponent('_')}`)).body.users
    expect(everyone.map((u) => u._id)).toEqual([people.percent.id])
  })

  test("'\\' is taken literally", async () => {
    expect(await found('k\\B')).toEqual(['backslash'])
    expect(idsOf(await list(admin.client, `?q=${encodeURIComponent('\\')}`))).toEqual([people.backslash.id])
  })

  test('a search that matches no one answers an empty list', async () => {
    const answer = await list(admin.client, '?q=nobody-has-this-text')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ users: [], total: 0 })
  })

  test('a blank search lists everyone', async () => {
    const all = idsOf(await list(admin.client))
    expect(idsOf(await list(admin.client, '?q=%20%20'))).toEqual(all)
    expect(idsOf(await list(admin.client, '?q='))).toEqual(all)
  })

  test('quotes and SQL in the search are only text', async () => {
    for (const q of ["' or '1'='1", "'; drop table users; --", '") or 1=1 --']) {
      const answer = await list(admin.client, `?q=${encodeURIComponent(q)}`)
      expect(answer.status).toBe(200)
      expect(answer.body.users).toEqual([])
    }
    expect((await list(admin.client)).body.users.length).toBeGreaterThan(4)
  })

  test('a search over 200 characters, or given twice, is refused with 400', async () => {
    expectClientError(await list(admin.client, `?q=${'x'.repeat(201)}`), 400)
    expectClientError(await list(admin.client, '?q=a&q=b'), 400)
  })
})

describe('GET /users?role: the role filter', () => {
  let pmo: Signed
  let engineer: Signed
  beforeAll(async () => {
    pmo = await employee('Pia Emo', { employId: 'ROLE-1', designation: 'Coordinator', workLocation: 'Admin' })
    engineer = await employee('Eli Engel', { employId: 'ROLE-2', designation: 'Coordinator', workLocation: 'Site' })
    for (const [user, roleId] of [
      [pmo, roleIds.PMO],
      [engineer, roleIds.Engineer],
    ] as const) {
      const current = await profileOf(admin.client, user.id)
      expect((await admin.client.put(`/form/profile/${user.id}`, { ...current, roleId })).status).toBe(200)
    }
  })

  test('lists only the users holding that role', async () => {
    const answer = await list(admin.client, '?role=PMO')
    expect(answer.status).toBe(200)
    expect(idsOf(answer)).toEqual([pmo.id])
    expect(idsOf(await list(admin.client, '?role=Admin'))).toEqual([admin.id])
  })

  test('compares the role name whatever its case', async () => {
    expect(idsOf(await list(admin.client, '?role=pmo'))).toEqual([pmo.id])
    expect(idsOf(await list(admin.client, '?role=%20ENGINEER%20'))).toEqual([engineer.id])
  })

  test("'User' lists the ordinary users only", async () => {
    const ordinary = (await list(admin.client, '?role=User')).body.users
    expect(ordinary.length).toBeGreaterThan(0)
    expect(ordinary.every((u) => u.role === 'User')).toBe(true)
    expect(ordinary.map((u) => u._id)).not.toContain(pmo.id)
    expect(ordinary.map((u) => u._id)).not.toContain(admin.id)
  })

  test('combines with the search', async () => {
    expect(idsOf(await list(admin.client, '?q=coordinator&role=Engineer'))).toEqual([engineer.id])
    expect(idsOf(await list(admin.client, '?q=coordinator&role=Developer'))).toEqual([])
  })

  test('a role no one holds answers an empty list; a blank role lists everyone', async () => {
    expect((await list(admin.client, '?role=Astronaut')).body).toEqual({ users: [], total: 0 })
    expect(idsOf(await list(admin.client, '?role='))).toEqual(idsOf(await list(admin.client)))
  })
})

describe('GET /users?limit', () => {
  test.each([
    ['0', 'limit: limit must be at least 1'],
    ['-1', 'limit: limit must be at least 1'],
    ['1001', 'limit: limit must be at most 1000'],
    ['abc', 'limit: limit must be a number'],
    ['2.5', 'limit: limit must be a whole number'],
  ])('limit=%s is refused with 400 naming limit', async (limit, message) => {
    const answer = await admin.client.get(`/users?limit=${limit}`)
    expectClientError(answer, 400)
    expect(answer.body.error).toBe(message)
  })

  test('limit=1000 is accepted', async () => {
    const answer = await list(admin.client, '?limit=1000')
    expect(answer.status).toBe(200)
    expect(idsOf(answer)).toEqual(idsOf(await list(admin.client)))
  })

  test('limit=1 answers one user, limit=3 three', async () => {
    expect((await list(admin.client, '?limit=1')).body.users).toHaveLength(1)
    expect((await list(admin.client, '?limit=3')).body.users).toHaveLength(3)
  })
})

describe('GET /users?offset: one page of the list, and the total of every match', () => {
  test('limit and offset walk the list in its order, each page answering the same total', async () => {
    const all = await list(admin.client)
    expect(all.body.users.length).toBeGreaterThan(4)
    const pages = [await list(admin.client, '?limit=2'), await list(admin.client, '?limit=2&offset=2'), await list(admin.client, '?limit=2&offset=4')]
    expect(pages.flatMap(idsOf)).toEqual(idsOf(all).slice(0, 6))
    for (const page of pages) expect(page.body.total).toBe(all.body.users.length)
  })

  test('the total counts the matches of the search, not the whole list', async () => {
    const everyone = (await list(admin.client)).body.total
    const matches = await list(admin.client, '?q=coordinator')
    expect(matches.body.users.length).toBeGreaterThan(0)
    expect(matches.body.total).toBe(matches.body.users.length)
    expect(matches.body.total).toBeLessThan(everyone)
    expect((await list(admin.client, '?q=coordinator&limit=1')).body.total).toBe(matches.body.total)
  })

  test('past the last page: no users, and still the total', async () => {
    const total = (await list(admin.client)).body.users.length
    expect((await list(admin.client, `?offset=${total + 10}`)).body).toEqual({ users: [], total })
  })

  test.each([
    ['-1', 'offset: offset must be at least 0'],
    ['abc', 'offset: offset must be a number'],
    ['1.5', 'offset: offset must be a whole number'],
    ['1000001', 'offset: offset must be at most 1000000'],
  ])('offset=%s is refused with 400 naming offset', async (offset, message) => {
    const answer = await admin.client.get(`/users?offset=${offset}`)
    expectClientError(answer, 400)
    expect(answer.body.error).toBe(message)
  })
})

describe('GET /users?ids and ?status: several named users in one call, active ones only', () => {
  test('ids lists exactly those users (unknown ids name no one), whatever their order or case', async () => {
    const a = await signedUpUser(api)
    const b = await signedUpUser(api)
    const answer = await list(admin.client, `?ids=${b.id.toUpperCase()},${a.id},${a.id},00000000-0000-4000-8000-000000000000`)
    expect(answer.status).toBe(200)
    expect(idsOf(answer).sort()).toEqual([a.id, b.id].sort())
  })

  test('status=Active leaves out an inactive account; status=Inactive lists only such', async () => {
    const inactive = await signedUpUser(api)
    await api.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, inactive.id))
    expect(idsOf(await list(admin.client, `?ids=${inactive.id},${admin.id}&status=Active`))).toEqual([admin.id])
    expect(idsOf(await list(admin.client, `?ids=${inactive.id},${admin.id}&status=Inactive`))).toEqual([inactive.id])
  })

  test.each([
    ['ids=abc', 'ids.0: ids must be user ids, comma-separated'],
    ['status=Away', 'status: status must be one of Active, Inactive'],
  ])('%s is refused with 400 naming the parameter', async (query, message) => {
    const answer = await admin.client.get(`/users?${query}`)
    expectClientError(answer, 400)
    expect(answer.body.error).toBe(message)
  })
})

describe('ids that name no user', () => {
  const malformed = [
    'abc',
    '123',
    'null',
    'undefined',
    "1' or '1'='1",
    '00000000-0000-0000-0000-00000000000',
    '00000000-0000-0000-0000-0000000000000',
    '00000000000000000000000000000000',
    '{00000000-0000-0000-0000-000000000000}',
    'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
    '\u0000',
    '../users',
  ]
  const paths = (id: string) => [`/users/${encodeURIComponent(id)}`, `/form/profile/${encodeURIComponent(id)}`]

  test.each(malformed)("a malformed id (%j) answers 404 'User not found' to an administrator, never 500", async (id) => {
    for (const path of paths(id)) {
      const answer = await admin.client.get(path)
      expectClientError(answer, 404)
      expect(answer.body.error).toBe('User not found')
    }
    const put = await admin.client.put(`/form/profile/${encodeURIComponent(id)}`, profilePayload(null))
    expectClientError(put, 404)
  })

  test.each(['00000000-0000-0000-0000-000000000000', '3f0e8a52-8a0e-4c47-9d1e-1b7d0c7f6a11', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'])(
    "an id of no user (%s) answers 404 'User not found', and PUT creates nothing",
    async (id) => {
      for (const path of paths(id)) {
        const answer = await admin.client.get(path)
        expectClientError(answer, 404)
        expect(answer.body.error).toBe('User not found')
      }
      const before = await api.db.select({ n: count() }).from(profiles)
      const put = await admin.client.put(`/form/profile/${id}`, profilePayload(roleIds.PMO))
      expectClientError(put, 404)
      expect(put.body.error).toBe('User not found')
      expect(await api.db.select({ n: count() }).from(profiles)).toEqual(before)
    },
  )

  test('an id over 100 characters is refused with a 4xx JSON error, never 500', async () => {
    for (const path of paths('a'.repeat(150))) {
      const answer = await admin.client.get(path)
      expectClientError(answer)
    }
  })

  test("a user with 'view' gets the same 404 for an unknown id", async () => {
    const viewer = await userHolding(api, ['view'])
    expectClientError(await viewer.client.get('/users/00000000-0000-0000-0000-000000000000'), 404)
    expectClientError(await viewer.client.get('/users/abc'), 404)
  })
})

describe('changing a role through PUT /form/profile/{id}', () => {
  test("the person's own pick writes a role-history row by them; an administrator's change one more, from the role held, and the permissions become the role's", async () => {
    const user = await employee('Rohan Mehta', { employId: 'RC-1', designation: 'Engineer', workLocation: 'Site' })
    const before = await profileOf(admin.client, user.id)
    expect(before.roleId).toEqual({ _id: roleIds.Developer, name: 'Developer' })
    expect(await historyOf(user.id)).toEqual([
      expect.objectContaining({ initialRoleId: null, initialRoleName: 'User', newRoleId: roleIds.Developer, newRoleName: 'Developer', updatedById: user.id, updatedByName: 'Rohan Mehta' }),
    ])
    expect(await accountOf(user.id)).toMatchObject({ role: 'Developer', roleId: roleIds.Developer, permissions: [] })
    api.advance(60_000)
    const answer = await admin.client.put<Profile>(`/form/profile/${user.id}`, { ...before, roleId: { _id: roleIds.PMO, name: 'PMO' } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.roleId).toEqual({ _id: roleIds.PMO, name: 'PMO' })
    expect(answer.body.professional.role).toBe('PMO')

    const history = (await historyOf(user.id)).filter((row) => row.updatedById === admin.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({
      initialRoleId: roleIds.Developer,
      initialRoleName: 'Developer',
      newRoleId: roleIds.PMO,
      newRoleName: 'PMO',
      updatedById: admin.id,
      updatedByName: admin.email,
      updatedAt: new Date(new Date(API_NOW).getTime() + 60_000),
    })
    const [pmo] = await api.db.select().from(roles).where(eq(roles.id, roleIds.PMO))
    expect(await accountOf(user.id)).toMatchObject({ role: 'PMO', roleId: roleIds.PMO, permissions: pmo.permissions })
    // The user's own session sees the new permissions at once: PMO may view the user list.
    expect(await landingUser(user.client)).toMatchObject({ role: 'PMO', permissions: pmo.permissions })
    expect((await list(user.client)).status).toBe(200)

    const listed = await admin.client.get<{ histories: { user: { _id: string; fullName: string }; initialRole: { name: string }; newRole: { name: string }; updatedBy: { fullName: string; email: string | null } }[] }>('/api/role-histories')
    expect(listed.body.histories.filter((h) => h.user._id === user.id)).toEqual([
      expect.objectContaining({ user: { _id: user.id, fullName: 'Rohan Mehta' }, initialRole: { name: 'Developer' }, newRole: { name: 'PMO' }, updatedBy: { fullName: admin.email, email: admin.email } }),
      expect.objectContaining({ user: { _id: user.id, fullName: 'Rohan Mehta' }, initialRole: { name: 'User' }, newRole: { name: 'Developer' }, updatedBy: { fullName: 'Rohan Mehta', email: user.email } }),
    ])
  })

  test('saving the profile again with the same role writes no further row', async () => {
    const user = await employee('Same Role', { employId: 'RC-2' })
    const before = await profileOf(admin.client, user.id)
    await admin.client.put(`/form/profile/${user.id}`, { ...before, roleId: roleIds.Engineer })
    const after = await profileOf(admin.client, user.id)
    const again = await admin.client.put(`/form/profile/${user.id}`, { ...after, personal: { ...after.personal, phone: '+91 90000 00000' } })
    expect(again.status).toBe(200)
    // Their own pick of Developer, then the administrator's Engineer.
    expect(await historyOf(user.id)).toHaveLength(2)
  })

  test('each further change writes its row, from the role held to the new one; no role makes an ordinary user again', async () => {
    const user = await employee('Many Roles', { employId: 'RC-3' })
    const current = await profileOf(admin.client, user.id)
    for (const roleId of [roleIds.PMO, roleIds.Engineer, null]) {
      expect((await admin.client.put(`/form/profile/${user.id}`, { ...current, roleId })).status).toBe(200)
    }
    const history = (await historyOf(user.id)).map((h) => [h.initialRoleName, h.newRoleName])
    expect(history).toEqual([
      ['User', 'Developer'],
      ['Developer', 'PMO'],
      ['PMO', 'Engineer'],
      ['Engineer', 'User'],
    ])
    expect(await accountOf(user.id)).toMatchObject({ role: 'User', roleId: null, permissions: [] })
    expectClientError(await list(user.client), 403)
  })

  test('an administrator may make another user an administrator', async () => {
    const user = await employee('New Admin', { employId: 'RC-4' })
    const current = await profileOf(admin.client, user.id)
    expect((await admin.client.put(`/form/profile/${user.id}`, { ...current, roleId: roleIds.Admin })).status).toBe(200)
    expect(await accountOf(user.id)).toMatchObject({ role: 'Admin', roleId: roleIds.Admin, permissions: ['view', 'add', 'edit', 'delete'] })
    // And take it away again.
    expect((await admin.client.put(`/form/profile/${user.id}`, { ...current, roleId: roleIds.Developer })).status).toBe(200)
    expect(await accountOf(user.id)).toMatchObject({ role: 'Developer', permissions: ['view'] })
  })

  test('an unknown role id is refused with 400 and nothing changes', async () => {
    const user = await employee('Unknown Role', { employId: 'RC-5' })
    const current = await profileOf(admin.client, user.id)
    const answer = await admin.client.put(`/form/profile/${user.id}`, { ...current, roleId: '00000000-0000-4000-8000-000000000000' })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('roleId: Choose a role from the list')
    expect(await historyOf(user.id)).toHaveLength(1)
    expect(await profileOf(admin.client, user.id)).toEqual(current)
  })
})

describe('an editor who is not an administrator', () => {
  let editor: Signed
  let user: Signed
  let sessionsBefore: number
  beforeAll(async () => {
    editor = await employee('Edna Editor', { employId: 'ED-1' })
    await grant(api, editor.id, ['view', 'edit'])
    user = await employee('Target Person', { employId: 'ED-2', designation: 'Analyst' })
    sessionsBefore = (await api.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0].n
  })

  test('may give another user a role other than Admin, and is recorded as the one who did', async () => {
    const other = await employee('Given PMO', { employId: 'ED-3' })
    const current = await profileOf(editor.client, other.id)
    expect((await editor.client.put(`/form/profile/${other.id}`, { ...current, roleId: roleIds.Engineer })).status).toBe(200)
    expect((await historyOf(other.id)).filter((row) => row.updatedById === editor.id)).toEqual([
      expect.objectContaining({ initialRoleName: 'Developer', newRoleName: 'Engineer', updatedById: editor.id, updatedByName: 'Edna Editor' }),
    ])
    expect(await accountOf(other.id)).toMatchObject({ role: 'Engineer', permissions: ['view'] })
  })

  test('cannot give the Admin role: 403, and nothing of the request is saved (no half change)', async () => {
    const before = await profileOf(admin.client, user.id)
    const accountBefore = await accountOf(user.id)
    const historyBefore = await historyOf(user.id)
    const answer = await editor.client.put(`/form/profile/${user.id}`, {
      ...before,
      status: 'Inactive',
      roleId: roleIds.Admin,
      personal: { ...before.personal, name: 'Renamed In Same Request' },
      professional: { ...before.professional, designation: 'Changed In Same Request' },
    })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can give or take away the Admin role.')
    expect(await profileOf(admin.client, user.id)).toEqual(before)
    expect(await accountOf(user.id)).toEqual(accountBefore)
    expect(await historyOf(user.id)).toEqual(historyBefore)
    // The status change of the same request was undone too: the user's sessions were not revoked.
    expect((await api.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0].n).toBe(sessionsBefore)
    expect(await landingUser(user.client)).toMatchObject({ _id: user.id, role: 'Developer', permissions: [] })
  })

  test("cannot take the Admin role away from an administrator: 403, and the administrator's profile is unchanged", async () => {
    const before = await profileOf(admin.client, admin.id)
    const answer = await editor.client.put(`/form/profile/${admin.id}`, {
      ...before,
      roleId: roleIds.Developer,
      personal: { ...before.personal, name: 'Demoted' },
    })
    expectClientError(answer, 403)
    expect(await profileOf(admin.client, admin.id)).toEqual(before)
    expect(await accountOf(admin.id)).toMatchObject({ role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })
    expect(await historyOf(admin.id)).toEqual([])
  })

  test('cannot deactivate an administrator: 403, and the administrator stays signed in', async () => {
    // Another administrator than the file's own, so that a failure here does not sign it out.
    const second = await employee('Second Admin', { employId: 'ED-4' })
    await api.db.update(users).set({ role: 'Admin', roleId: roleIds.Admin, permissions: ['view', 'add', 'edit', 'delete'] }).where(eq(users.id, second.id))
    const before = await profileOf(admin.client, second.id)
    const answer = await editor.client.put(`/form/profile/${second.id}`, { ...before, status: 'Inactive' })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can change the status of an administrator.')
    expect((await accountOf(second.id)).status).toBe('Active')
    expect(await landingUser(second.client)).toMatchObject({ _id: second.id })
    // An administrator may.
    expect((await admin.client.put(`/form/profile/${second.id}`, { ...before, status: 'Inactive' })).status).toBe(200)
    expect(await landingUser(second.client)).toBeNull()
  })

  test("picking a role on the editor's own profile changes their role and grants nothing; picking Admin is refused", async () => {
    const mine = await profileOf(editor.client, editor.id)
    expect((await editor.client.put(`/form/profile/${editor.id}`, { ...mine, roleId: roleIds.PMO })).status).toBe(200)
    expect(await accountOf(editor.id)).toMatchObject({ role: 'PMO', roleId: roleIds.PMO, permissions: ['view', 'edit'] })
    expect((await historyOf(editor.id)).map((row) => [row.initialRoleName, row.newRoleName, row.updatedById])).toEqual([
      ['User', 'Developer', editor.id],
      ['Developer', 'PMO', editor.id],
    ])
    const answer = await editor.client.put(`/form/profile/${editor.id}`, { ...mine, roleId: roleIds.Admin })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can give or take away the Admin role.')
    expect(await accountOf(editor.id)).toMatchObject({ role: 'PMO', permissions: ['view', 'edit'] })
  })
})

describe('deactivation and reactivation', () => {
  test("setting a user Inactive revokes every session of theirs: /landing gives user null and login answers 403", async () => {
    const user = await employee('Ina Active', { employId: 'DE-1' })
    const second = api.client()
    expect((await second.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200)
    expect(await landingUser(second)).not.toBeNull()

    const current = await profileOf(admin.client, user.id)
    const answer = await admin.client.put<Profile>(`/form/profile/${user.id}`, { ...current, status: 'Inactive' })
    expect(answer.status).toBe(200)
    expect(answer.body.status).toBe('Inactive')
    expect(await landingUser(user.client)).toBeNull()
    expect(await landingUser(second)).toBeNull()
    expect((await api.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, user.id)))[0].n).toBe(0)
    expectClientError(await user.client.get(`/form/profile/${user.id}`), 401)

    const login = await api.client().post('/auth/login', { email: user.email, password: user.password })
    expectClientError(login, 403)
    expect(login.body.error).toBe('Your account is inactive. Please contact an administrator.')

    const listed = (await list(admin.client, `?q=${encodeURIComponent('Ina Active')}`)).body.users
    expect(listed.map((u) => [u._id, u.status])).toEqual([[user.id, 'Inactive']])
    expect((await admin.client.get(`/users/${user.id}`)).body).toMatchObject({ status: 'Inactive' })
  })

  test('setting the user Active again lets them log in again', async () => {
    const user = await employee('Re Active', { employId: 'DE-2' })
    const current = await profileOf(admin.client, user.id)
    expect((await admin.client.put(`/form/profile/${user.id}`, { ...current, status: 'Inactive' })).status).toBe(200)
    const back = await admin.client.put<Profile>(`/form/profile/${user.id}`, { ...current, status: 'Active' })
    expect(back.status).toBe(200)
    expect(back.body.status).toBe('Active')
    const client = api.client()
    expect((await client.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200)
    expect(await landingUser(client)).toMatchObject({ _id: user.id, status: 'Active' })
  })

  test('a PUT without status leaves the status as it is', async () => {
    const user = await employee('No Status', { employId: 'DE-3' })
    const { status: _status, ...current } = await profileOf(admin.client, user.id)
    expect((await admin.client.put(`/form/profile/${user.id}`, current)).status).toBe(200)
    expect((await accountOf(user.id)).status).toBe('Active')
  })

  let badStatus: Signed
  test.each(['inactive', 'Disabled', '', null])('an unknown status (%j) is refused with 400 naming status', async (status) => {
    const user = (badStatus ??= await employee('Bad Status', { employId: 'DE-4' }))
    const current = await profileOf(admin.client, user.id)
    const answer = await admin.client.put(`/form/profile/${user.id}`, { ...current, status })
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/^status: /)
    expect((await accountOf(user.id)).status).toBe('Active')
  })
})

describe('a thousand users', () => {
  beforeAll(async () => {
    const now = new Date('2025-06-01T00:00:00Z')
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      email: `bulk.${String(i).padStart(4, '0')}@example.com`,
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: now,
      fullName: `Bulk ${String(i).padStart(4, '0')}`,
      createdAt: new Date(now.getTime() + i * 1000),
    }))
    const inserted = await api.db.insert(users).values(rows).returning({ id: users.id, email: users.email })
    const locations = ['Admin', 'Site', 'Head Office', 'Hyderabad Plant', 'Remote']
    const personal = personalSchema.parse(profilePayload(null).personal)
    const professional = professionalSchema.parse(profilePayload(null).professional)
    await api.db.insert(profiles).values(
      inserted.map(({ id }, i) => ({
        userId: id,
        personal: { ...personal, name: `Bulk ${String(i).padStart(4, '0')}` },
        professional: { ...professional, employId: `BULK-${i}`, workLocation: locations[i % 5], designation: 'Bulk Designation', role: null },
        financial: { previousOrgSalary: 1000, currency: 'INR' as const },
        updatedAt: now,
      })),
    )
  })

  test('GET /users?limit=1000 answers 1000 users, each with its profile fields', async () => {
    const total = (await api.db.select({ n: count() }).from(users))[0].n
    expect(total).toBeGreaterThan(1000)
    const answer = await list(admin.client, '?limit=1000')
    expect(answer.status).toBe(200)
    expect(answer.body.users).toHaveLength(1000)
    expect(new Set(idsOf(answer)).size).toBe(1000)
    const bulk = answer.body.users.filter((u) => u.email.startsWith('bulk.'))
    expect(bulk.length).toBeGreaterThan(900)
    for (const u of bulk) {
      const i = Number(u.email.slice(5, 9))
      expect(u.profile.professional).toEqual({ employId: `BULK-${i}`, role: null, workLocation: ['Admin', 'Site', 'Head Office', 'Hyderabad Plant', 'Remote'][i % 5], designation: 'Bulk Designation' })
    }
  })

  test('without a limit the list is bounded at 1000', async () => {
    expect((await list(admin.client)).body.users).toHaveLength(1000)
  })

  test('the search finds all 1000 of a designation, and one of them by employee id', async () => {
    expect((await list(admin.client, '?q=bulk%20designation&limit=1000')).body.users).toHaveLength(1000)
    const one = (await list(admin.client, '?q=BULK-777')).body.users
    expect(one.map((u) => u.email)).toEqual(['bulk.0777@example.com'])
    expect((await list(admin.client, `?q=${encodeURIComponent('hyderabad plant')}&limit=1000`)).body.users.filter((u) => u.email.startsWith('bulk.'))).toHaveLength(200)
  })

  test('GET /roles/with-users still answers with every holder', async () => {
    await api.db.update(users).set({ roleId: roleIds.Developer, role: 'Developer' }).where(sql`${users.email} like 'bulk.%'`)
    const answer = await admin.client.get<{ roles: { name: string; users: unknown[] }[] }>('/roles/with-users')
    expect(answer.status).toBe(200)
    expect(answer.body.roles.find((r) => r.name === 'Developer')!.users.length).toBeGreaterThanOrEqual(1000)
  })
})
