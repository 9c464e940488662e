import { describe, expect, test } from 'vitest'
import {
  financialSchema,
  personalSchema,
  professionalSchema,
  profileDraftSchema,
  profileFormSchema,
  profileSubmissionSchema,
  profileUpdateSchema,
  requiredFieldsMessage,
} from '#domain/profile'
import { firstCode, firstMessage, problems } from '../support/schema'

const ROLE_ID = '3f0e8a52-8a0e-4c47-9d1e-1b7d0c7f6a11'

/** A submission as the form sends it: strings, '' for what was left empty. */
function submission(over: { personal?: object; professional?: object; financial?: object; roleId?: unknown } = {}) {
  return {
    personal: { name: 'Ana Rao', dob: '1990-04-12', phone: '+91 98765 43210', email: '', qualification: 'B.Tech', ...over.personal },
    professional: { role: 'Developer', previousExperience: '2.5', ...over.professional },
    financial: { previousOrgSalary: '600000', currency: '', ...over.financial },
    roleId: 'roleId' in over ? over.roleId : ROLE_ID,
  }
}

describe('required fields', () => {
  test("missing fields are reported as 'Please fill the required fields: ' and their labels, in the form's order", () => {
    const input = submission({
      personal: { dob: '', phone: '', qualification: '' },
      professional: { previousExperience: '' },
      financial: { previousOrgSalary: '' },
      roleId: '',
    })
    expect(firstMessage(profileSubmissionSchema, input)).toBe(
      'Please fill the required fields: Date of Birth, Phone Number, Qualification, Role, Previous Experience, Previous Organisation Salary',
    )
  })

  test('only the missing ones are listed', () => {
    expect(firstMessage(profileSubmissionSchema, submission({ personal: { qualification: '' }, roleId: null }))).toBe(
      'Please fill the required fields: Qualification, Role',
    )
    expect(firstMessage(profileSubmissionSchema, submission({ financial: { previousOrgSalary: '' } }))).toBe(
      'Please fill the required fields: Previous Organisation Salary',
    )
  })

  test('a missing Full Name is refused too, listed first', () => {
    expect(firstMessage(profileSubmissionSchema, submission({ personal: { name: '  ', dob: '' } }))).toBe(
      'Please fill the required fields: Full Name, Date of Birth',
    )
  })

  test('each missing field also gets its own message beside it', () => {
    const found = problems(profileSubmissionSchema, submission({ personal: { phone: '' }, roleId: '' }))
    expect(found).toEqual([
      { path: '', message: 'Please fill the required fields: Phone Number, Role' },
      { path: 'personal.phone', message: 'Phone Number is required' },
      { path: 'roleId', message: 'Role is required' },
    ])
  })

  test('a field of spaces only counts as missing', () => {
    expect(firstMessage(profileSubmissionSchema, submission({ personal: { qualification: '   ' }, professional: { previousExperience: ' ' } }))).toBe(
      'Please fill the required fields: Qualification, Previous Experience',
    )
  })

  test('absent keys count as missing, like empty ones', () => {
    const input = { personal: {}, professional: {}, financial: {} }
    expect(firstMessage(profileSubmissionSchema, input)).toBe(
      'Please fill the required fields: Full Name, Date of Birth, Phone Number, Qualification, Role, Previous Experience, Previous Organisation Salary',
    )
  })

  test('zero experience and zero salary are values, not missing', () => {
    const data = profileSubmissionSchema.parse(submission({ professional: { previousExperience: '0' }, financial: { previousOrgSalary: 0 } }))
    expect(data.professional.previousExperience).toBe(0)
    expect(data.financial.previousOrgSalary).toBe(0)
  })

  test('requiredFieldsMessage names the labels in the order given', () => {
    expect(requiredFieldsMessage(['personal.dob', 'roleId'])).toBe('Please fill the required fields: Date of Birth, Role')
  })

  test('a complete submission is accepted', () => {
    const data = profileSubmissionSchema.parse(submission())
    expect(data).toMatchObject({
      personal: { name: 'Ana Rao', dob: '1990-04-12', phone: '+91 98765 43210', email: null, qualification: 'B.Tech' },
      professional: { role: 'Developer', previousExperience: 2.5 },
      financial: { previousOrgSalary: 600000, currency: 'INR' },
      roleId: ROLE_ID,
    })
  })
})

