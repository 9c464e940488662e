import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { profiles, roles, users } from '#api/db/schema'
import { signedUpUser, startApi, type Answer, type Api, type Client } from '../support/api-harness'
import { expectClientError, landingUser, profilePayload } from '../support/helpers'
import { permissionMatrix, personaClients, type Persona as BasePersona } from '../support/personas'

/**
 * Who may make which administration call (DESIGN §4): administration screens need `view`,
 * creating needs `add`, changing needs `edit`; `Admin` has all; anyone else has exactly the
 * permissions of their own list. Every cell of the table below is one test.
 */

type Persona = BasePersona | 'view, add, edit'
type CallName =
  | 'GET /users'
  | 'GET /users/{another}'
  | 'GET /form/profile/{another}'
  | 'PUT /form/profile/{another}'
  | 'POST /roles'
  | 'GET /roles/with-users'
  | 'GET /api/role-histories'

const CALLS: CallName[] = [
  'GET /users',
  'GET /users/{another}',
  'GET /form/profile/{another}',
  'PUT /form/profile/{another}',
  'POST /roles',
  'GET /roles/with-users',
  'GET /api/role-histories',
]

// prettier-ignore
const MATRIX: Record<Persona, number[]> = {
  //                   /users  /users/id  GET prof  PUT prof  POST /roles  with-users  histories
  'anonymous':         [401,   401,       401,      401,      401,         401,        401],
  'no permissions':    [403,   403,       403,      403,      403,         403,        403],
  'view':              [200,   200,       200,      403,      403,         200,        200],
  'add':               [403,   403,       403,      403,      201,         403,        403],
  'edit':              [403,   403,       403,      200,      403,         403,        403],
  'delete':            [403,   403,       403,      403,      403,         403,        403],
  'view, add, edit':   [200,   200,       200,      200,      201,         200,        200],
  'Admin':             [200,   200,       200,      200,      201,         200,        200],
}

type Profile = ReturnType<typeof profilePayload> & { status: string; roleId: { _id: string; name: string } | null }

let api: Api
let admin: { client: Client; id: string }
let target: Awaited<ReturnType<typeof signedUpUser>>
let targetProfile: Profile
let clients: Map<Persona, Client>

beforeAll(async () => {
  api = await startApi()
  // Beside the shared personas, one holding every permission but delete, granted in its own list.
  clients = await personaClients(api, { 'view, add, edit': ['view', 'add', 'edit'] })
  const adminClient = clients.get('Admin')!
  admin = { client: adminClient, id: (await landingUser(adminClient))!._id }
  target = await signedUpUser(api)
  const [developer] = await api.db.select().from(roles).where(eq(roles.name, 'Developer'))
  expect((await target.client.post('/form/submit', profilePayload(developer.id))).status).toBe(200)
  targetProfile = (await admin.client.get<Profile>(`/form/profile/${target.id}`)).body
  // The administrator confirms the role the target picked: they now hold its permissions.
  expect((await admin.client.put(`/form/profile/${target.id}`, targetProfile)).status).toBe(200)
  // Something for the role-history listing to show.
  const [engineer] = await api.db.select().from(roles).where(eq(roles.name, 'Engineer'))
  const someone = await signedUpUser(api)
  const answer = await admin.client.put(`/form/profile/${someone.id}`, { ...profilePayload(null), roleId: engineer.id })
  expect(answer.status).toBe(200)
})
afterAll(() => api?.close())

const designationOf = async (userId: string) => {
  const [row] = await api.db.select({ professional: profiles.professional }).from(profiles).where(eq(profiles.userId, userId))
  return row?.professional.designation ?? null
}
const roleNamed = async (name: string) => (await api.db.select().from(roles).where(sql`lower(${roles.name}) = lower(${name})`))[0]

