import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { LeaveRow } from '#domain/contracts/schedule'
import type { Role } from '#domain/contracts/roles'
import { auditEntries, leave, roleHistories, roles, users } from '#api/db/schema'
import { lastCode, lastResetToken, signedUpUser, startApi, uniqueEmail, type Api, type Client } from '../support/api-harness'
import { entriesAbout, entryCount, withFailingAudit } from '../support/audit'
import { profilePayload } from '../support/helpers'

/**
 * Every change of the people side on record (issue 31): accounts (sign-up, verification, a reset
 * password, status, role and permissions), profiles, roles and their lead times, leave. Each write
 * records exactly one entry (one per period when many go at once), by whom, about what, before →
 * after, in the write's own transaction: with the log refusing, the write fails and leaves nothing.
 * Passwords, codes, tokens and salaries never enter the log, only that they changed.
 */

let api: Api
let admin: { client: Client; id: string; email: string }

beforeAll(async () => {
  api = await startApi()
  // The first account to verify administers the install.
  admin = await signedUpUser(api)
})
afterAll(() => api?.close())

type Entry = typeof auditEntries.$inferSelect

/** The one entry about this entity since `since` entries were counted for it; fails unless exactly one was added. */
async function onlyNewEntry(about: Parameters<typeof entriesAbout>[1], before: Entry[]) {
  const after = await entriesAbout(api, about)
  const added = after.filter((entry) => !before.some((old) => old.id === entry.id))
  expect(added, JSON.stringify(added)).toHaveLength(1)
  return added[0]!
}

const roleNamed = async (name: string) => (await api.db.select().from(roles).where(eq(roles.name, name)))[0]!
const accountOf = async (email: string) => (await api.db.select().from(users).where(eq(users.email, email)))[0]
const profileOf = async (client: Client, id: string) => (await client.get<ReturnType<typeof profilePayload>>(`/form/profile/${id}`)).body
/** An edit of a person's profile as the edit screen sends it: what is there, with `over` changed. */
async function editProfile(client: Client, id: string, over: { personal?: object; financial?: object; roleId?: string | null; status?: string }) {
  const current = await profileOf(client, id)
  const { personal, financial, ...rest } = over
  return client.put(`/form/profile/${id}`, {
    ...current,
    roleId: (current as { roleId?: { _id: string } | null }).roleId?._id ?? null,
    personal: { ...current.personal, ...personal },
    financial: { ...current.financial, ...financial },
    ...rest,
  })
}
/**
 * A signed-up person who has submitted their profile under `name`, picking Developer, which an
 * administrator then confirmed (granting its permissions): an edit after it changes only what it says.
 */
async function personNamed(name: string) {
  const person = await signedUpUser(api)
  const answer = await person.client.post('/form/submit', profilePayload((await roleNamed('Developer')).id, { personal: { name } }))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect((await editProfile(admin.client, person.id, {})).status).toBe(200)
  return person
}
const adminActor = () => ({ actorId: admin.id, actorName: admin.email })

