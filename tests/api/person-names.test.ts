import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AuditPage } from '#domain/contracts/audit'
import type { RoleHistoryPage } from '#domain/contracts/roles'
import { auditEntries, users } from '#api/db/schema'
import { signedUpUser, startApi, type Api } from '../support/api-harness'
import { entryCount } from '../support/audit'
import { addRole, expectClientError, profilePayload } from '../support/helpers'

/**
 * A person's name is what the audit log, its export and Role History say made a change: it follows
 * every name's rules (one line, no control characters or bidirectional overrides, no opening like a
 * spreadsheet formula once invisible characters are looked past), a person's own may not be the
 * system's, and the log names each person with their email beside the name, the system with none.
 * Names kept before the rule still read back.
 */

let api: Api
let admin: Awaited<ReturnType<typeof signedUpUser>>
let developer: { _id: string; name: string }

beforeAll(async () => {
  api = await startApi()
  // The first account to verify administers the install.
  admin = await signedUpUser(api)
  developer = await addRole(api, 'Developer (names)')
})
afterAll(() => api?.close())

const fullNameOf = async (id: string) => (await api.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, id)))[0]!.fullName
const auditPage = async () => {
  const answer = await admin.client.get<AuditPage>('/api/audit?limit=200')
  expect(answer.status).toBe(200)
  return answer.body
}

describe("a person's own name (Full Name)", () => {
  test.each([
    ['the system\'s label', 'System', /^personal\.name: Full Name cannot be “System”/],
    ['the system\'s label in lower case', 'system', /^personal\.name: Full Name cannot be “System”/],
    ['the system\'s label in full-width letters', 'Ｓｙｓｔｅｍ', /^personal\.name: Full Name cannot be “System”/],
    ['the system\'s label with a zero-width space inside', 'SYS\u200bTEM', /^personal\.name: Full Name cannot be “System”/],
    ['a right-to-left override', 'Asha\u202eoaR', /^personal\.name: Full Name cannot contain control characters$/],
    ['an isolate', 'Asha \u2066Rao', /^personal\.name: Full Name cannot contain control characters$/],
    ['a newline', 'Asha\nPortal Administrator', /^personal\.name: Full Name cannot contain control characters$/],
    ['a leading =', '=HYPERLINK("http://evil.test","Asha")', /^personal\.name: Full Name cannot start with =, \+, - or @$/],
    ['a leading + after a zero-width space', '\u200b+1+1', /^personal\.name: Full Name cannot start with =, \+, - or @$/],
    ['a leading full-width =', '＝1+1', /^personal\.name: Full Name cannot start with =, \+, - or @$/],
    ['a leading -', '-2+3', /^personal\.name: Full Name cannot start with =, \+, - or @$/],
    ['a leading @', '@SUM(A1)', /^personal\.name: Full Name cannot start with =, \+, - or @$/],
  ])('%s is refused with 400 naming the field, and nothing is written', async (_case, name, message) => {
    const person = await signedUpUser(api)
    const entries = await entryCount(api)
    const submitted = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name } }))
    expectClientError(submitted, 400)
    expect(submitted.body.error).toMatch(message)
    expect(await fullNameOf(person.id)).toBeNull()
    expect(await entryCount(api)).toBe(entries)

    // An administrator's edit of someone's profile is held to the same rule.
    const fine = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name: 'Asha Rao' } }))
    expect(fine.status, JSON.stringify(fine.body)).toBe(200)
    const saved = (await admin.client.get<ReturnType<typeof profilePayload>>(`/form/profile/${person.id}`)).body
    const edited = await admin.client.put(`/form/profile/${person.id}`, { ...saved, roleId: developer._id, personal: { ...saved.personal, name } })
    expectClientError(edited, 400)
    expect(edited.body.error).toMatch(message)
    expect(await fullNameOf(person.id)).toBe('Asha Rao')
  })

  test.each([
    ['a name with = inside', 'Asha = Rao'],
    ['a name that starts with "System"', 'Systema Rao'],
    ['an apostrophe and a hyphen', "Ana O'Brien-Rao"],
    ['right-to-left letters', 'آشا راو'],
  ])('%s is kept', async (_case, name) => {
    const person = await signedUpUser(api)
    const submitted = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name } }))
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    expect(await fullNameOf(person.id)).toBe(name)
  })

  test('invisible characters at its ends are dropped, as from every name', async () => {
    const person = await signedUpUser(api)
    const submitted = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name: '\u200b Asha Rao\ufeff' } }))
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    expect(await fullNameOf(person.id)).toBe('Asha Rao')
  })
})