describe('on submit', () => {
  test('the email is trimmed', () => {
    expect(personalSchema.parse({ email: '  ana.rao@example.com ' }).email).toBe('ana.rao@example.com')
  })

  test('an invalid personal email is refused', () => {
    expect(firstMessage(personalSchema, { email: 'ana' })).toBe('Enter a valid email address')
  })

  test('empty dob becomes null', () => {
    expect(personalSchema.parse({ dob: '' }).dob).toBeNull()
  })

  test('a dob that is not a date is refused', () => {
    expect(firstMessage(personalSchema, { dob: '12/04/1990' })).toBe('Enter a valid date')
  })

  test('empty salary becomes null', () => {
    expect(financialSchema.parse({ previousOrgSalary: '' }).previousOrgSalary).toBeNull()
    expect(financialSchema.parse({ previousOrgSalary: null }).previousOrgSalary).toBeNull()
  })

  test('currency defaults to INR', () => {
    expect(financialSchema.parse({ previousOrgSalary: '1' }).currency).toBe('INR')
    expect(financialSchema.parse({ previousOrgSalary: '1', currency: '' }).currency).toBe('INR')
    expect(financialSchema.parse({ previousOrgSalary: '1', currency: null }).currency).toBe('INR')
  })

  test('empty optional text fields become null and the rest are trimmed', () => {
    const data = personalSchema.parse({ name: '  Ana Rao ', fatherName: '', motherName: '   ', siblings: undefined })
    expect(data).toMatchObject({ name: 'Ana Rao', fatherName: null, motherName: null, siblings: null })
  })
})

describe('text the database can hold', () => {
  test.each([
    ['a NUL character', 'Ana\u0000Rao'],
    ['an unpaired high surrogate', 'Ana\ud800Rao'],
    ['an unpaired low surrogate', 'Ana\udc00Rao'],
  ])('a field with %s is refused', (_, value) => {
    expect(firstMessage(personalSchema, { name: value })).toBe('Contains characters that cannot be saved')
    expect(firstMessage(professionalSchema, { designation: value })).toBe('Contains characters that cannot be saved')
    expect(profileDraftSchema.safeParse({ personal: { name: value } }).success).toBe(false)
  })

  test('letters of any script and emoji are kept', () => {
    expect(personalSchema.parse({ name: 'Ána Rāo 😀 అనా' }).name).toBe('Ána Rāo 😀 అనా')
    expect(profileDraftSchema.parse({ personal: { name: '😀' } })).toEqual({ personal: { name: '😀' } })
  })
})

describe('experience', () => {
  test.each([
    ['0', 0],
    ['0.1', 0.1],
    ['1.7', 1.7],
    [12.3, 12.3],
  ])('accepts %s (minimum 0, steps of 0.1)', (value, expected) => {
    expect(professionalSchema.parse({ previousExperience: value }).previousExperience).toBe(expected)
  })

  test('a negative number of years is refused', () => {
    expect(firstMessage(professionalSchema, { previousExperience: '-0.1' })).toBe('Must be at least 0')
    expect(firstMessage(professionalSchema, { totalExperience: -1 })).toBe('Must be at least 0')
  })

  test('text that is not a number is refused', () => {
    expect(firstMessage(professionalSchema, { previousExperience: 'two' })).toBe('Enter a number of years')
  })
})

describe('salary', () => {
  test('a whole number from 0 is accepted', () => {
    expect(financialSchema.parse({ previousOrgSalary: '0' }).previousOrgSalary).toBe(0)
    expect(financialSchema.parse({ previousOrgSalary: '1250000' }).previousOrgSalary).toBe(1250000)
  })

  test('a fraction is refused (step 1)', () => {
    expect(firstMessage(financialSchema, { previousOrgSalary: '1000.5' })).toBe('Use whole numbers')
  })

  test('a negative amount is refused (minimum 0)', () => {
    expect(firstMessage(financialSchema, { previousOrgSalary: '-1' })).toBe('Must be at least 0')
  })

  test('text that is not a number is refused', () => {
    expect(firstMessage(financialSchema, { previousOrgSalary: 'lots' })).toBe('Enter an amount')
  })
})

describe('fixed option lists', () => {
  test.each(['Single', 'Married', 'Divorced', 'Widowed'])('marital status %s is accepted', (value) => {
    expect(personalSchema.parse({ maritalStatus: value }).maritalStatus).toBe(value)
  })
  test.each(['single', 'Engaged'])('marital status %s is refused', (value) => {
    expect(personalSchema.safeParse({ maritalStatus: value }).success).toBe(false)
  })

  test.each(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'])('blood group %s is accepted', (value) => {
    expect(personalSchema.parse({ bloodGroup: value }).bloodGroup).toBe(value)
  })
  test.each(['C+', 'AB', 'o+'])('blood group %s is refused', (value) => {
    expect(personalSchema.safeParse({ bloodGroup: value }).success).toBe(false)
  })

  test.each(['INR', 'USD', 'EUR', 'GBP'])('currency %s is accepted', (value) => {
    expect(financialSchema.parse({ currency: value }).currency).toBe(value)
  })
  test.each(['JPY', 'inr'])('currency %s is refused', (value) => {
    expect(financialSchema.safeParse({ currency: value }).success).toBe(false)
  })

  test('an empty marital status or blood group means not given', () => {
    expect(personalSchema.parse({ maritalStatus: '', bloodGroup: '' })).toMatchObject({ maritalStatus: null, bloodGroup: null })
  })
})

