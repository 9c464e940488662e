import * as z from 'zod/mini'
import { offeredRoles, isSelf, ownerOr, seesPrivate, type Holder, type HolderWithId } from '#domain/access'
import { DEFAULT_ACCOUNT_ROLE, DEFAULT_CURRENCY } from '#domain/constants'
import type { Ref } from '#domain/contracts/common'
import type { StoredProfile } from '#domain/contracts/profiles'
import type { Role } from '#domain/contracts/roles'
import type { ListedUser } from '#domain/contracts/users'
import { personalSchema, professionalSchema, profileUpdateSchema, type ProfileDraft, type ProfileUpdate } from '#domain/profile'
import { parseWithSchema, recordOf } from '#app/lib/validation'
import { asFormValues, type PersonalValues, type ProfileView, type Section } from './form'

/** The profile forms' schemas and what their loaders and actions build, on the server only. */

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
