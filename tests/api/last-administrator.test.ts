import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PERMISSIONS } from '#domain/constants'
import { roles, users } from '#api/db/schema'
import { signedUpUser, startApi, type Answer, type Api } from '../support/api-harness'
import { expectClientError, profilePayload } from '../support/helpers'
import { userHolding } from '../support/personas'

/**
 * The install always keeps at least one active administrator, checked inside the writing
 * transaction (DESIGN §4), and ids are compared canonically: what an outside probe broke (issue 28)
 * with an own id in capitals, and with two administrators removing each other at the same moment.
 */

type Signed = Awaited<ReturnType<typeof signedUpUser>>
const LAST_ADMINISTRATOR = 'At least one active administrator must remain: give the Admin role to someone else first.'
const ROUNDS = 20

let api: Api
let first: Signed
let second: Signed
let roleIds: Record<string, string>

const accountOf = async (id: string) => (await api.db.select().from(users).where(eq(users.id, id)))[0]
const activeAdministrators = async () =>
  (await api.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'Admin'), eq(users.status, 'Active'), isNotNull(users.emailVerifiedAt)))).length

/** Both administrators again, active and signed in: the start of every round. */
async function bothAdministrators() {
  await api.db
    .update(users)
    .set({ role: 'Admin', roleId: roleIds.Admin, permissions: [...PERMISSIONS], status: 'Active' })
    .where(inArray(users.id, [first.id, second.id]))
  for (const admin of [first, second]) expect((await admin.client.post('/auth/login', { email: admin.email, password: admin.password })).status).toBe(200)
}

/** The profile as an editor saves it: the role given, the status when one is given. */
const save = (actor: Signed, target: Signed, change: { role?: string; status?: 'Active' | 'Inactive' }) =>
  actor.client.put(`/form/profile/${target.id}`, { ...profilePayload(roleIds[change.role ?? 'Admin']), ...(change.status && { status: change.status }) })
const deactivate = (actor: Signed, target: Signed) => save(actor, target, { status: 'Inactive' })
const demote = (actor: Signed, target: Signed) => save(actor, target, { role: 'PMO' })

beforeAll(async () => {
  api = await startApi()
  first = await signedUpUser(api)
  roleIds = Object.fromEntries((await api.db.select().from(roles)).map((role) => [role.name, role.id]))
  second = await signedUpUser(api)
  await bothAdministrators()
  for (const admin of [first, second]) expect((await admin.client.post('/form/submit', profilePayload(roleIds.Admin))).status).toBe(200)
})
afterAll(() => api?.close())

describe('ids are compared canonically: an id in capitals is the same person', () => {
  test("the last administrator cannot deactivate themselves through their own id in capitals: 400, and stays active", async () => {
    await api.db.update(users).set({ role: 'PMO', roleId: roleIds.PMO, permissions: [] }).where(eq(users.id, second.id))
    const answer = await first.client.put(`/form/profile/${first.id.toUpperCase()}`, { ...profilePayload(roleIds.Admin), status: 'Inactive' })
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(/You cannot change the status of your own account\./)
    expect(await accountOf(first.id)).toMatchObject({ status: 'Active', role: 'Admin' })
    expect(await activeAdministrators()).toBe(1)
  })

  test('nor leave the Admin role through it: 409, and stays Admin', async () => {
    const answer = await save(first, { ...first, id: first.id.toUpperCase() }, { role: 'PMO' })
    expectClientError(answer, 409)
    expect(answer.body.error).toBe(LAST_ADMINISTRATOR)
    expect(await accountOf(first.id)).toMatchObject({ status: 'Active', role: 'Admin' })
  })

  test('someone with edit but no Admin cannot change their own status through their id in capitals either', async () => {
    const editor = await userHolding(api, ['view', 'edit'])
    const answer = await editor.client.put(`/form/profile/${editor.id.toUpperCase()}`, { ...profilePayload(null), status: 'Inactive' })
    expectClientError(answer, 400)
    expect((await accountOf(editor.id)).status).toBe('Active')
  })

  test('a person with no permissions reads their own profile, private details included, and their own account, by their id in capitals', async () => {
    const person = await userHolding(api, [])
    expect((await person.client.post('/form/submit', profilePayload(roleIds.Developer))).status).toBe(200)
    const upper = person.id.toUpperCase()
    const profile = await person.client.get<{ personal: { dob?: string } }>(`/form/profile/${upper}`)
    expect(profile.status).toBe(200)
    expect(profile.body.personal.dob).toBe('1990-04-12')
    const account = await person.client.get<{ _id: string }>(`/users/${upper}`)
    expect(account.status).toBe(200)
    expect(account.body._id).toBe(person.id)
    expect((await person.client.get(`/api/users/${upper}/assignments`)).status).toBe(200)
    // Someone else's, in whatever case, stays someone else's.
    expectClientError(await person.client.get(`/form/profile/${first.id.toUpperCase()}`), 403)
  })
})

describe('two administrators removing each other at the same moment: exactly one succeeds, never a 5xx, an active administrator remains', () => {
  /** One round: both changes sent at once; what each answered. */
  async function race(one: (a: Signed, b: Signed) => Promise<Answer>, other: (a: Signed, b: Signed) => Promise<Answer>) {
    await bothAdministrators()
    const answers = await Promise.all([one(first, second), other(second, first)])
    const statuses = answers.map((answer) => answer.status)
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500)
    expect(statuses.filter((status) => status === 200), JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(1)
    for (const answer of answers) if (answer.status !== 200) expectClientError(answer)
    expect(await activeAdministrators()).toBe(1)
    return answers
  }

  test(`deactivating each other, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await race(deactivate, deactivate)
      // The one who lost was deactivated first (signed out, 401), or found no other administrator left (409).
      for (const answer of answers) expect([200, 401, 409]).toContain(answer.status)
    }
  }, 60_000)

  test(`demoting each other, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const answers = await race(demote, demote)
      // The one who lost was no longer an administrator when their change ran (403), or was the last one (409).
      for (const answer of answers) expect([200, 403, 409]).toContain(answer.status)
    }
  }, 60_000)

  test(`one deactivating while the other demotes, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) await race(deactivate, demote)
  }, 60_000)

  test('with a third administrator, both changes pass: two removed at once, one remains', async () => {
    const third = await signedUpUser(api)
    await bothAdministrators()
    await api.db.update(users).set({ role: 'Admin', roleId: roleIds.Admin, permissions: [...PERMISSIONS] }).where(eq(users.id, third.id))
    const answers = await Promise.all([deactivate(third, second), demote(third, first)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(await activeAdministrators()).toBe(1)
  })
})
