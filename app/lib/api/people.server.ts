import type { ProfileDraft, ProfileSubmission } from '#domain/profile'
import type { Acknowledged, StoredProfile } from '#domain/contracts/profiles'
import type { Role, RoleHistoryPage, RoleWithUsers } from '#domain/contracts/roles'
import type { ListedUser } from '#domain/contracts/users'
import type { RoleCreate } from '#domain/roles'
import { api, queryString, type Caller } from './http.server'
import { pageOf } from '#domain/pages'

/** The people calls: users, roles, their history, and the profile form with its draft. */

export const listUsers = (caller: Caller, query: URLSearchParams) => api<{ users: ListedUser[]; total: number }>(caller, `/users?${query}`)
export const getUser = (caller: Caller, id: string) => api<ListedUser>(caller, `/users/${encodeURIComponent(id)}`)

export const listRoles = (caller: Caller) => api<{ roles: Role[] }>(caller, '/roles')
export const listRolesWithUsers = (caller: Caller) => api<{ roles: RoleWithUsers[] }>(caller, '/roles/with-users')
export const createRole = (caller: Caller, body: RoleCreate) => api<Role>(caller, '/roles', { method: 'POST', body })
/** One page of the role history (1 being the first). */
export const listRoleHistories = (caller: Caller, page: number) => api<RoleHistoryPage>(caller, `/api/role-histories${queryString(pageOf(page))}`)

const profilePath = (userId: string) => `/form/profile/${encodeURIComponent(userId)}`
export const getProfile = (caller: Caller, userId: string) => api<StoredProfile>(caller, profilePath(userId))
export const saveProfile = (caller: Caller, userId: string, body: unknown) => api<StoredProfile>(caller, profilePath(userId), { method: 'PUT', body })
export const submitProfile = (caller: Caller, body: ProfileSubmission) => api<Acknowledged>(caller, '/form/submit', { method: 'POST', body })
export const getDraft = (caller: Caller) => api<{ draft: ProfileDraft | null }>(caller, '/form/draft')
export const saveDraft = (caller: Caller, body: ProfileDraft) => api<Acknowledged>(caller, '/form/draft', { method: 'PUT', body })
