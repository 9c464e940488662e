import type { HolderWithId } from '#domain/access'
import type { ProfileSubmission } from '#domain/profile'
import { listOr, okOr, type Caller } from '#app/lib/api/http.server'
import { getDraft, getProfile, getUser, listRoles, saveDraft, saveProfile, submitProfile } from '#app/lib/api/people.server'
import { getLanding } from '#app/lib/session.server'
import { draftOf, personalValues, personalView, profileView, updateOf, type ProfileEdit } from './form.server'

/** The calls of the two profile screens. */

/** A user's profile screen: the account, the profile and (editing) the roles, at once. A profile that cannot be read is shown empty (spec/administration-planning.md §8). */
export async function loadProfile(caller: Caller, userId: string, who: { me: HolderWithId; editing: boolean }) {
  const [account, profile, roles] = await Promise.all([getUser(caller, userId), getProfile(caller, userId), who.editing ? listRoles(caller) : null])
  if (!account.ok) return { ok: false as const, error: account.error }
  return {
    ok: true as const,
    view: profileView({ ...who, account: account.data, stored: okOr(profile, null), roles: listOr(roles, (data) => data.roles) }),
  }
}

/** The edit saved over the profile read just before, so what the form does not hold is kept as stored. */
export async function saveProfileEdit(caller: Caller, userId: string, edit: ProfileEdit, own: boolean) {
  const current = await getProfile(caller, userId)
  if (!current.ok) return current
  return saveProfile(caller, userId, updateOf(current.data, edit, own))
}

/**
 * Complete Your Profile: the session, the roles and the draft kept while signing in at once; the
 * stored profile only when there is no draft. `user` is null for a signed-out visitor.
 */
export async function loadPersonalDetails(caller: Caller) {
  const [landing, roles, draft] = await Promise.all([getLanding(caller), listRoles(caller), getDraft(caller)])
  const saved = (draft.ok && draft.data.draft) || null
  const stored = !saved && landing.user ? await getProfile(caller, landing.user._id) : null
  const values = personalValues(saved, okOr(stored, null))
  return { hasDraft: Boolean(saved), ...personalView(landing.user, listOr(roles, (data) => data.roles), values) }
}

/**
 * Submits the profile. Signed out (a 401), the form as typed is kept as a draft instead, so
 * nothing is lost while the user signs in: `kept` then says so.
 */
export async function submitPersonalDetails(caller: Caller, profile: ProfileSubmission, formData: FormData) {
  const submitted = await submitProfile(caller, profile)
  if (submitted.ok || submitted.error.status !== 401) return { submitted, kept: null }
  const draft = await saveDraft(caller, draftOf(formData))
  return { submitted, kept: draft.ok ? draft : null }
}