describe('role', () => {
  test('the role id must be an id from the list', () => {
    expect(firstMessage(profileSubmissionSchema, submission({ roleId: 'Admin' }))).toBe('Choose a role from the list')
  })

  test('the update payload takes the role back as the {_id, name} object GET gave', () => {
    const data = profileUpdateSchema.parse({ ...submission(), roleId: { _id: ROLE_ID, name: 'Developer' } })
    expect(data.roleId).toBe(ROLE_ID)
  })

  test('the role id is lower-cased, as ids compare canonically (domain/ids.ts)', () => {
    expect(profileSubmissionSchema.parse(submission({ roleId: ROLE_ID.toUpperCase() })).roleId).toBe(ROLE_ID)
    expect(profileUpdateSchema.parse({ ...submission(), roleId: { _id: ROLE_ID.toUpperCase(), name: 'Developer' } }).roleId).toBe(ROLE_ID)
  })

  test('the update payload accepts only Active or Inactive as status', () => {
    expect(profileUpdateSchema.parse({ ...submission(), status: 'Inactive' }).status).toBe('Inactive')
    expect(profileUpdateSchema.safeParse({ ...submission(), status: 'Admin' }).success).toBe(false)
  })
})

describe('API payloads are strict', () => {
  test.each([
    ['at the top level', { ...submission(), isAdmin: true }],
    ['at the top level (permissions)', { ...submission(), permissions: ['view'] }],
    ['in personal', submission({ personal: { role: 'Admin' } })],
    ['in professional', submission({ professional: { status: 'Active' } })],
    ['in financial', submission({ financial: { bonus: '1' } })],
  ])('an unknown key %s is refused', (_, input) => {
    expect(firstCode(profileSubmissionSchema, input)).toBe('unrecognized_keys')
  })

  test('the update payload refuses unknown keys too', () => {
    expect(profileUpdateSchema.safeParse({ ...submission(), role: 'Admin' }).success).toBe(false)
  })

  test("selectedRoleId is the form's own field, not the API's", () => {
    expect(profileSubmissionSchema.safeParse({ ...submission(), selectedRoleId: ROLE_ID }).success).toBe(false)
  })
})

describe('the web form', () => {
  test('the checkbox "Use a different personal email" reads as a boolean', () => {
    expect(profileFormSchema.parse({ ...submission(), useDifferentEmail: 'on' }).useDifferentEmail).toBe(true)
    expect(profileFormSchema.parse(submission()).useDifferentEmail).toBe(false)
  })

  test('the form applies the same required-fields check', () => {
    expect(firstMessage(profileFormSchema, submission({ personal: { dob: '' } }))).toBe('Please fill the required fields: Date of Birth')
  })
})

describe('draft', () => {
  test('keeps what was typed, as typed, even half-finished', () => {
    const draft = {
      personal: { name: 'Ana', dob: '1990-0', phone: '98' },
      professional: { previousExperience: 'abc' },
      financial: { previousOrgSalary: '-5', currency: 'INR' },
      selectedRoleId: ROLE_ID,
    }
    expect(profileDraftSchema.parse(draft)).toEqual(draft)
  })

  test('every part is optional', () => {
    expect(profileDraftSchema.parse({})).toEqual({})
  })

  test.each([
    ['an unknown section', { extra: {} }],
    ['an unknown field in a section', { personal: { isAdmin: 'true' } }],
    ['a field of another section', { financial: { name: 'Ana' } }],
    ['a value that is not text', { personal: { name: 5 } }],
    ['a value over 2000 characters', { personal: { siblings: 'x'.repeat(2001) } }],
    ['a selected role id over 64 characters', { selectedRoleId: 'x'.repeat(65) }],
  ])('refuses %s', (_, input) => {
    expect(profileDraftSchema.safeParse(input).success).toBe(false)
  })
})

describe('profile dates lie between 1900 and 2100 (issue 28)', () => {
  test.each(['0990-04-12', '1899-12-31', '2101-01-01', '9999-12-31'])('a date of birth of %s is refused with the range', (dob) => {
    expect(firstMessage(profileSubmissionSchema, submission({ personal: { dob } }))).toBe('Enter a date between 1900 and 2100')
  })

  test('the first and the last day of the range are dates like any other', () => {
    for (const dob of ['1900-01-01', '2100-12-31']) expect(profileSubmissionSchema.safeParse(submission({ personal: { dob } })).success).toBe(true)
  })
})