test.each([
  ['personal', 'fatherName', "Father's Name"],
  ['personal', 'motherName', "Mother's Name"],
  ['professional', 'reportingManager', 'Reporting Manager'],
] as const)("the other people's names (%s.%s) follow the same rules", async (section, field, label) => {
  const { client } = await signedUpUser(api)
  for (const [value, message] of [
    ['=1+1', `${section}.${field}: ${label} cannot start with =, +, - or @`],
    ['Ravi\u202eoaR', `${section}.${field}: ${label} cannot contain control characters`],
  ]) {
    const answer = await client.post('/form/submit', profilePayload(developer._id, { [section]: { [field]: value } }))
    expectClientError(answer, 400)
    expect(answer.body.error).toBe(message)
  }
  // "System" is a father's name like any other: only a person's own name is the log's.
  const answer = await client.post('/form/submit', profilePayload(developer._id, { [section]: { [field]: 'System' } }))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
})

describe('the audit log names who made a change unambiguously', () => {
  test("a person by the name they had and their email; two people of one name differ by it; the system by no email", async () => {
    const [first, second] = [await signedUpUser(api), await signedUpUser(api)]
    // Each names themselves, then changes something under that name.
    for (const person of [first, second]) {
      for (const qualification of ['B.Tech', 'M.Tech']) {
        const answer = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name: 'Portal Administrator', qualification } }))
        expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      }
    }
    // The sign-up of an unverified address again with another password is the system's doing.
    await api.client().post('/auth/signup', { email: 'unverified.twice@example.com', password: 'Secret1!' })
    api.advance(5 * 60_000)
    await api.client().post('/auth/signup', { email: 'unverified.twice@example.com', password: 'Other2@x' })

    const { entries } = await auditPage()
    // Their second submission, made under the name (the clock stands still: entries of one moment come in the order of their ids).
    const underTheName = (id: string) => entries.find((entry) => entry.actor._id === id && entry.changes.some((change) => change.field === 'personal.qualification' && change.before === 'B.Tech'))
    const [byFirst, bySecond] = [underTheName(first.id), underTheName(second.id)]
    expect(byFirst?.actor).toEqual({ _id: first.id, name: 'Portal Administrator', email: first.email.toLowerCase() })
    expect(bySecond?.actor).toEqual({ _id: second.id, name: 'Portal Administrator', email: second.email.toLowerCase() })
    const bySystem = entries.filter((entry) => entry.actor._id === null)
    expect(bySystem.length).toBeGreaterThan(0)
    for (const entry of bySystem) expect(entry.actor.email).toBeNull()
  })

  test("Role History's Updated By carries the editor's email beside their name", async () => {
    const person = await signedUpUser(api)
    const answer = await person.client.post('/form/submit', profilePayload(developer._id, { personal: { name: 'Meera Shah' } }))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { body } = await admin.client.get<RoleHistoryPage>('/api/role-histories')
    const own = body.histories.find((row) => row.user._id === person.id)
    expect(own?.updatedBy).toEqual({ fullName: 'Meera Shah', email: person.email.toLowerCase() })
  })

  test('a name kept before the rule (a formula, an override, a newline, the system label) still reads back, with its email', async () => {
    const legacy = await signedUpUser(api)
    const name = '=HYPERLINK("http://evil.test")\u202e\nsystem'
    await api.db.update(users).set({ fullName: name }).where(eq(users.id, legacy.id))
    // Picking a role records an entry and a Role History row under the name as it is.
    const profile = profilePayload(developer._id, { personal: { name: 'Kept Name' } })
    const submitted = await legacy.client.post('/form/submit', profile)
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    await api.db.update(users).set({ fullName: name }).where(eq(users.id, legacy.id))
    await api.db.update(auditEntries).set({ actorName: name }).where(eq(auditEntries.actorId, legacy.id))

    const { entries } = await auditPage()
    const mine = entries.filter((entry) => entry.actor._id === legacy.id)
    expect(mine.length).toBeGreaterThan(0)
    for (const entry of mine) expect(entry.actor).toEqual({ _id: legacy.id, name, email: legacy.email.toLowerCase() })
    const history = await admin.client.get<RoleHistoryPage>('/api/role-histories')
    expect(history.status).toBe(200)
    const persons = await admin.client.get(`/users?q=${encodeURIComponent(legacy.email)}`)
    expect(persons.status).toBe(200)
  })
})
