import type { Permission } from '#domain/constants'
import type { Ref } from '#domain/contracts/common'
import type { StoredProfile } from '#domain/contracts/profiles'
import type { ListedUser } from '#domain/contracts/users'
import type { ProfileDraft } from '#domain/profile'
import { profileLabels, type ProfileField } from '#domain/profile-labels'

/**
 * The two profile forms: a user's profile (/users/{id}/profile, viewed and edited) and one's own
 * Complete Your Profile (/personal-details): what their pages need. The schemas that read them,
 * and what the loaders build, are in ./form.server.ts, so the browser gets neither zod nor the
 * domain's profile schemas. Pure, tested without a browser (tests/unit/profile-form.test.ts).
 */

// ---- /users/{id}/profile ----

export const USER_NOT_FOUND = 'User not found'
export const LOAD_FAILED = 'Failed to load user profile'
const SAVE_FAILED = 'Failed to update profile'

export { editPath, isEditing, profilePath } from './paths'

/** 'Failed to update profile', with the server's reason when it gave one. */
export const saveFailed = (reason: string) => (reason ? `${SAVE_FAILED}: ${reason}` : SAVE_FAILED)

/** Anyone may open and edit their own profile; someone else's needs `view`, and editing it `edit` too. */
export const neededToOpen = (editing: boolean): Permission[] => (editing ? ['view', 'edit'] : ['view'])

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

export const SECTIONS = ['personal', 'professional', 'financial'] as const
export type Section = (typeof SECTIONS)[number]
export type PersonalValues = Required<Pick<ProfileDraft, 'personal' | 'professional' | 'financial'>> & { roleId: string }

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