describe('an account: created by its sign-up, changed by its verification and by a reset, each on record once', () => {
  test("sign-up records the account as created by the person themselves; verifying records the proof of the mailbox; a reset records the password as a secret", async () => {
    const client = api.client()
    const email = uniqueEmail('audited')
    expect((await client.post('/auth/signup', { email, password: 'Secret1!' })).status).toBe(201)
    const account = (await accountOf(email))!
    const self = { actorId: account.id, actorName: email }

    const created = await onlyNewEntry({ entityId: account.id }, [])
    expect(created).toMatchObject({ ...self, entityType: 'user', entityId: account.id, action: 'created', label: email, subjectId: account.id, projectId: null })
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'email', after: email },
        { field: 'password', secret: true },
        { field: 'status', after: 'Active' },
        { field: 'role', after: 'User' },
        { field: 'emailVerified', after: false },
      ]),
    )

    let before = await entriesAbout(api, { entityId: account.id })
    expect((await client.post('/auth/verify-otp', { email, otp: lastCode(api, email) })).status).toBe(200)
    const verified = await onlyNewEntry({ entityId: account.id }, before)
    expect(verified).toMatchObject({ ...self, entityType: 'user', action: 'changed', label: email, subjectId: account.id })
    expect(verified.changes).toEqual([{ field: 'emailVerified', before: false, after: true }])

    before = await entriesAbout(api, { entityId: account.id })
    expect((await client.post('/auth/forgot-password', { email })).status).toBe(200)
    expect((await client.post('/auth/login', { email, password: 'Secret1!' })).status).toBe(200)
    expect((await client.post('/auth/logout')).status).toBe(200)
    // Links issued, logins and logouts are no change a reader audits.
    expect(await entriesAbout(api, { entityId: account.id })).toEqual(before)
    expect((await client.post('/auth/reset-password', { token: lastResetToken(api, email), newPassword: 'Newer2@pass' })).status).toBe(200)
    const reset = await onlyNewEntry({ entityId: account.id }, before)
    expect(reset).toMatchObject({ ...self, entityType: 'user', action: 'changed', subjectId: account.id })
    expect(reset.changes).toEqual([{ field: 'password', secret: true }])
  })

  test('a second sign-up with another password for an unverified address drops the password: recorded as the system, the password a secret', async () => {
    const email = uniqueEmail('claimed')
    expect((await api.client().post('/auth/signup', { email, password: 'Secret1!' })).status).toBe(201)
    const account = (await accountOf(email))!
    const before = await entriesAbout(api, { entityId: account.id })
    api.advance(61_000)
    expect((await api.client().post('/auth/signup', { email, password: 'Other2@pass' })).status).toBe(201)
    const dropped = await onlyNewEntry({ entityId: account.id }, before)
    expect(dropped).toMatchObject({ actorId: null, actorName: 'system', entityType: 'user', action: 'changed', subjectId: account.id })
    expect(dropped.changes).toEqual([{ field: 'password', secret: true }])
  })

  test('the first account to verify is recorded becoming the administrator', async () => {
    const entry = (await entriesAbout(api, { entityId: admin.id, entityType: 'user' })).find((one) => one.action === 'changed')
    expect(entry!.changes).toEqual(expect.arrayContaining([{ field: 'emailVerified', before: false, after: true }, { field: 'role', before: 'User', after: 'Admin' }]))
  })
})

describe('a profile: created by its first submission, changed by an edit, each field before → after', () => {
  test("one's first submission records the profile as created by the person, named for them, the salary only as set; the role picked on the account", async () => {
    const person = await signedUpUser(api)
    const before = await entriesAbout(api, { entityId: person.id, entityType: 'user' })
    expect((await person.client.post('/form/submit', profilePayload((await roleNamed('Engineer')).id, { personal: { name: 'Kavya Menon' } }))).status).toBe(200)
    const created = await onlyNewEntry({ entityId: person.id, entityType: 'profile' }, [])
    expect(created).toMatchObject({ actorId: person.id, actorName: person.email, entityType: 'profile', action: 'created', label: 'Kavya Menon', subjectId: person.id })
    expect(created.changes).toEqual(
      expect.arrayContaining([
        { field: 'personal.name', after: 'Kavya Menon' },
        { field: 'personal.phone', after: '+91 98765 43210' },
        { field: 'professional.designation', after: 'Engineer' },
        { field: 'financial.previousOrgSalary', secret: true },
      ]),
    )
    const pick = await onlyNewEntry({ entityId: person.id, entityType: 'user' }, before)
    expect(pick).toMatchObject({ actorId: person.id, actorName: person.email, action: 'changed', label: 'Kavya Menon' })
    expect(pick.changes).toEqual([{ field: 'role', before: 'User', after: 'Engineer' }])
  })

  test("an editor's edit records only the fields that moved, by the editor; a submission changing nothing records nothing", async () => {
    const person = await personNamed('Anil Joshi')
    const before = await entriesAbout(api, { subjectId: person.id })
    expect((await editProfile(admin.client, person.id, { personal: { phone: '+91 90000 11111' } })).status).toBe(200)
    const edit = await onlyNewEntry({ subjectId: person.id }, before)
    expect(edit).toMatchObject({ ...adminActor(), entityType: 'profile', entityId: person.id, action: 'changed', label: 'Anil Joshi', subjectId: person.id })
    expect(edit.changes).toEqual([{ field: 'personal.phone', before: '+91 98765 43210', after: '+91 90000 11111' }])

    const unchanged = await entriesAbout(api, { subjectId: person.id })
    expect((await editProfile(admin.client, person.id, {})).status).toBe(200)
    expect(await entriesAbout(api, { subjectId: person.id })).toEqual(unchanged)
  })

  test('drafts of the form are not recorded', async () => {
    const count = await entryCount(api)
    const anonymous = api.client()
    expect((await anonymous.put('/form/draft', { personal: { name: 'Draft Person' } })).status).toBe(200)
    expect((await anonymous.delete('/form/draft')).status).toBe(200)
    expect(await entryCount(api)).toBe(count)
  })
})

