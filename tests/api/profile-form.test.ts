import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedUpUser, startApi, uniqueEmail, type Api } from '../support/api-harness'
import { DRAFT_COOKIE, addRole, clientWithSession, expectClientError, landingUser, profilePayload, sessionToken } from '../support/helpers'

let api: Api
let admin: Awaited<ReturnType<typeof signedUpUser>>
let developer: { _id: string; name: string }
beforeAll(async () => {
  api = await startApi()
  admin = await signedUpUser(api)
  developer = await addRole(api, 'Developer (test)')
})
afterAll(() => api.close())

type Role = { _id: string; name: string }
type Profile = ReturnType<typeof profilePayload> & { status: string; roleId: Role | null }

describe('GET /roles', () => {
  test('answers the roles array, each with _id and name, sorted by name whatever its case, signed out too', async () => {
    await addRole(api, 'zeta tester')
    await addRole(api, 'Alpha Lead')
    const answer = await api.client().get<{ roles: Role[] }>('/roles')
    expect(answer.status).toBe(200)
    const names = answer.body.roles.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['Alpha Lead', 'Developer (test)', 'zeta tester']))
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    for (const role of answer.body.roles) expect(role).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: expect.any(String) })
  })
})

describe('POST /form/submit', () => {
  test('answers 401 when signed out, with the login prompt, and saves nothing', async () => {
    const answer = await api.client().post('/form/submit', profilePayload(developer._id))
    expectClientError(answer, 401)
    expect(answer.body.error).toBe('Please log in to submit your details.')
  })

  test('answers 401 for a session that was logged out', async () => {
    const { client } = await signedUpUser(api)
    const token = sessionToken(client)!
    await client.post('/auth/logout')
    expectClientError(await clientWithSession(api, token).post('/form/submit', profilePayload(developer._id)), 401)
  })

  test("answers 400 with 'Please fill the required fields: ' and the labels of the missing ones", async () => {
    const { client } = await signedUpUser(api)
    const answer = await client.post(
      '/form/submit',
      profilePayload(null, { personal: { dob: '', phone: '' }, professional: { previousExperience: null }, financial: { previousOrgSalary: '' } }),
    )
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('Please fill the required fields: Date of Birth, Phone Number, Role, Previous Experience, Previous Organisation Salary')
  })

  test("answers 200 'Profile saved'; GET /form/profile/{own id} returns the saved values with roleId {_id, name}", async () => {
    const { client, id } = await signedUpUser(api)
    const payload = profilePayload(developer._id)
    const answer = await client.post('/form/submit', payload)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Profile saved' })
    const profile = await client.get<Profile>(`/form/profile/${id}`)
    expect(profile.status).toBe(200)
    expect(profile.body).toEqual({
      status: 'Active',
      roleId: { _id: developer._id, name: developer.name },
      personal: payload.personal,
      // The role name is the chosen role's, whatever the form sent; an empty date reads as null.
      professional: { ...payload.professional, role: developer.name, dateOfLeaving: null },
      financial: payload.financial,
    })
  })

  test('on submit: the email is trimmed and the currency defaults to INR', async () => {
    const { client, id } = await signedUpUser(api)
    const payload = profilePayload(developer._id, { personal: { email: '  me@example.com ' }, financial: { currency: '' } })
    expect((await client.post('/form/submit', payload)).status).toBe(200)
    const profile = await client.get<Profile>(`/form/profile/${id}`)
    expect(profile.body.personal.email).toBe('me@example.com')
    expect(profile.body.financial).toEqual({ previousOrgSalary: 600000, currency: 'INR' })
  })

  test('zero years of experience and a zero salary are saved as 0, numbers given as text are read as numbers', async () => {
    const { client, id } = await signedUpUser(api)
    const payload = profilePayload(developer._id, { professional: { previousExperience: '0', totalExperience: '0.1' }, financial: { previousOrgSalary: '0' } })
    expect((await client.post('/form/submit', payload)).status).toBe(200)
    const profile = await client.get<Profile>(`/form/profile/${id}`)
    expect(profile.body.professional).toMatchObject({ previousExperience: 0, totalExperience: 0.1 })
    expect(profile.body.financial.previousOrgSalary).toBe(0)
  })

  test('submitting again replaces the saved values', async () => {
    const { client, id } = await signedUpUser(api)
    await client.post('/form/submit', profilePayload(developer._id))
    await client.post('/form/submit', profilePayload(developer._id, { personal: { name: 'Ana R. Rao' } }))
    expect((await client.get<Profile>(`/form/profile/${id}`)).body.personal.name).toBe('Ana R. Rao')
  })

  test.each([
    ['a salary with a fraction', { financial: { previousOrgSalary: 1000.5 } }, /^financial\.previousOrgSalary: /],
    ['a negative experience', { professional: { previousExperience: -1 } }, /^professional\.previousExperience: /],
    ['a marital status outside the list', { personal: { maritalStatus: 'Engaged' } }, /^personal\.maritalStatus: /],
    ['a blood group outside the list', { personal: { bloodGroup: 'C+' } }, /^personal\.bloodGroup: /],
    ['a currency outside the list', { financial: { currency: 'JPY' } }, /^financial\.currency: /],
  ])('refuses %s with 400 naming the field', async (_, over, message) => {
    const { client } = await signedUpUser(api)
    const answer = await client.post('/form/submit', profilePayload(developer._id, over))
    expectClientError(answer, 400)
    expect(answer.body.error).toMatch(message)
  })

  test('refuses a role id that is not in the list', async () => {
    const { client } = await signedUpUser(api)
    const answer = await client.post('/form/submit', profilePayload('00000000-0000-4000-8000-000000000000'))
    expectClientError(answer, 400)
    expect(answer.body.error).toBe('roleId: Choose a role from the list')
  })

  test.each([
    ['isAdmin at the top', (p: object) => ({ ...p, isAdmin: true })],
    ['permissions at the top', (p: object) => ({ ...p, permissions: ['view', 'add', 'edit', 'delete'] })],
    ['status at the top', (p: object) => ({ ...p, status: 'Inactive' })],
    ['role in personal', (p: ReturnType<typeof profilePayload>) => ({ ...p, personal: { ...p.personal, role: 'Admin' } })],
  ])('refuses unknown fields (%s) with 400 and saves nothing', async (_, change) => {
    const { client, id } = await signedUpUser(api)
    const answer = await client.post('/form/submit', change(profilePayload(developer._id)))
    expectClientError(answer, 400)
    expect((await client.get<Profile>(`/form/profile/${id}`)).body.personal.name).toBeNull()
  })

  test("nobody picks the role 'Admin' on their own profile: 403 with the reason, and nothing is saved", async () => {
    const roles = (await api.client().get<{ roles: Role[] }>('/roles')).body.roles
    const adminRole = roles.find((r) => r.name === 'Admin')!
    const { client, id } = await signedUpUser(api)
    const answer = await client.post('/form/submit', profilePayload(adminRole._id))
    expectClientError(answer, 403)
    expect(answer.body.error).toBe('Only an administrator can give or take away the Admin role.')
    expect((await client.get<Profile>(`/form/profile/${id}`)).body).toMatchObject({ roleId: null, personal: { name: null } })
    expect(await landingUser(client)).toMatchObject({ role: 'User', permissions: [] })
    expectClientError(await client.get(`/form/profile/${admin.id}`), 403)
  })

  test('the role picked on one\'s own profile is the person\'s role everywhere, and grants nothing', async () => {
    const { client, id } = await signedUpUser(api)
    expect((await client.post('/form/submit', profilePayload(developer._id))).status).toBe(200)
    expect((await client.get<Profile>(`/form/profile/${id}`)).body).toMatchObject({ roleId: { _id: developer._id, name: developer.name }, professional: { role: developer.name } })
    expect(await landingUser(client)).toMatchObject({ role: developer.name, permissions: [] })
    expectClientError(await client.get('/users'), 403)
  })
})

