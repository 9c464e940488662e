import * as z from 'zod/mini'
import { ACCOUNT_STATUSES } from '../constants'
import { financialSchema, personalSchema, professionalSchema, profileDraftSchema } from '../profile'
import { refAnswer } from './catalog'

/**
 * The answers of the profile form's calls (./accounts.ts says what these schemas are for). A
 * section names only its known fields, each text, a number or null; one a caller may not see is
 * left out (DESIGN §4), so each is optional.
 */
const storedSection = (shape: Record<string, unknown>) =>
  z.strictObject(Object.fromEntries(Object.keys(shape).map((field) => [field, z.optional(z.nullable(z.union([z.string(), z.number()])))])))

export const storedProfileAnswer = z.strictObject({
  status: z.enum(ACCOUNT_STATUSES),
  roleId: z.nullable(refAnswer),
  personal: storedSection(personalSchema.shape),
  professional: storedSection(professionalSchema.shape),
  financial: z.optional(storedSection(financialSchema.shape)),
})

/** GET /form/draft: what was typed, as it was kept, or null. */
export const draftAnswer = z.strictObject({ draft: z.nullable(profileDraftSchema) })
