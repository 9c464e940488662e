import * as z from 'zod/mini'
import { ACCOUNT_STATUSES, BLOOD_GROUPS, CURRENCIES, DEFAULT_CURRENCY, MARITAL_STATUSES } from './constants'
import { WITHIN_YEARS, WITHIN_YEARS_MESSAGE } from './dates'
import { isSystemName, SYSTEM_ACTOR_LABEL } from './audit'
import { isReadable, startsLikeFormula, tidyName } from './text'
import { storable } from './text-checks'
import { profileLabels, type ProfileField } from './profile-labels'

export { profileLabels, type ProfileField }

/** Fields required at the form level, in the order the spec's message lists them. */
export const requiredProfileFields = [
  'personal.name',
  'personal.dob',
  'personal.phone',
  'personal.qualification',
  'roleId',
  'professional.previousExperience',
  'financial.previousOrgSalary',
] as const satisfies readonly ProfileField[]

export const REQUIRED_FIELDS_PREFIX = 'Please fill the required fields: '
export const requiredFieldsMessage = (missing: readonly ProfileField[]) =>
  REQUIRED_FIELDS_PREFIX + missing.map((field) => profileLabels[field]).join(', ')

// Forms send '' for an empty field and JSON callers send null: both mean "not given", and so
// does a field of spaces only (else a blank name would pass the required-fields check).
const blankToNull = (value: unknown): unknown => ((typeof value === 'string' && value.trim() === '') || value === undefined ? null : value)
const optionalOf = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blankToNull), z.nullable(schema))
const text = (max = 200) => optionalOf(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`), storable))
/**
 * A person's name follows every name's rules (domain/text.ts): kept without invisible characters at
 * its ends, one line, no control characters or bidirectional overrides. It reaches spreadsheets (the
 * users' and the audit log's exports), so it may not open like a formula; and a person's own name
 * (`own`), which the audit log shows for their changes, may not be the system's.
 */
const personName = (label: string, { own = false } = {}) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? tidyName(value) : value)),
    optionalOf(
      z.string().check(
        z.maxLength(120, 'At most 120 characters'),
        storable,
        z.refine<string>(isReadable, `${label} cannot contain control characters`),
        z.refine<string>((value) => !startsLikeFormula(value), `${label} cannot start with =, +, - or @`),
        ...(own ? [z.refine<string>((value) => !isSystemName(value), `${label} cannot be “${SYSTEM_ACTOR_LABEL}”: the audit log calls the portal's own changes so`)] : []),
      ),
    ),
  )
// Every date in the product lies between 1900 and 2100: a birth in 0990 is a typing mistake.
const isoDate = optionalOf(z.iso.date('Enter a valid date').check(z.regex(WITHIN_YEARS, WITHIN_YEARS_MESSAGE)))
const years = optionalOf(
  z.coerce.number({ error: 'Enter a number of years' }).check(z.minimum(0, 'Must be at least 0'), z.maximum(80, 'Must be at most 80')),
)
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => optionalOf(z.enum(values))

export const personalSchema = z.strictObject({
  name: personName(profileLabels['personal.name'], { own: true }),
  dob: isoDate,
  phone: optionalOf(z.string().check(z.trim(), z.regex(/^\+?[\d\s()-]{6,20}$/, 'Enter a valid phone number'))),
  email: optionalOf(z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email('Enter a valid email address'))),
  qualification: text(),
  maritalStatus: oneOf(MARITAL_STATUSES),
  bloodGroup: oneOf(BLOOD_GROUPS),
  fatherName: personName(profileLabels['personal.fatherName']),
  fatherOccupation: text(),
  motherName: personName(profileLabels['personal.motherName']),
  motherOccupation: text(),
  siblings: text(1000),
})

/**
 * What of the personal section is the person's and the administrators' only (DESIGN §4):
 * the date of birth and the family details. The financial section is too, whole. Contact details
 * and blood group (safety on site) stay visible to `view`.
 */
