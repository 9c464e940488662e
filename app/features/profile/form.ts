import * as z from 'zod/mini'
import { offeredRoles, isSelf, ownerOr, seesPrivate, type Holder, type HolderWithId } from '#domain/access'
import { DEFAULT_ACCOUNT_ROLE, DEFAULT_CURRENCY, type Permission } from '#domain/constants'
import type { Ref } from '#domain/contracts/common'
import type { StoredProfile } from '#domain/contracts/profiles'
import type { Role } from '#domain/contracts/roles'
import type { ListedUser } from '#domain/contracts/users'
import { parseWithSchema, recordOf } from '#app/lib/validation'
import { personalSchema, professionalSchema, profileLabels, profileUpdateSchema, type ProfileDraft, type ProfileField, type ProfileUpdate } from '#domain/profile'

/**
 * The two profile forms: a user's profile (/users/{id}/profile, viewed and edited) and one's own
 * Complete Your Profile (/personal-details). Pure, so the browser validates with the same schema
 * and the decoding is tested without one (tests/unit/profile-form.test.ts).
 */

// ---- /users/{id}/profile ----

/**
 * What the edit form changes. The rest of the profile (financial details, experience split) is
 * kept as stored: the action lays the form over the profile read just before the PUT.
 */
export const profileEditSchema = z.object({
  personal: personalSchema,
  professional: z.pick(professionalSchema, {
    employId: true,
    designation: true,
    workLocation: true,
    totalExperience: true,
    reportingManager: true,
    dateOfJoining: true,
    dateOfLeaving: true,
    previousEmployer: true,
    previousDesignation: true,
  }),
  roleId: profileUpdateSchema.shape.roleId,
  status: profileUpdateSchema.shape.status,
})
export type ProfileEdit = z.output<typeof profileEditSchema>

export const USER_NOT_FOUND = 'User not found'
export const LOAD_FAILED = 'Failed to load user profile'
const SAVE_FAILED = 'Failed to update profile'

export const profilePath = (userId: string) => `/users/${encodeURIComponent(userId)}/profile`
export const editPath = (userId: string) => `${profilePath(userId)}?edit=1`
export const isEditing = (url: string) => new URL(url).searchParams.get('edit') === '1'

/** 'Failed to update profile', with the server's reason when it gave one. */
export const saveFailed = (reason: string) => (reason ? `${SAVE_FAILED}: ${reason}` : SAVE_FAILED)

/** Anyone may open and edit their own profile; someone else's needs `view`, and editing it `edit` too. */
export const neededToOpen = (editing: boolean): Permission[] => (editing ? ['view', 'edit'] : ['view'])

/** A user whose profile could not be read: shown as one with every field empty (spec/administration-planning.md §8). */
export function emptyProfile(user: Pick<ListedUser, 'fullName' | 'status'>): StoredProfile {
  const blank = <Keys extends string>(shape: Record<Keys, unknown>) => Object.fromEntries(Object.keys(shape).map((key) => [key, null])) as Record<Keys, null>
  return {
    status: user.status,
    roleId: null,
    personal: { ...blank(personalSchema.shape), name: user.fullName },
    professional: blank(professionalSchema.shape),
    financial: { previousOrgSalary: null, currency: DEFAULT_CURRENCY },
  }
}

/** What the profile screen shows of a user, and what the viewer may do there. */
export interface ProfileView {
  own: boolean
  editing: boolean
  canEdit: boolean
  seesPrivate: boolean
  user: Pick<ListedUser, '_id' | 'email' | 'fullName' | 'status'>
  profile: StoredProfile
  /** The roles the edit form offers (none when only viewing). */
  roles: Ref[]
}

interface Loaded {
  me: HolderWithId
  editing: boolean
  account: ListedUser
  /** null when the profile could not be read. */
  stored: StoredProfile | null
  roles: readonly Role[]
}
export function profileView({ me, editing, account, stored, roles }: Loaded): ProfileView {
  const profile = stored ?? emptyProfile(account)
  const own = isSelf(me, account._id)
  return {
    own,
    editing,
    canEdit: ownerOr(me, account._id, 'edit'),
    seesPrivate: seesPrivate(me, account._id),
    user: { _id: account._id, email: account.email, fullName: account.fullName, status: account.status },
    profile,
    roles: offeredRoles(roles, me, { own, currentId: profile.roleId?._id ?? null }).map(({ _id, name }) => ({ _id, name })),
  }
}

/** The PUT's body: the edit laid over the profile as stored. Nobody changes their own account's status (the API refuses it). */
export function updateOf(current: StoredProfile, { personal, professional, roleId, status }: ProfileEdit, own: boolean): ProfileUpdate {
  return {
    personal,
    professional: { ...current.professional, ...professional },
    financial: current.financial,
    roleId,
    ...(own ? {} : { status }),
  }
}

