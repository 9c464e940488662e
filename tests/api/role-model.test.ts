import { readdirSync, readFileSync } from 'node:fs'
import { eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { roleHistories, roles, users } from '#api/db/schema'
import { freshDatabase, signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectClientError, landingUser, profilePayload } from '../support/helpers'
import { grant } from '../support/personas'

/**
 * One role per person, permissions individual, and no one grants what they do not hold (DESIGN §4):
 * the escalation chain an outside probe found, played over HTTP, and the rules around it.
 */

type Profile = ReturnType<typeof profilePayload> & { status: string; roleId: { _id: string; name: string } | null }
type Signed = Awaited<ReturnType<typeof signedUpUser>>

let api: Api
let admin: Signed
const roleId = async (name: string) => (await api.db.select().from(roles).where(eq(roles.name, name)))[0].id
const accountOf = async (id: string) => (await api.db.select().from(users).where(eq(users.id, id)))[0]
const historyOf = (id: string) => api.db.select().from(roleHistories).where(eq(roleHistories.userId, id))
const profileOf = async (client: Client, id: string) => (await client.get<Profile>(`/form/profile/${id}`)).body

/** A signed-up person who picked `picked` on their own profile and holds exactly `permissions`. */
async function person(name: string, picked: string, permissions: string[] = []) {
  const user = await signedUpUser(api)
  expect((await user.client.post('/form/submit', profilePayload(await roleId(picked), { personal: { name } }))).status).toBe(200)
  await grant(api, user.id, permissions as never)
  return user
}
/** Sets `target`'s role through their profile, as the edit screen does. */
async function setRoleOf(client: Client, target: string, role: string | null) {
  const current = await profileOf(client, target)
  return client.put(`/form/profile/${target}`, { ...current, roleId: role && (await roleId(role)) })
}

beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
})
afterAll(() => api?.close())

describe('the escalation chain: view/add/edit cannot reach delete', () => {
  let first: Signed
  let second: Signed
  beforeAll(async () => {
    first = await person('First Editor', 'Engineer', ['view', 'add', 'edit'])
    second = await person('Second Account', 'Developer')
  })

  test('creating a role with a permission outside one\'s own list is refused: 403 naming it, and no role is made', async () => {
    const answer = await first.client.post('/roles', { name: 'Everything', permissions: ['view', 'add', 'edit', 'delete'] })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('You cannot grant the delete permission, which you do not hold.')
    expect(await api.db.select().from(roles).where(eq(roles.name, 'Everything'))).toEqual([])
  })

  test('a role within one\'s own list may be created, given to a second account, which may not give more back', async () => {
    expect((await first.client.post('/roles', { name: 'Chain Editor', permissions: ['view', 'add', 'edit'] })).status).toBe(201)
    expect((await setRoleOf(first.client, second.id, 'Chain Editor')).status).toBe(200)
    expect(await accountOf(second.id)).toMatchObject({ role: 'Chain Editor', permissions: ['view', 'add', 'edit'] })

    // The administrator made a role with delete; neither of them can hand it out.
    expect((await admin.client.post('/roles', { name: 'Remover', permissions: ['view', 'delete'] })).status).toBe(201)
    for (const [giver, taker] of [[second, first], [first, second]] as const) {
      const before = await accountOf(taker.id)
      const answer = await setRoleOf(giver.client, taker.id, 'Remover')
      expectClientError(answer, 403)
      expect(answer.body.error).toBe('You cannot grant the delete permission, which you do not hold.')
      expect(await accountOf(taker.id)).toEqual(before)
    }
  })

  test('picking the role with delete on one\'s own profile changes the role and grants nothing', async () => {
    expect((await setRoleOf(first.client, first.id, 'Remover')).status).toBe(200)
    expect(await accountOf(first.id)).toMatchObject({ role: 'Remover', permissions: ['view', 'add', 'edit'] })
    // And a second account cannot "confirm" it for them.
    const answer = await setRoleOf(second.client, first.id, 'Remover')
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('You cannot grant the delete permission, which you do not hold.')
  })

  test('at the end neither holds delete: a delete call is still refused', async () => {
    const { body } = await admin.client.post<{ _id: string }>('/api/categories', { name: 'Chain Category' })
    for (const caller of [first, second]) {
      expect((await landingUser(caller.client))!.permissions).not.toContain('delete')
      expectClientError(await caller.client.delete(`/api/categories/${body._id}`), 403)
    }
  })

  test('neither can give or take the Admin role', async () => {
    const answer = await setRoleOf(first.client, second.id, 'Admin')
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can give or take away the Admin role.')
    const taking = await setRoleOf(first.client, admin.id, 'Developer')
    expectClientError(taking, 403)
    expect(await accountOf(admin.id)).toMatchObject({ role: 'Admin' })
  })
})

