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

interface Ref {
  _id: string
  name: string
}

/**
 * A plan of a test's own, made through the API, for the screens of people over time: a category
 * with one entity type, its clusters Dig and Pour on the dates given, a role planned on both (Dig 3
 * people, Pour 2), and `project`, which adds a project with one instance of it.
 */
export async function digAndPourPlan(admin: AdminSession, unique: (prefix: string) => string, dates: { dig: [string, string]; pour: [string, string] }) {
  const { call } = admin
  const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body })
  const setDates = (target: Ref, startDate: string, endDate: string) => call(`/api/clusters/${target._id}`, { method: 'PUT', body: { startDate, endDate } })
  const category = await post<Ref>('/api/categories', { name: unique('Category') })
  const entity = await post<Ref>('/api/entities', { name: unique('Works'), categoryId: category._id })
  const cluster = async (prefix: string, [startDate, endDate]: [string, string]) => {
    const created = await post<Ref>('/api/clusters', { category: category._id, entityType: entity._id, name: unique(prefix), description: null })
    await setDates(created, startDate, endDate)
    return created
  }
  const dig = await cluster('Dig', dates.dig)
  const pour = await cluster('Pour', dates.pour)
  const role = await post<Ref>('/roles', { name: unique('Rigger'), permissions: ['view'] })
  const planning = await post<{ _id: string }>('/api/planning', {
    categoryId: category._id,
    entityId: entity._id,
    typeName: unique('Type'),
    roleClusters: [{ roleId: role._id, clusters: [dig._id, pour._id] }],
  })
  await post('/api/resource-planning-templates', {
    categoryId: category._id,
    entityId: entity._id,
    planningId: planning._id,
    roleClusters: [{ roleId: role._id, clusters: [templateItem(dig._id, 3), templateItem(pour._id, 2)] }],
  })
  const project = async (prefix: string, instance: string) => {
    const created = await post<Ref>('/api/projects', { name: unique(prefix) })
    const card = await post<{ names: { projectEntityId: string }[] }>('/api/project-resource-instances', {
      projectId: created._id,
      categoryId: category._id,
      entityId: entity._id,
      typeId: planning._id,
      number: 1,
      names: [instance],
    })
    return { ...created, instance: card.names[0]!.projectEntityId }
  }
  return { call, dig, pour, role, project, setDates, categoryId: category._id, entityId: entity._id, planningId: planning._id }
}
