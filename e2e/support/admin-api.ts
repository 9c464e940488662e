import { expect } from '@playwright/test'
import { E2E_ADMIN } from '../../playwright.config'
import { apiSession } from './api'
import { createVerifiedUser } from './users'

export type { ApiCall, Credentials } from './api'

export type AdminSession = Awaited<ReturnType<typeof adminSession>>

/**
 * Setup through the API as the administrator (the tests' subject is the screen, not the setup):
 * a session of its own, so it never touches the browser context under test.
 */
export async function adminSession() {
  const { call, user } = await apiSession(E2E_ADMIN)

  type Profile = { status: string; roleId: { _id: string } | null; personal: Record<string, unknown>; professional: Record<string, unknown>; financial: Record<string, unknown> }

  const admin = {
    call,
    /** The administrator's own account. */
    user,
    /** The id of the account with this email. */
    async userIdOf(email: string) {
      const { users } = await call<{ users: { _id: string; email: string }[] }>(`/users?${new URLSearchParams({ q: email, limit: '10' })}`)
      const user = users.find((candidate) => candidate.email === email)
      expect(user, `user ${email}`).toBeTruthy()
      return user!._id
    },
    async roleIdOf(name: string) {
      const { roles } = await call<{ roles: { _id: string; name: string }[] }>('/roles')
      return roles.find((role) => role.name === name)!._id
    },
    /** PUT /form/profile/{id} with the stored profile and these sections' fields changed. */
    async updateProfile(
      userId: string,
      change: { personal?: Record<string, unknown>; professional?: Record<string, unknown>; roleId?: string | null; status?: string },
    ) {
      const current = await call<Profile>(`/form/profile/${userId}`)
      await call(`/form/profile/${userId}`, {
        method: 'PUT',
        body: {
          personal: { ...current.personal, ...change.personal },
          professional: { ...current.professional, ...change.professional },
          financial: current.financial,
          roleId: change.roleId === undefined ? (current.roleId?._id ?? null) : change.roleId,
          status: change.status ?? current.status,
        },
      })
    },
    /** A new verified account whose role the administrator set (which grants the role's permissions), with these personal details changed. */
    async accountHolding(roleId: string, personal?: Record<string, unknown>) {
      const account = await createVerifiedUser()
      const id = await admin.userIdOf(account.email)
      await admin.updateProfile(id, { personal, roleId })
      return { ...account, id }
    },
  }
  return admin
}

/** A template cluster item as POST /api/resource-planning-templates takes it, with its interchanges. */
export const templateItem = (clusterId: string, plannedPeople: number, ...interchanges: { people: number; entityId: string; clusterId: string }[]) => ({
  clusterId: [clusterId],
  plannedPeople,
  isInterchange: interchanges.length > 0,
  interchanges: interchanges.map((row) => ({ interchangePeople: row.people, interchangeFrom: { entityId: row.entityId, clusterId: row.clusterId } })),
})