describe('GET and PUT /form/profile/{id}', () => {
  test('answers 401 when signed out', async () => {
    expectClientError(await api.client().get(`/form/profile/${admin.id}`), 401)
    expectClientError(await api.client().put(`/form/profile/${admin.id}`, profilePayload(null)), 401)
  })

  test('a user without a saved profile reads as every field empty, currency INR', async () => {
    const { client, id } = await signedUpUser(api)
    const profile = await client.get<Profile>(`/form/profile/${id}`)
    expect(profile.status).toBe(200)
    expect(profile.body.roleId).toBeNull()
    expect(Object.values(profile.body.personal).every((v) => v === null)).toBe(true)
    expect(Object.values(profile.body.professional).every((v) => v === null)).toBe(true)
    expect(profile.body.financial).toEqual({ previousOrgSalary: null, currency: 'INR' })
  })

  test("GET of another user's id answers 403 for an ordinary user", async () => {
    const { client } = await signedUpUser(api)
    const other = await signedUpUser(api)
    await other.client.post('/form/submit', profilePayload(developer._id))
    const answer = await client.get(`/form/profile/${other.id}`)
    expectClientError(answer, 403)
    expect(JSON.stringify(answer.body)).not.toContain('Ana Rao')
  })

  test("PUT of another user's id answers 403 for an ordinary user and changes nothing", async () => {
    const { client } = await signedUpUser(api)
    const other = await signedUpUser(api)
    await other.client.post('/form/submit', profilePayload(developer._id))
    expectClientError(await client.put(`/form/profile/${other.id}`, profilePayload(developer._id, { personal: { name: 'Changed' } })), 403)
    expect((await other.client.get<Profile>(`/form/profile/${other.id}`)).body.personal.name).toBe('Ana Rao')
  })

  test('an ordinary user may PUT their own profile, and the answer is the profile as GET gives it', async () => {
    const { client, id } = await signedUpUser(api)
    await client.post('/form/submit', profilePayload(developer._id))
    const saved = (await client.get<Profile>(`/form/profile/${id}`)).body
    const { status: _status, ...edited } = { ...saved, personal: { ...saved.personal, siblings: 'Two sisters' } }
    const answer = await client.put<Profile>(`/form/profile/${id}`, edited)
    expect(answer.status).toBe(200)
    expect(answer.body.personal.siblings).toBe('Two sisters')
    expect(answer.body.roleId).toEqual({ _id: developer._id, name: developer.name })
    expect((await client.get<Profile>(`/form/profile/${id}`)).body).toEqual(answer.body)
  })

  test('a user cannot change the status of their own account', async () => {
    const { client, id } = await signedUpUser(api)
    const saved = (await client.get<Profile>(`/form/profile/${id}`)).body
    expectClientError(await client.put(`/form/profile/${id}`, { ...saved, status: 'Inactive' }), 400)
    expect(await landingUser(client)).toMatchObject({ status: 'Active' })
  })

  test("an administrator may GET and PUT another user's profile", async () => {
    const other = await signedUpUser(api)
    await other.client.post('/form/submit', profilePayload(developer._id))
    const read = await admin.client.get<Profile>(`/form/profile/${other.id}`)
    expect(read.status).toBe(200)
    expect(read.body.personal.name).toBe('Ana Rao')
    const { status: _status, ...editable } = read.body
    const answer = await admin.client.put<Profile>(`/form/profile/${other.id}`, { ...editable, professional: { ...editable.professional, designation: 'Lead' } })
    expect(answer.status).toBe(200)
    expect((await other.client.get<Profile>(`/form/profile/${other.id}`)).body.professional.designation).toBe('Lead')
  })

  test.each(['not-an-id', '123', "1' or '1'='1", '3f0e8a52-8a0e-4c47-9d1e-1b7d0c7f6a1'])('a malformed id (%s) answers 404 for an administrator', async (id) => {
    const path = `/form/profile/${encodeURIComponent(id)}`
    expectClientError(await admin.client.get(path), 404)
    expectClientError(await admin.client.put(path, profilePayload(null)), 404)
  })

  test('an id of no user answers 404 for an administrator', async () => {
    const path = '/form/profile/00000000-0000-4000-8000-000000000000'
    expectClientError(await admin.client.get(path), 404)
    expectClientError(await admin.client.put(path, profilePayload(null)), 404)
  })

  test('a malformed id answers 403 for an ordinary user: nothing about others is told', async () => {
    const { client } = await signedUpUser(api)
    expectClientError(await client.get('/form/profile/not-an-id'), 403)
  })
})

