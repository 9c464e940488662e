import { expect } from '@playwright/test'
import { E2E_ADMIN, E2E_API_URL } from '../../playwright.config'

const API = E2E_API_URL

/** A JSON call to the API in one session: any answer but a success fails the test with its body. */
export type ApiCall = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>

/** Signs in through the API as the administrator and answers a caller in that session. */
export async function adminApi(): Promise<ApiCall> {
  const response = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  })
  expect(response.ok, await response.clone().text()).toBe(true)
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await fetch(`${API}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    expect(answer.ok, `${init.method ?? 'GET'} ${path}: ${await answer.clone().text()}`).toBe(true)
    return answer.json() as Promise<T>
  }
}

/**
 * Setup through the API as the administrator (the tests' subject is the screen, not the setup):
 * a session of its own, so it never touches the browser context under test.
 */
export async function adminSession() {
  const call = await adminApi()

  type Profile = { status: string; roleId: { _id: string } | null; personal: Record<string, unknown>; professional: Record<string, unknown>; financial: Record<string, unknown> }

  return {
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
  }
}

/** A template cluster item as POST /api/resource-planning-templates takes it, with its interchanges. */
export const templateItem = (clusterId: string, plannedPeople: number, ...interchanges: { people: number; entityId: string; clusterId: string }[]) => ({
  clusterId: [clusterId],
  plannedPeople,
  isInterchange: interchanges.length > 0,
  interchanges: interchanges.map((row) => ({ interchangePeople: row.people, interchangeFrom: { entityId: row.entityId, clusterId: row.clusterId } })),
})