describe("a person's account: role, permissions and status changed by an editor", () => {
  test('a role given records one entry on the person: role and permissions before → after; Role History still shows it', async () => {
    const person = await personNamed('Meera Iyer')
    const pmo = await roleNamed('PMO')
    const before = await entriesAbout(api, { subjectId: person.id })
    const histories = (await api.db.select().from(roleHistories).where(eq(roleHistories.userId, person.id))).length
    expect((await editProfile(admin.client, person.id, { roleId: pmo.id })).status).toBe(200)
    const change = await onlyNewEntry({ subjectId: person.id }, before)
    expect(change).toMatchObject({ ...adminActor(), entityType: 'user', entityId: person.id, action: 'changed', label: 'Meera Iyer', subjectId: person.id })
    expect(change.changes).toEqual([
      { field: 'role', before: 'Developer', after: 'PMO' },
      { field: 'permissions', before: (await roleNamed('Developer')).permissions, after: pmo.permissions },
    ])
    const history = await api.db.select().from(roleHistories).where(eq(roleHistories.userId, person.id))
    expect(history).toHaveLength(histories + 1)
    expect(history.at(-1)).toMatchObject({ initialRoleName: 'Developer', newRoleName: 'PMO', updatedByName: admin.email })
  })

  test("one's own pick of a role records the role, by the person, granting nothing", async () => {
    const person = await personNamed('Rohit Kumar')
    const before = await entriesAbout(api, { subjectId: person.id })
    expect((await editProfile(person.client, person.id, { roleId: (await roleNamed('Engineer')).id })).status).toBe(200)
    const pick = await onlyNewEntry({ subjectId: person.id }, before)
    expect(pick).toMatchObject({ actorId: person.id, actorName: 'Rohit Kumar', entityType: 'user', action: 'changed' })
    expect(pick.changes).toEqual([{ field: 'role', before: 'Developer', after: 'Engineer' }])
  })

  test('a status change records the status before → after', async () => {
    const person = await personNamed('Sanjay Gupta')
    const before = await entriesAbout(api, { subjectId: person.id })
    expect((await editProfile(admin.client, person.id, { status: 'Inactive' })).status).toBe(200)
    const change = await onlyNewEntry({ subjectId: person.id }, before)
    expect(change).toMatchObject({ ...adminActor(), entityType: 'user', entityId: person.id, action: 'changed', label: 'Sanjay Gupta' })
    expect(change.changes).toEqual([{ field: 'status', before: 'Active', after: 'Inactive' }])
  })
})

describe('roles: created, and their lead time changed', () => {
  test('a role created records its name, permissions and lead time, named for it', async () => {
    const answer = await admin.client.post<Role>('/roles', { name: 'Surveyor', permissions: ['view', 'add'] })
    expect(answer.status).toBe(201)
    const created = await onlyNewEntry({ entityId: answer.body._id }, [])
    expect(created).toMatchObject({ ...adminActor(), entityType: 'role', action: 'created', label: 'Surveyor', subjectId: null })
    expect(created.changes).toEqual([
      { field: 'name', after: 'Surveyor' },
      { field: 'permissions', after: ['view', 'add'] },
      { field: 'leadMonths', after: 1 },
    ])
  })

  test("a role's lead time records its months before → after; the same months again record nothing", async () => {
    const role = await roleNamed('Engineer')
    const before = await entriesAbout(api, { entityId: role.id })
    const answer = await admin.client.put(`/roles/${role.id}`, { leadMonths: role.leadMonths + 2 })
    expect(answer.body).toEqual({ _id: role.id, name: 'Engineer', permissions: role.permissions, leadMonths: role.leadMonths + 2 })
    const change = await onlyNewEntry({ entityId: role.id }, before)
    expect(change).toMatchObject({ ...adminActor(), entityType: 'role', action: 'changed', label: 'Engineer' })
    expect(change.changes).toEqual([{ field: 'leadMonths', before: role.leadMonths, after: role.leadMonths + 2 }])
    const after = await entriesAbout(api, { entityId: role.id })
    expect((await admin.client.put(`/roles/${role.id}`, { leadMonths: role.leadMonths + 2 })).status).toBe(200)
    expect(await entriesAbout(api, { entityId: role.id })).toEqual(after)
  })
})

