import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { roles } from '#api/db/schema'
import type { Answer, Api, Client } from './api-harness'
import { refusalShape } from './helpers'

/** Answer shapes of the planning calls, as the tests read them. */
export type Ref = { _id: string; name: string }
export type Category = Ref
export type Entity = { _id: string; name: string; categoryId: string }
export type Project = { _id: string; name: string; globalCategory: Ref | null }
export type Cluster = { _id: string; name: string; description: string | null; category: string; entityType: string; startDate: string | null; endDate: string | null }
export type ClusterEntry = string | string[]
export type Planning = {
  _id: string
  categoryId: Ref
  entityId: Ref
  typeName: string
  createdAt: string
  roleClusters: { roleId: Ref; clusters: ClusterEntry[] }[]
}
export type TemplateItem = {
  _id: string
  clusterId: Ref[]
  plannedPeople: number
  isInterchange: boolean
  interchanges: { interchangePeople: number; interchangeFrom: { entityId: Ref; clusterId: Ref } }[]
}
export type Template = {
  _id: string
  categoryId: Ref
  entityId: Ref
  planningId: { _id: string; typeName: string }
  roleClusters: { roleId: Ref; clusters: TemplateItem[] }[]
  createdAt: string
  updatedAt: string
}
export type SaveAnswer = { exists: boolean; template: Template; message: string }

/** Makes something through the API and insists it worked. */
async function made<T>(client: Client, path: string, body: unknown): Promise<T> {
  const answer = await client.post<T>(path, body)
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201)
  return answer.body
}

let serial = 0
/** A name no other test of the run has used. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(serial++).toString(36)}`

export const makeCategory = (client: Client, name = unique('Category')) => made<Category>(client, '/api/categories', { name })
export const makeEntity = (client: Client, categoryId: string, name = unique('Entity')) => made<Entity>(client, '/api/entities', { name, categoryId })
export const makeProject = (client: Client, name = unique('Project'), globalCategory: string | null = null) =>
  made<Project>(client, '/api/projects', { name, globalCategory })
export const makeCluster = (client: Client, entity: Entity, name = unique('Cluster'), description: string | null = `About ${name}`) =>
  made<Cluster>(client, '/api/clusters', { category: entity.categoryId, entityType: entity._id, name, description })
export const makePlanning = (client: Client, entity: Entity, roleClusters: { roleId: string; clusters: string[] }[], typeName = unique('Type')) =>
  made<Planning>(client, '/api/planning', { categoryId: entity.categoryId, entityId: entity._id, typeName, roleClusters })

/** The id of a starter role (Developer, Engineer, PMO, Admin). */
export async function roleId(api: Api, name: string) {
  const [role] = await api.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name))
  if (!role) throw new Error(`no role ${name}`)
  return role.id
}

/** A category with one entity and `count` clusters, ready to plan. */
export async function plannable(client: Client, count = 3) {
  const category = await makeCategory(client)
  const entity = await makeEntity(client, category._id)
  const clusters: Cluster[] = []
  for (let i = 0; i < count; i++) clusters.push(await makeCluster(client, entity))
  return { category, entity, clusters }
}

/** The payload of one template cluster item. */
export const templateItem = (clusterId: string | string[], plannedPeople: unknown = 1, interchanges: unknown[] = []) => ({
  clusterId,
  plannedPeople,
  isInterchange: interchanges.length > 0,
  interchanges,
})

/**
 * expectClientError for the planning calls: the same checks, except that the spec's own messages
 * say "Please select ...", so a SQL leak is recognised by its shape (select ... from), not the word.
 */
export function expectRefusal<T>(answer: Answer<T>, status?: number): asserts answer is Answer<T & { error: string }> {
  if (status !== undefined) expect(answer.status, JSON.stringify(answer.body)).toBe(status)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  expect(answer.status).toBeLessThan(500)
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  expect(answer.body).toEqual(refusalShape(answer.body))
  const error = (answer.body as { error: string }).error
  expect(error.length).toBeGreaterThan(0)
  expect(error).not.toMatch(/\bat .+:\d+:\d+|stack|select .+ from |insert into|update .* set|postgres|pglite|drizzle|violates|constraint/i)
}