export const PRIVATE_PERSONAL_FIELDS = ['dob', 'maritalStatus', 'fatherName', 'fatherOccupation', 'motherName', 'motherOccupation', 'siblings'] as const
export type PrivatePersonalField = (typeof PRIVATE_PERSONAL_FIELDS)[number]

export const professionalSchema = z.strictObject({
  employId: text(60),
  designation: text(),
  role: text(120),
  workLocation: text(),
  asblExperience: years,
  previousExperience: years,
  totalExperience: years,
  reportingManager: personName(profileLabels['professional.reportingManager']),
  dateOfJoining: isoDate,
  dateOfLeaving: isoDate,
  previousEmployer: text(),
  previousDesignation: text(),
})

export const financialSchema = z.strictObject({
  previousOrgSalary: optionalOf(
    z.coerce
      .number({ error: 'Enter an amount' })
      .check(z.multipleOf(1, 'Use whole numbers'), z.minimum(0, 'Must be at least 0'), z.maximum(1e12, 'Must be at most 1000000000000')),
  ),
  currency: z.pipe(
    z.transform((value: unknown) => blankToNull(value) ?? DEFAULT_CURRENCY),
    z.enum(CURRENCIES),
  ),
})

// Lower-cased: ids compare canonically (domain/ids.ts).
const uuid = z.uuid('Choose a role from the list').check(z.toLowerCase())

const sections = {
  personal: personalSchema,
  professional: professionalSchema,
  financial: financialSchema,
  roleId: optionalOf(uuid),
}

type Sections = z.infer<z.ZodMiniObject<typeof sections>>

const fieldValue = (data: Sections, field: ProfileField) => {
  if (field === 'roleId') return data.roleId
  const [section, key] = field.split('.') as ['personal' | 'professional' | 'financial', string]
  return (data[section] as Record<string, unknown>)[key]
}

/** The "further submit check": every required field missing is named in one message. */
const requireFields = z.superRefine((data: Sections, ctx) => {
  const missing = requiredProfileFields.filter((field) => fieldValue(data, field) == null)
  if (missing.length === 0) return
  ctx.addIssue({ code: 'custom', path: [], message: requiredFieldsMessage(missing) })
  for (const field of missing) {
    ctx.addIssue({ code: 'custom', path: field.split('.'), message: `${profileLabels[field]} is required` })
  }
})

/** POST /form/submit: what the API accepts and the form sends. */
export const profileSubmissionSchema = z.strictObject(sections).check(requireFields)
export type ProfileSubmission = z.infer<typeof profileSubmissionSchema>

/** A draft keeps what was typed, as typed (even half-finished): raw strings under known keys. */
const rawSection = (shape: Record<string, unknown>) =>
  z.optional(z.partialRecord(z.enum(Object.keys(shape) as [string, ...string[]]), z.string().check(z.maxLength(2000), storable)))
export const profileDraftSchema = z.strictObject({
  personal: rawSection(personalSchema.shape),
  professional: rawSection(professionalSchema.shape),
  financial: rawSection(financialSchema.shape),
  selectedRoleId: z.optional(z.string().check(z.maxLength(64), storable)),
})
export type ProfileDraft = z.infer<typeof profileDraftSchema>

/** The web form adds the checkbox that unlocks a personal email different from the login one. */
export const profileFormSchema = z
  .object({ ...sections, useDifferentEmail: z.pipe(z.transform((value: unknown) => value === 'on' || value === true), z.boolean()) })
  .check(requireFields)

/**
 * PUT /form/profile/{id}: the profile as GET answered it, edited. The role may come back as the
 * object GET gave ({_id, name}) or as an id; status is optional (only administrators change it).
 */
export const profileUpdateSchema = z.strictObject({
  personal: personalSchema,
  professional: professionalSchema,
  /** Left out by a caller who may not see it (DESIGN §4): the stored details are kept. */
  financial: z.optional(financialSchema),
  roleId: z.pipe(
    z.transform((value: unknown) => (value && typeof value === 'object' && '_id' in value ? (value as { _id: unknown })._id : blankToNull(value))),
    z.nullable(uuid),
  ),
  status: z.optional(z.enum(ACCOUNT_STATUSES)),
})
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>