describe('leave: each period recorded and removed on record, about its person', () => {
  test('a period recorded by the person, then removed by an editor: created, then removed, named for the person and its days', async () => {
    const person = await personNamed('Divya Pillai')
    const recorded = await person.client.post<LeaveRow>('/api/leave', { startDate: '2030-12-01', endDate: '2030-12-05', note: 'Family' })
    expect(recorded.status).toBe(201)
    const created = await onlyNewEntry({ entityId: recorded.body._id }, [])
    expect(created).toMatchObject({
      actorId: person.id,
      actorName: 'Divya Pillai',
      entityType: 'leave',
      action: 'created',
      subjectId: person.id,
      label: 'Divya Pillai, leave 2030-12-01 – 2030-12-05',
    })
    expect(created.changes).toEqual([
      { field: 'startDate', after: '2030-12-01' },
      { field: 'endDate', after: '2030-12-05' },
      { field: 'note', after: 'Family' },
    ])

    const before = await entriesAbout(api, { entityId: recorded.body._id })
    expect((await admin.client.delete(`/api/leave/${recorded.body._id}`)).status).toBe(200)
    const removed = await onlyNewEntry({ entityId: recorded.body._id }, before)
    expect(removed).toMatchObject({ ...adminActor(), entityType: 'leave', action: 'removed', subjectId: person.id, label: 'Divya Pillai, leave 2030-12-01 – 2030-12-05' })
    expect(removed.changes).toEqual([
      { field: 'startDate', before: '2030-12-01' },
      { field: 'endDate', before: '2030-12-05' },
      { field: 'note', before: 'Family' },
    ])
  })

  test("removing a person's leave at once records one entry per period removed, and none for a period kept", async () => {
    const person = await personNamed('Tarun Mehta')
    const periods: string[] = []
    for (const [startDate, endDate] of [['2031-01-05', '2031-01-06'], ['2031-01-10', '2031-01-12'], ['2031-02-01', '2031-02-03']] as const) {
      periods.push((await admin.client.post<LeaveRow>('/api/leave', { userId: person.id, startDate, endDate })).body._id)
    }
    const before = await entriesAbout(api, { subjectId: person.id, entityType: 'leave' })
    const answer = await admin.client.delete(`/api/leave?${new URLSearchParams({ userId: person.id, to: '2031-01-31' })}`)
    expect(answer.body).toEqual({ message: '2 leave periods removed', removed: 2 })
    const added = (await entriesAbout(api, { subjectId: person.id, entityType: 'leave' })).filter((entry) => !before.some((old) => old.id === entry.id))
    expect(added.map((entry) => [entry.entityId, entry.action, entry.actorId]).sort()).toEqual([
      [periods[0], 'removed', admin.id],
      [periods[1], 'removed', admin.id],
    ].sort())
    expect(added.map((entry) => entry.label).sort()).toEqual(['Tarun Mehta, leave 2031-01-05 – 2031-01-06', 'Tarun Mehta, leave 2031-01-10 – 2031-01-12'])
  })
})

