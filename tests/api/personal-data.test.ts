import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PRIVATE_PERSONAL_FIELDS } from '#domain/profile'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectClientError, profilePayload } from '../support/helpers'
import { userHolding } from '../support/personas'

/**
 * Personal data on a need-to-know basis (issue 30 §5, DESIGN §4), over real HTTP: family details,
 * the date of birth and financial details reach the person and the administrators only; contact
 * details and blood group reach whoever holds `view`.
 */

type Read = { personal: Record<string, unknown>; financial?: unknown }

const FAMILY = { maritalStatus: 'Married', fatherName: 'Ravi Rao', fatherOccupation: 'Teacher', motherName: 'Meena Rao', motherOccupation: 'Surgeon', siblings: 'Two sisters' }
const CONTACT = { phone: '+91 98765 43210', email: 'asha.home@example.com', bloodGroup: 'B-' }
/** Values found nowhere else in the answers, so a leak shows in the raw text too. */
const SECRETS = ['1990-04-12', 'Ravi Rao', 'Teacher', 'Meena Rao', 'Surgeon', 'Two sisters', 'Married', '987654']

let api: Api
let admin: { client: Client; id: string }
let person: { client: Client; id: string }
let viewer: { client: Client; id: string }
let editor: { client: Client; id: string }
let stranger: { client: Client; id: string }

beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
  person = await signedUpUser(api)
  viewer = await userHolding(api, ['view'])
  editor = await userHolding(api, ['view', 'edit'])
  stranger = await userHolding(api, [])
  const [developer] = (await api.client().get<{ roles: { _id: string; name: string }[] }>('/roles')).body.roles.filter((role) => role.name === 'Developer')
  const payload = profilePayload(developer._id, { personal: { name: 'Asha Rao', dob: '1990-04-12', ...CONTACT, ...FAMILY }, financial: { previousOrgSalary: 987654, currency: 'GBP' } })
  expect((await person.client.post('/form/submit', payload)).status).toBe(200)
})
afterAll(() => api?.close())

describe('GET /form/profile/{id}', () => {
  test.each(['the person', 'an administrator'])('%s reads the family details, date of birth and financial details', async (who) => {
    const reader = who === 'the person' ? person : admin
    const { status, body } = await reader.client.get<Read>(`/form/profile/${person.id}`)
    expect(status).toBe(200)
    expect(body.personal).toMatchObject({ ...FAMILY, ...CONTACT, dob: '1990-04-12' })
    expect(body.financial).toEqual({ previousOrgSalary: 987654, currency: 'GBP' })
  })

  test.each(['view', 'view and edit'])('someone with %s reads the contact details and blood group, and nothing private', async (who) => {
    const reader = who === 'view' ? viewer : editor
    const { status, body } = await reader.client.get<Read>(`/form/profile/${person.id}`)
    expect(status).toBe(200)
    expect(body.personal).toMatchObject({ name: 'Asha Rao', ...CONTACT })
    for (const field of PRIVATE_PERSONAL_FIELDS) expect(body.personal).not.toHaveProperty(field)
    expect(body).not.toHaveProperty('financial')
    const text = JSON.stringify(body)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })

  test('someone without view is refused the profile altogether', async () => {
    expectClientError(await stranger.client.get(`/form/profile/${person.id}`), 403)
  })
})

describe('PUT /form/profile/{id}', () => {
  test('an editor who cannot see the family details cannot change or wipe them; what they see, they change', async () => {
    const { body } = await editor.client.get<Record<string, unknown> & Read>(`/form/profile/${person.id}`)
    const sent = {
      ...body,
      personal: { ...body.personal, fatherName: 'Someone Else', maritalStatus: 'Single', siblings: null, bloodGroup: 'AB+' },
    }
    expect((await editor.client.put(`/form/profile/${person.id}`, sent)).status).toBe(200)
    const { body: after } = await admin.client.get<Read>(`/form/profile/${person.id}`)
    expect(after.personal).toMatchObject({ ...FAMILY, dob: '1990-04-12', bloodGroup: 'AB+' })
    // Put back for the other tests.
    expect((await admin.client.put(`/form/profile/${person.id}`, { ...after, personal: { ...after.personal, bloodGroup: CONTACT.bloodGroup } })).status).toBe(200)
  })

  test("the editor's answer to the save leaves the private details out too", async () => {
    const { body } = await editor.client.get<Record<string, unknown> & Read>(`/form/profile/${person.id}`)
    const saved = await editor.client.put<Read>(`/form/profile/${person.id}`, body)
    expect(saved.status).toBe(200)
    for (const secret of SECRETS) expect(JSON.stringify(saved.body)).not.toContain(secret)
  })

  test('an administrator changes them', async () => {
    const { body } = await admin.client.get<Read>(`/form/profile/${person.id}`)
    expect((await admin.client.put(`/form/profile/${person.id}`, { ...body, personal: { ...body.personal, motherOccupation: 'Engineer' } })).status).toBe(200)
    expect((await person.client.get<Read>(`/form/profile/${person.id}`)).body.personal.motherOccupation).toBe('Engineer')
    expect((await admin.client.put(`/form/profile/${person.id}`, body)).status).toBe(200)
  })
})

describe('the user list and the export it feeds', () => {
  test('GET /users and GET /users/{id} carry none of the personal details, to a viewer or an administrator', async () => {
    for (const reader of [viewer, admin]) {
      const list = await reader.client.get(`/users?q=${encodeURIComponent('Asha Rao')}`)
      const one = await reader.client.get(`/users/${person.id}`)
      expect(list.status).toBe(200)
      expect(one.status).toBe(200)
      expect(JSON.stringify(list.body)).toContain(person.id)
      for (const secret of [...SECRETS, CONTACT.phone, CONTACT.email]) {
        expect(JSON.stringify(list.body)).not.toContain(secret)
        expect(JSON.stringify(one.body)).not.toContain(secret)
      }
    }
  })
})