describe('GET, PUT and DELETE /form/draft', () => {
  const draft = { personal: { name: 'Ana', dob: '1990-0' }, professional: { previousExperience: '2.' }, selectedRoleId: 'x' }

  test('without a draft, GET answers draft null', async () => {
    const answer = await api.client().get('/form/draft')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ draft: null })
  })

  test('PUT keeps the draft as typed under an httpOnly cookie; GET gives it back, signed out too', async () => {
    const client = api.client()
    const answer = await client.put('/form/draft', draft)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Draft saved' })
    const line = answer.headers.getSetCookie().find((l) => l.startsWith(`${DRAFT_COOKIE}=`))
    expect(line).toMatch(/HttpOnly/i)
    expect(line).toMatch(/SameSite=Lax/i)
    expect((await client.get('/form/draft')).body).toEqual({ draft })
  })

  test('a draft belongs to its browser', async () => {
    const client = api.client()
    await client.put('/form/draft', draft)
    expect((await api.client().get('/form/draft')).body).toEqual({ draft: null })
  })

  test('PUT again replaces the draft under the same cookie', async () => {
    const client = api.client()
    await client.put('/form/draft', draft)
    const token = client.cookies.get(DRAFT_COOKIE)
    await client.put('/form/draft', { personal: { name: 'Ana Rao' } })
    expect(client.cookies.get(DRAFT_COOKIE)).toBe(token)
    expect((await client.get('/form/draft')).body).toEqual({ draft: { personal: { name: 'Ana Rao' } } })
  })

  test('DELETE removes the draft', async () => {
    const client = api.client()
    await client.put('/form/draft', draft)
    const token = client.cookies.get(DRAFT_COOKIE)!
    const answer = await client.delete('/form/draft')
    expect(answer.status).toBe(200)
    expect((await client.get('/form/draft')).body).toEqual({ draft: null })
    const replay = api.client()
    replay.cookies.set(DRAFT_COOKIE, token)
    expect((await replay.get('/form/draft')).body).toEqual({ draft: null })
  })

  test('a successful submit removes the draft; a refused one keeps it', async () => {
    const client = api.client()
    await client.put('/form/draft', draft)
    expect((await client.post('/form/submit', profilePayload(developer._id))).status).toBe(401)
    expect((await client.get('/form/draft')).body).toEqual({ draft })
    const email = uniqueEmail()
    await signedUpUser(api, client, email)
    expect((await client.get('/form/draft')).body).toEqual({ draft })
    expect((await client.post('/form/submit', profilePayload(developer._id))).status).toBe(200)
    expect((await client.get('/form/draft')).body).toEqual({ draft: null })
  })

  test('a draft is kept for 30 days', async () => {
    const client = api.client()
    await client.put('/form/draft', draft)
    api.advance(30 * 24 * 60 * 60_000 - 60_000)
    expect((await client.get('/form/draft')).body).toEqual({ draft })
    api.advance(60_000)
    expect((await client.get('/form/draft')).body).toEqual({ draft: null })
  })

  test.each([
    ['an unknown section', { roleId: 'x' }],
    ['an unknown field', { personal: { isAdmin: 'true' } }],
    ['a value that is not text', { financial: { previousOrgSalary: 5 } }],
  ])('PUT refuses %s with 400', async (_, body) => {
    const client = api.client()
    expectClientError(await client.put('/form/draft', body), 400)
    expect(client.cookies.get(DRAFT_COOKIE)).toBeUndefined()
  })
})