describe('an entry is written with its change or not at all: with the log refusing, the write fails and leaves nothing', () => {
  const failing = async (write: () => Promise<{ status: number }>) => {
    const count = await entryCount(api)
    const answer = await withFailingAudit(api, write)
    expect(answer.status).toBe(500)
    expect(await entryCount(api)).toBe(count)
  }

  test('sign-up: no account', async () => {
    const email = uniqueEmail('refused')
    await failing(() => api.client().post('/auth/signup', { email, password: 'Secret1!' }))
    expect(await accountOf(email)).toBeUndefined()
    expect(api.mails.some((mail) => mail.to === email)).toBe(false)
  })

  test('a profile edit: the profile as it was', async () => {
    const person = await personNamed('Neha Sharma')
    await failing(() => editProfile(admin.client, person.id, { personal: { phone: '+91 90000 22222' } }))
    expect((await profileOf(admin.client, person.id)).personal.phone).toBe('+91 98765 43210')
  })

  test('a role change: the role as it was, and no Role History row', async () => {
    const person = await personNamed('Ajay Thakur')
    const engineer = await roleNamed('Engineer')
    const histories = await api.db.select().from(roleHistories).where(eq(roleHistories.userId, person.id))
    await failing(() => editProfile(admin.client, person.id, { roleId: engineer.id }))
    expect((await accountOf(person.email))!.role).toBe('Developer')
    expect(await api.db.select().from(roleHistories).where(eq(roleHistories.userId, person.id))).toEqual(histories)
  })

  test('a role created: no role', async () => {
    await failing(() => admin.client.post('/roles', { name: 'Refused Role', permissions: ['view'] }))
    expect(await api.db.select().from(roles).where(eq(roles.name, 'Refused Role'))).toEqual([])
  })

  test('a lead time: the months as they were', async () => {
    const role = await roleNamed('Developer')
    await failing(() => admin.client.put(`/roles/${role.id}`, { leadMonths: role.leadMonths + 5 }))
    expect((await roleNamed('Developer')).leadMonths).toBe(role.leadMonths)
  })

  test('leave recorded: no period', async () => {
    const person = await personNamed('Swati Mishra')
    await failing(() => person.client.post('/api/leave', { startDate: '2032-03-01', endDate: '2032-03-02' }))
    expect(await api.db.select().from(leave).where(eq(leave.userId, person.id))).toEqual([])
  })

  test('leave removed, one or all: the periods still there', async () => {
    const person = await personNamed('Imran Sheikh')
    const period = (await admin.client.post<LeaveRow>('/api/leave', { userId: person.id, startDate: '2032-04-01', endDate: '2032-04-02' })).body
    await failing(() => admin.client.delete(`/api/leave/${period._id}`))
    await failing(() => admin.client.delete(`/api/leave?userId=${person.id}`))
    expect((await api.db.select().from(leave).where(eq(leave.userId, person.id))).map((row) => row.id)).toEqual([period._id])
  })
})

describe('secrets never enter the log', () => {
  test('after a sign-up, its verification, a reset and a salary changed, no entry holds the password, the code, the token, a hash or the salary', async () => {
    const client = api.client()
    const email = uniqueEmail('secret')
    const [password, newPassword] = ['Plain7@Secret', 'Fresh8$Secret']
    expect((await client.post('/auth/signup', { email, password })).status).toBe(201)
    const code = lastCode(api, email)
    expect((await client.post('/auth/verify-otp', { email, otp: code })).status).toBe(200)
    const firstHash = (await accountOf(email))!.passwordHash
    expect((await client.post('/auth/forgot-password', { email })).status).toBe(200)
    const token = lastResetToken(api, email)
    expect((await client.post('/auth/reset-password', { token, newPassword })).status).toBe(200)
    const account = (await accountOf(email))!
    expect((await client.post('/auth/login', { email, password: newPassword })).status).toBe(200)
    expect((await client.post('/form/submit', profilePayload((await roleNamed('Developer')).id, { personal: { name: 'Zoya Ali' }, financial: { previousOrgSalary: 734519 } }))).status).toBe(200)
    expect((await editProfile(admin.client, account.id, { financial: { previousOrgSalary: 865207 } })).status).toBe(200)

    const entries = await entriesAbout(api, { subjectId: account.id })
    // The account: made, verified, its password reset, a role picked, then confirmed by the editor (its permissions).
    expect(entries.map((entry) => `${entry.entityType} ${entry.action}`).sort()).toEqual(['profile changed', 'profile created', 'user changed', 'user changed', 'user changed', 'user changed', 'user created'])
    const written = JSON.stringify(entries)
    for (const secret of [password, newPassword, code, token, encodeURIComponent(token), firstHash, account.passwordHash, '734519', '865207']) {
      expect(written).not.toContain(secret)
    }
    const changesOf = (type: string, action: string) => entries.filter((entry) => entry.entityType === type && entry.action === action).map((entry) => entry.changes)
    expect(changesOf('profile', 'changed')).toEqual([[{ field: 'financial.previousOrgSalary', secret: true }]])
    expect(changesOf('profile', 'created')[0]).toContainEqual({ field: 'financial.previousOrgSalary', secret: true })
    expect(changesOf('user', 'changed')).toContainEqual([{ field: 'password', secret: true }])
    expect(changesOf('user', 'created')[0]).toContainEqual({ field: 'password', secret: true })
  })
})