/** Each call, made by a client, with what a refusal must leave unchanged and what a success must show. */
const CALL: Record<CallName, { make: (client: Client, persona: Persona) => Promise<Answer>; check: (answer: Answer, persona: Persona, allowed: boolean) => Promise<void> }> = {
  'GET /users': {
    make: (client) => client.get('/users?limit=1000'),
    check: async (answer, _persona, allowed) => {
      if (allowed) expect((answer.body as { users: { _id: string }[] }).users.map((u) => u._id)).toContain(target.id)
    },
  },
  'GET /users/{another}': {
    make: (client) => client.get(`/users/${target.id}`),
    check: async (answer, _persona, allowed) => {
      if (allowed) expect(answer.body).toMatchObject({ _id: target.id, email: target.email })
    },
  },
  'GET /form/profile/{another}': {
    make: (client) => client.get(`/form/profile/${target.id}`),
    check: async (answer, _persona, allowed) => {
      if (allowed) expect(answer.body).toMatchObject({ status: 'Active', personal: { name: targetProfile.personal.name } })
    },
  },
  'PUT /form/profile/{another}': {
    make: (client, persona) =>
      client.put(`/form/profile/${target.id}`, {
        ...targetProfile,
        professional: { ...targetProfile.professional, designation: `Set by ${persona}` },
      }),
    check: async (answer, persona, allowed) => {
      const saved = await designationOf(target.id)
      if (allowed) {
        expect(saved).toBe(`Set by ${persona}`)
        expect((answer.body as Profile).professional.designation).toBe(`Set by ${persona}`)
      } else {
        expect(saved).not.toBe(`Set by ${persona}`)
      }
      // Sending the role back unchanged grants nothing more, whoever sends it.
      const [row] = await api.db.select().from(users).where(eq(users.id, target.id))
      expect(row).toMatchObject({ role: 'Developer', roleId: targetProfile.roleId?._id, permissions: ['view'], status: 'Active' })
    },
  },
  'POST /roles': {
    // A permission every persona allowed to create holds (no one grants what they do not hold).
    make: (client, persona) => client.post('/roles', { name: `Matrix ${persona}`, permissions: ['add'] }),
    check: async (answer, persona, allowed) => {
      const created = await roleNamed(`Matrix ${persona}`)
      if (allowed) {
        expect(answer.body).toEqual({ _id: created.id, name: `Matrix ${persona}`, permissions: ['add'] })
      } else {
        expect(created).toBeUndefined()
      }
    },
  },
  'GET /roles/with-users': {
    make: (client) => client.get('/roles/with-users'),
    check: async (answer, _persona, allowed) => {
      if (allowed) expect((answer.body as { roles: { name: string }[] }).roles.map((r) => r.name)).toContain('Engineer')
    },
  },
  'GET /api/role-histories': {
    make: (client) => client.get('/api/role-histories'),
    check: async (answer, _persona, allowed) => {
      if (allowed) expect((answer.body as { histories: unknown[] }).histories.length).toBeGreaterThan(0)
    },
  },
}

permissionMatrix('the permission matrix of the administration calls', {
  personas: Object.keys(MATRIX) as Persona[],
  calls: CALL,
  status: (persona, _call, name) => MATRIX[persona][CALLS.indexOf(name as CallName)],
  make: (persona, call) => call.make(clients.get(persona)!, persona),
  check: (persona, call, answer, allowed) => call.check(answer, persona, allowed),
  covers: { title: 'covers every persona and every call', personas: 8, calls: 7 },
})