describe('setting or confirming a role for someone else', () => {
  test('confirming the role a person picked makes their permissions the role\'s, with no history row (the role did not change)', async () => {
    const someone = await person('Confirmed Person', 'PMO')
    expect(await accountOf(someone.id)).toMatchObject({ role: 'PMO', permissions: [] })
    const rows = (await historyOf(someone.id)).length
    expect((await setRoleOf(admin.client, someone.id, 'PMO')).status).toBe(200)
    expect(await accountOf(someone.id)).toMatchObject({ role: 'PMO', permissions: ['view', 'add', 'edit'] })
    expect(await historyOf(someone.id)).toHaveLength(rows)
  })

  test('an editor who does not hold a permission of the picked role cannot confirm it, and nothing of the save is kept', async () => {
    const editor = await person('Narrow Editor', 'Developer', ['view', 'edit'])
    const someone = await person('Picked PMO', 'PMO')
    const before = await profileOf(admin.client, someone.id)
    const answer = await editor.client.put(`/form/profile/${someone.id}`, { ...before, personal: { ...before.personal, phone: '+91 44444 44444' } })
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('You cannot grant the add permission, which you do not hold.')
    expect(await profileOf(admin.client, someone.id)).toEqual(before)
    expect(await accountOf(someone.id)).toMatchObject({ permissions: [] })
  })

  test('setting no role takes the permissions away and records the change', async () => {
    const someone = await person('Taken Away', 'Engineer')
    expect((await setRoleOf(admin.client, someone.id, 'Engineer')).status).toBe(200)
    expect((await setRoleOf(admin.client, someone.id, null)).status).toBe(200)
    expect(await accountOf(someone.id)).toMatchObject({ role: 'User', roleId: null, permissions: [] })
    expect((await historyOf(someone.id)).map((row) => [row.initialRoleName, row.newRoleName])).toEqual([
      ['User', 'Engineer'],
      ['Engineer', 'User'],
    ])
  })
})

describe('the Admin role', () => {
  test('the last administrator cannot leave the Admin role: 409, and stays Admin', async () => {
    const answer = await setRoleOf(admin.client, admin.id, 'PMO')
    expectClientError(answer, 409)
    expect(answer.body.error).toBe('At least one active administrator must remain: give the Admin role to someone else first.')
    expect(await accountOf(admin.id)).toMatchObject({ role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })
  })

  test('with a second administrator, one may pick another role for themselves and is no longer an administrator', async () => {
    const deputy = await person('Deputy Admin', 'Developer')
    expect((await setRoleOf(admin.client, deputy.id, 'Admin')).status).toBe(200)
    expect(await accountOf(deputy.id)).toMatchObject({ role: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] })
    expect((await setRoleOf(deputy.client, deputy.id, 'PMO')).status).toBe(200)
    const after = await accountOf(deputy.id)
    expect(after).toMatchObject({ role: 'PMO' })
    // What they could do as an administrator is gone: giving Admin now needs an administrator.
    const answer = await setRoleOf(deputy.client, deputy.id, 'Admin')
    expectClientError(answer, 403)
    expect((await historyOf(deputy.id)).map((row) => [row.initialRoleName, row.newRoleName, row.updatedByName])).toEqual([
      ['User', 'Developer', 'Deputy Admin'],
      ['Developer', 'Admin', admin.email],
      ['Admin', 'PMO', 'Deputy Admin'],
    ])
  })
})

