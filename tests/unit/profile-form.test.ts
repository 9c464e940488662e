import { describe, expect, test } from 'vitest'
import type { StoredProfile } from '#domain/contracts/profiles'
import type { Role } from '#domain/contracts/roles'
import type { ListedUser } from '#domain/contracts/users'
import { parseWithSchema } from '#app/lib/validation'
import { neededToOpen, saveFailed, sectionOf, sectionsWithErrors, summaryOf } from '#app/features/profile/form'
import { draftOf, emptyProfile, personalValues, personalView, profileEditSchema, profileView, updateOf } from '#app/features/profile/form.server'
import { profileFormSchema } from '#domain/profile'

/** The two profile forms decoded, and what their screens show and allow (no browser needed). */

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}
const roleId = '00000000-0000-4000-8000-000000000001'
const stored = (): StoredProfile => ({
  ...emptyProfile({ fullName: 'Asha Rao', status: 'Active' }),
  professional: { ...emptyProfile({ fullName: null, status: 'Active' }).professional, asblExperience: 2, previousExperience: 3, designation: 'Engineer' },
  financial: { previousOrgSalary: 50000, currency: 'USD' },
  roleId: { _id: roleId, name: 'Engineer' },
})
const account = { _id: 'u1', email: 'asha@example.com', fullName: 'Asha Rao', status: 'Active' } as ListedUser
const roles: Role[] = [
  { _id: 'admin', name: 'Admin', permissions: ['view', 'add', 'edit', 'delete'] },
  { _id: 'viewer', name: 'Viewer', permissions: ['view'] },
  { _id: 'editor', name: 'Editor', permissions: ['view', 'edit'] },
]

describe('who may open a profile', () => {
  test('someone else’s: view, and edit too to edit (their own needs nothing: ownerOr)', () => {
    expect(neededToOpen(false)).toEqual(['view'])
    expect(neededToOpen(true)).toEqual(['view', 'edit'])
  })
})

describe('profileView', () => {
  const viewer = { _id: 'u2', role: 'User', permissions: ['view', 'edit'] as const }

  test("someone else's profile: editable with edit, no private details for a non-administrator, only the roles the editor may grant", () => {
    const shown = profileView({ me: viewer, editing: true, account, stored: stored(), roles })
    expect(shown).toMatchObject({ own: false, editing: true, canEdit: true, seesPrivate: false, user: { _id: 'u1', email: 'asha@example.com' } })
    expect(shown.roles.map((role) => role._id)).toEqual(['viewer', 'editor'])
  })

  test('one’s own profile: editable and private to oneself, every role but Admin offered', () => {
    const shown = profileView({ me: { _id: 'U1', role: 'User', permissions: [] }, editing: true, account, stored: stored(), roles })
    expect(shown).toMatchObject({ own: true, canEdit: true, seesPrivate: true })
    expect(shown.roles.map((role) => role._id)).toEqual(['viewer', 'editor'])
  })

  test('a profile that could not be read is shown empty, with the account’s name and status', () => {
    const shown = profileView({ me: viewer, editing: false, account, stored: null, roles: [] })
    expect(shown.profile.personal.name).toBe('Asha Rao')
    expect(shown.profile.personal.phone).toBeNull()
    expect(shown.profile.roleId).toBeNull()
    expect(shown.roles).toEqual([])
  })
})

describe('the edit form', () => {
  const posted = (extra: [string, string][] = []) =>
    parseWithSchema(form([['personal.name', ' Asha Devi '], ['professional.designation', 'Lead'], ['professional.totalExperience', '6.5'], ['roleId', roleId], ['status', 'Inactive'], ...extra]), {
      schema: profileEditSchema,
    })

  test('is laid over the stored profile: what the form does not hold (experience split, financial details) is kept', () => {
    const submission = posted()
    if (submission.status !== 'success') throw new Error('expected a valid form')
    const body = updateOf(stored(), submission.value, false)
    expect(body.personal.name).toBe('Asha Devi')
    expect(body.professional).toMatchObject({ designation: 'Lead', totalExperience: 6.5, asblExperience: 2, previousExperience: 3 })
    expect(body.financial).toEqual({ previousOrgSalary: 50000, currency: 'USD' })
    expect(body).toMatchObject({ roleId, status: 'Inactive' })
  })

  test('one’s own status is never sent', () => {
    const submission = posted()
    if (submission.status !== 'success') throw new Error('expected a valid form')
    expect(updateOf(stored(), submission.value, true)).not.toHaveProperty('status')
  })

  test('a field out of range is refused beside the field', () => {
    const submission = posted([['professional.totalExperience', '81']])
    expect(submission.status).toBe('error')
    expect(submission.status === 'error' && submission.error).toHaveProperty(['professional.totalExperience'])
  })

  test("a refused save says 'Failed to update profile', with the server's reason when there is one", () => {
    expect(saveFailed('')).toBe('Failed to update profile')
    expect(saveFailed('Role not found')).toBe('Failed to update profile: Role not found')
  })
})