describe('one user and another (IDOR)', () => {
  let ordinary: Awaited<ReturnType<typeof signedUpUser>>
  let other: Awaited<ReturnType<typeof signedUpUser>>
  let developerId: string
  beforeAll(async () => {
    ordinary = await signedUpUser(api)
    other = await signedUpUser(api)
    developerId = (await roleNamed('Developer')).id
    expect((await other.client.post('/form/submit', profilePayload(developerId, { personal: { name: 'Other Person' } }))).status).toBe(200)
    expect((await ordinary.client.post('/form/submit', profilePayload(developerId, { personal: { name: 'Ordinary Person' } }))).status).toBe(200)
  })

  test("an ordinary user cannot read another's user record or profile: 403", async () => {
    expectClientError(await ordinary.client.get(`/users/${other.id}`), 403)
    expectClientError(await ordinary.client.get(`/form/profile/${other.id}`), 403)
  })

  test("an ordinary user cannot change another's profile: 403, and nothing of it is saved", async () => {
    const theirs = (await admin.client.get<Profile>(`/form/profile/${other.id}`)).body
    const answer = await ordinary.client.put(`/form/profile/${other.id}`, {
      ...theirs,
      personal: { ...theirs.personal, name: 'Renamed By Someone Else', phone: '+91 11111 11111' },
      status: 'Inactive',
    })
    expectClientError(answer, 403)
    const after = await admin.client.get<Profile>(`/form/profile/${other.id}`)
    expect(after.body).toEqual(theirs)
    const [row] = await api.db.select().from(users).where(eq(users.id, other.id))
    expect(row).toMatchObject({ fullName: 'Other Person', status: 'Active' })
  })

  test('an ordinary user reads their own user record and profile: 200', async () => {
    const record = await ordinary.client.get(`/users/${ordinary.id}`)
    expect(record.status).toBe(200)
    expect(record.body).toMatchObject({ _id: ordinary.id, email: ordinary.email, fullName: 'Ordinary Person', role: 'Developer', permissions: [], status: 'Active' })
    const profile = await ordinary.client.get<Profile>(`/form/profile/${ordinary.id}`)
    expect(profile.status).toBe(200)
    expect(profile.body.personal.name).toBe('Ordinary Person')
  })

  test('an ordinary user changes their own profile: 200, the answer is the saved profile', async () => {
    const mine = (await ordinary.client.get<Profile>(`/form/profile/${ordinary.id}`)).body
    const answer = await ordinary.client.put<Profile>(`/form/profile/${ordinary.id}`, {
      ...mine,
      personal: { ...mine.personal, phone: '+91 22222 22222' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.personal.phone).toBe('+91 22222 22222')
    expect((await ordinary.client.get<Profile>(`/form/profile/${ordinary.id}`)).body).toEqual(answer.body)
  })

  test.each(['ordinary user', 'administrator'])('a %s cannot change the status of their own account: 400, and stays Active', async (who) => {
    const self = who === 'administrator' ? admin : ordinary
    const mine = (await self.client.get<Profile>(`/form/profile/${self.id}`)).body
    const answer = await self.client.put(`/form/profile/${self.id}`, { ...mine, status: 'Inactive' })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('status: You cannot change the status of your own account.')
    const [row] = await api.db.select().from(users).where(eq(users.id, self.id))
    expect(row.status).toBe('Active')
    expect((await self.client.get('/landing')).body.user).not.toBeNull()
  })

  test("nobody picks 'Admin' on their own profile: 403 with the reason, and nothing of the request is saved", async () => {
    const adminRole = await roleNamed('Admin')
    const mine = (await ordinary.client.get<Profile>(`/form/profile/${ordinary.id}`)).body
    const answer = await ordinary.client.put(`/form/profile/${ordinary.id}`, { ...mine, roleId: adminRole.id, personal: { ...mine.personal, phone: '+91 33333 33333' } })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can give or take away the Admin role.')
    expect((await ordinary.client.get<Profile>(`/form/profile/${ordinary.id}`)).body).toEqual(mine)
    const [row] = await api.db.select().from(users).where(eq(users.id, ordinary.id))
    expect(row).toMatchObject({ role: 'Developer', permissions: [] })
    expectClientError(await ordinary.client.get('/users'), 403)
    expectClientError(await ordinary.client.get(`/form/profile/${other.id}`), 403)
  })

  test("a user with only 'view' reads another's profile but cannot change it", async () => {
    const viewer = clients.get('view')!
    const theirs = await viewer.get<Profile>(`/form/profile/${other.id}`)
    expect(theirs.status).toBe(200)
    expectClientError(await viewer.put(`/form/profile/${other.id}`, { ...theirs.body, status: 'Inactive' }), 403)
    const [row] = await api.db.select().from(users).where(eq(users.id, other.id))
    expect(row.status).toBe('Active')
  })
})