/** Stored values (numbers, nulls) or a draft's strings as the text a form field holds. */
export const asFormValues = (source: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(Object.entries(source ?? {}).map(([key, value]) => [key, value == null ? '' : String(value)]))

// ---- /personal-details ----

export const PERSONAL_DETAILS_PATH = '/personal-details'
/** Where a submit signed out comes back to: the form, with the 'Login required' dialog. */
export const LOGIN_REQUIRED_PATH = `${PERSONAL_DETAILS_PATH}?login=required`
export const PROFILE_SAVED = 'Profile saved'
/** Where a failed submit lands (a fragment, so the page moves there without JavaScript too). */
export const ERROR_SUMMARY_ID = 'error-summary'
/**
 * Where a saved profile goes on to, the confirmation at the top of its content. With a fragment of
 * its own: a redirect without one keeps the post's (#error-summary); `top` is the page's top (HTML).
 */
export const AFTER_SUBMIT_PATH = '/dashboard#top'

const SECTIONS = ['personal', 'professional', 'financial'] as const
export type Section = (typeof SECTIONS)[number]
export type PersonalValues = Required<Pick<ProfileDraft, 'personal' | 'professional' | 'financial'>> & { roleId: string }

/** What the form opens with: the draft kept while signing in, else the stored profile; INR when no currency. */
export function personalValues(draft: ProfileDraft | null, stored: StoredProfile | null): PersonalValues {
  const values: PersonalValues = draft
    ? { personal: draft.personal ?? {}, professional: draft.professional ?? {}, financial: { ...draft.financial }, roleId: draft.selectedRoleId ?? '' }
    : {
        personal: asFormValues(stored?.personal),
        professional: asFormValues(stored?.professional),
        financial: asFormValues(stored?.financial),
        roleId: stored?.roleId?._id ?? '',
      }
  values.financial.currency ||= DEFAULT_CURRENCY
  return values
}

/** What Complete Your Profile shows: the roles one may pick for oneself, and whether the personal email is not the login one. */
export function personalView(user: (Holder & { email: string }) | null, roles: readonly Role[], values: PersonalValues) {
  const me = user ?? { role: DEFAULT_ACCOUNT_ROLE, permissions: [] }
  const personalEmail = values.personal.email
  return {
    user: user ? { email: user.email } : null,
    roles: offeredRoles(roles, me, { own: true, currentId: null }).map(({ _id, name }): Ref => ({ _id, name })),
    values,
    differentEmail: Boolean(user && personalEmail && personalEmail !== user.email),
  }
}

/** What a draft keeps of a name: the last text sent under it (as reading the entries in order kept it), none when no text. */
const lastText = (value: unknown): string | undefined => [value].flat().filter((item): item is string => typeof item === 'string').at(-1)

/** The form as typed, kept while the user signs in: known fields only, each cut to what a draft holds. */
export function draftOf(formData: FormData): ProfileDraft {
  // Made per call, not at load: the browser, which imports this module for the form, never reads a draft.
  const draftSchema = z.transform((payload: unknown): Required<ProfileDraft> => {
    const posted = recordOf(payload)
    const section = (name: Section): Record<string, string> =>
      Object.fromEntries(
        Object.entries(recordOf(posted[name])).flatMap(([key, value]) => {
          const text = lastText(value)
          return text === undefined ? [] : [[key, text.slice(0, 2000)]]
        }),
      )
    return { personal: section('personal'), professional: section('professional'), financial: section('financial'), selectedRoleId: (lastText(posted.roleId) ?? '').slice(0, 64) }
  })
  const submission = parseWithSchema(formData, { schema: draftSchema })
  return submission.status === 'success' ? submission.value : { personal: {}, professional: {}, financial: {}, selectedRoleId: '' }
}

/** The section a field of Complete Your Profile sits in (the role is a professional detail). */
export const sectionOf = (name: string): Section | null => {
  if (name === 'roleId') return 'professional'
  const section = name.split('.')[0]
  return (SECTIONS as readonly string[]).includes(section) ? (section as Section) : null
}

export interface SummaryEntry {
  name: ProfileField
  text: string
}

/**
 * The error summary's lines: one per field with an error, in the form's order, each naming its
 * field ("Phone Number: Enter a valid phone number"; "Full Name is required" names it already).
 * Form-level errors (the required-fields sentence, a refusal) are not fields: the summary's title.
 */
export function summaryOf(errors: Record<string, string[] | null | undefined> | undefined): SummaryEntry[] {
  return (Object.keys(profileLabels) as ProfileField[]).flatMap((name) => {
    const message = errors?.[name]?.find(Boolean)
    if (!message) return []
    const label = profileLabels[name]
    return [{ name, text: message.startsWith(label) ? message : `${label}: ${message}` }]
  })
}

/** The sections holding an error: opened, so every field the summary names can be seen. */
export const sectionsWithErrors = (entries: readonly SummaryEntry[]) => new Set(entries.map((entry) => sectionOf(entry.name)).filter((section) => section !== null))