describe('Complete Your Profile', () => {
  test('opens with the draft kept while signing in, as typed, before the stored profile; INR when no currency', () => {
    const values = personalValues({ personal: { name: 'Asha' }, selectedRoleId: roleId }, stored())
    expect(values).toEqual({ personal: { name: 'Asha' }, professional: {}, financial: { currency: 'INR' }, roleId })
  })

  test('without a draft, opens with the stored profile as text', () => {
    const values = personalValues(null, stored())
    expect(values.personal.name).toBe('Asha Rao')
    expect(values.personal.phone).toBe('')
    expect(values.professional.asblExperience).toBe('2')
    expect(values.financial).toEqual({ previousOrgSalary: '50000', currency: 'USD' })
    expect(values.roleId).toBe(roleId)
    expect(personalValues(null, null)).toEqual({ personal: {}, professional: {}, financial: { currency: 'INR' }, roleId: '' })
  })

  test('the draft keeps the known fields as typed, cut to what a draft holds, and the picked role', () => {
    const draft = draftOf(form([['personal.name', 'Asha'], ['financial.previousOrgSalary', '12x'], ['roleId', roleId], ['other.field', 'x'], ['intent', 'submit'], ['personal.siblings', 's'.repeat(3000)]]))
    expect(draft).toEqual({ personal: { name: 'Asha', siblings: 's'.repeat(2000) }, professional: {}, financial: { previousOrgSalary: '12x' }, selectedRoleId: roleId })
  })

  test('the draft keeps a field left empty, the last of a name sent twice, no file, and no role when none was picked', () => {
    const posted = form([['personal.name', 'Asha'], ['personal.name', 'Asha Rao'], ['personal.phone', ''], ['roleId', 'r'.repeat(80)]])
    posted.append('personal.photo', new File(['x'], 'photo.png'))
    expect(draftOf(posted)).toEqual({ personal: { name: 'Asha Rao', phone: '' }, professional: {}, financial: {}, selectedRoleId: 'r'.repeat(64) })
    expect(draftOf(form([['professional.asblExperience', '2']]))).toEqual({ personal: {}, professional: { asblExperience: '2' }, financial: {}, selectedRoleId: '' })
  })

  test('offers oneself every role but Admin; says when the personal email is not the login one', () => {
    const values = personalValues({ personal: { email: 'asha@home.example' } }, null)
    const signedIn = personalView({ role: 'User', permissions: [], email: 'asha@example.com' }, roles, values)
    expect(signedIn.roles.map((role) => role._id)).toEqual(['viewer', 'editor'])
    expect(signedIn).toMatchObject({ user: { email: 'asha@example.com' }, differentEmail: true })
    expect(personalView(null, roles, values)).toMatchObject({ user: null, differentEmail: false })
  })
})

describe('Complete Your Profile: the error summary', () => {
  // As the form sends it: every section, the currency chosen.
  const submit = (entries: [string, string][]) => {
    const result = parseWithSchema(form([['financial.currency', 'INR'], ...entries]), { schema: profileFormSchema }).reply()
    return result.error ?? {}
  }

  test('lists each field in error in the form’s order, naming the field, with the required-fields sentence apart', () => {
    const errors = submit([
      ['personal.name', 'Asha Rao'],
      ['personal.phone', '+91 98765 43210'],
      ['professional.previousExperience', '2'],
    ])
    expect(errors['']).toEqual(['Please fill the required fields: Date of Birth, Qualification, Role, Previous Organisation Salary'])
    expect(summaryOf(errors)).toEqual([
      { name: 'personal.dob', text: 'Date of Birth is required' },
      { name: 'personal.qualification', text: 'Qualification is required' },
      { name: 'roleId', text: 'Role is required' },
      { name: 'financial.previousOrgSalary', text: 'Previous Organisation Salary is required' },
    ])
    expect(summaryOf(submit([['personal.phone', 'call me']]))).toEqual([{ name: 'personal.phone', text: 'Phone Number: Enter a valid phone number' }])
  })

  test('opens the sections that hold an error, the role counting as professional', () => {
    expect(sectionsWithErrors(summaryOf({ roleId: ['Role is required'] }))).toEqual(new Set(['professional']))
    expect(sectionsWithErrors(summaryOf({ 'financial.previousOrgSalary': ['Enter an amount'], 'personal.dob': ['Enter a valid date'] }))).toEqual(
      new Set(['personal', 'financial']),
    )
    expect(summaryOf({ '': ['Too many changes'] })).toEqual([])
    expect(sectionOf('useDifferentEmail')).toBeNull()
  })
})