describe('GET /users?role= filters by the one role', () => {
  test('a created role and User (no role) filter like the starter roles', async () => {
    expect((await admin.client.post('/roles', { name: 'Surveyor', permissions: ['view'] })).status).toBe(201)
    const surveyor = await person('Sam Surveyor', 'Surveyor')
    const bare = await signedUpUser(api)
    const ids = async (role: string) => (await admin.client.get<{ users: { _id: string }[] }>(`/users?role=${role}&limit=1000`)).body.users.map((u) => u._id)
    expect(await ids('Surveyor')).toEqual([surveyor.id])
    expect(await ids('surveyor')).toEqual([surveyor.id])
    expect(await ids('User')).toContain(bare.id)
    expect(await ids('User')).not.toContain(surveyor.id)
  })

  test('"User" cannot be created as a role: it means no role', async () => {
    const answer = await admin.client.post('/roles', { name: ' user ', permissions: ['view'] })
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('name: "User" means no role: choose another name')
    expect(await api.db.select().from(roles).where(sql`lower(${roles.name}) = 'user'`)).toEqual([])
  })
})

describe('the migration to one role (0005_one_role.sql)', () => {
  const folder = new URL('../../api/db/migrations/', import.meta.url)
  const run = async (database: Awaited<ReturnType<typeof freshDatabase>>['database'], file: string) => {
    for (const statement of readFileSync(new URL(file, folder), 'utf8').split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement))
    }
  }

  test('a picked role becomes the role where none was granted; a granted role wins; permissions and history are untouched', async () => {
    const { database, drop } = await freshDatabase()
    try {
      const files = readdirSync(folder).filter((name) => name.endsWith('.sql')).sort()
      // The schema as 0005 found it: every migration before it, none after.
      const at = files.indexOf('0005_one_role.sql')
      expect(at).toBeGreaterThan(0)
      for (const file of files.slice(0, at)) await run(database, file)
      // Rows of a raw query, whichever driver answers it.
      const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
      const ids = Object.fromEntries((await rows<{ id: string; name: string }>(sql`select id, name from roles`)).map((row) => [row.name, row.id]))
      const person = async (email: string, account: { role: string; roleId: string | null; permissions: string[] }, picked: string | null) => {
        const [{ id }] = await rows<{ id: string }>(sql`insert into users (email, password_hash, role, role_id, permissions, created_at)
            values (${email}, 'x', ${account.role}, ${account.roleId}, ${`{${account.permissions.join(',')}}`}::text[], now()) returning id`)
        await database.db.execute(sql`insert into profiles (user_id, job_role_id, personal, professional, financial, updated_at)
          values (${id}, ${picked}, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, now())`)
        return id
      }
      const picker = await person('picker@example.com', { role: 'User', roleId: null, permissions: [] }, ids.Developer)
      const granted = await person('granted@example.com', { role: 'PMO', roleId: ids.PMO, permissions: ['view', 'add', 'edit'] }, ids.Developer)
      const admin = await person('admin@example.com', { role: 'Admin', roleId: ids.Admin, permissions: ['view', 'add', 'edit', 'delete'] }, ids.Engineer)
      const none = await person('none@example.com', { role: 'User', roleId: null, permissions: [] }, null)

      await run(database, '0005_one_role.sql')
      const after = Object.fromEntries(
        (await rows<{ id: string; role: string; role_id: string | null; permissions: string[] }>(sql`select id, role, role_id, permissions from users`)).map((row) => [
          row.id,
          [row.role, row.role_id, row.permissions],
        ]),
      )
      expect(after[picker]).toEqual(['Developer', ids.Developer, []])
      expect(after[granted]).toEqual(['PMO', ids.PMO, ['view', 'add', 'edit']])
      expect(after[admin]).toEqual(['Admin', ids.Admin, ['view', 'add', 'edit', 'delete']])
      expect(after[none]).toEqual(['User', null, []])
      expect(await rows(sql`select count(*)::int as n from role_histories`)).toEqual([{ n: 0 }])
    } finally {
      await database.close()
      await drop()
    }
  })
})
