import { expect } from 'vitest'
import { users } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from './api-harness'
import {
  makeCategory,
  makeCluster,
  makeEntity,
  makePlanning,
  roleId,
  templateItem,
  unique,
  type Category,
  type Cluster,
  type Entity,
  type Planning,
  type Project,
  type SaveAnswer,
  type Template,
} from './planning'

/** Answer shapes of the projects calls: the contracts the API satisfies. */
import type { Card, Mapping } from '#domain/contracts/projects'
export type { Card, InstanceName, Mapping, TimelineRow } from '#domain/contracts/projects'
export type Person = { _id: string; fullName: string | null; email: string }
export type ReplaceAnswer = { message: string; requirement: number; mappings: Mapping[] }
export type Override = { clusterId: string; startDate: string | null; endDate: string | null; default: 'created' }

export const MISSING = '00000000-0000-4000-8000-000000000000'
export const INSTANCES = '/api/project-resource-instances'
export const MAPPINGS = '/api/project-entity-user-mappings'
export const REPLACE = '/api/project-entity-user-mappings/replace'
export const OVERRIDES = '/api/timelines/site-overrides'

/** An interchange row of a template item: `people` come from `cluster` of `entity`. */
export const interchange = (people: number, entity: Entity, cluster: Cluster) => ({
  interchangePeople: people,
  interchangeFrom: { entityId: entity._id, clusterId: cluster._id },
})

/** Groups clusters of a role in a planning type (PUT /api/planning/{id}/groups), insisting it worked. */
export async function group(client: Client, planning: Planning, role: string, groups: (string | string[])[]) {
  const answer = await client.put(`/api/planning/${planning._id}/groups`, { roleId: role, groups })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/** Saves the template of a planning type's combination, insisting it was created. */
export async function makeTemplate(client: Client, planning: Planning, roleClusters: { roleId: string; clusters: unknown[] }[]) {
  const answer = await client.post<SaveAnswer>('/api/resource-planning-templates', {
    categoryId: planning.categoryId._id,
    entityId: planning.entityId._id,
    planningId: planning._id,
    roleClusters,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.template as Template
}

/** The body of POST /api/project-resource-instances for a card of this planning type. */
export const cardBody = (project: Project | string, planning: Planning, names: unknown[], over: Record<string, unknown> = {}) => ({
  projectId: typeof project === 'string' ? project : project._id,
  categoryId: planning.categoryId._id,
  entityId: planning.entityId._id,
  typeId: planning._id,
  number: names.length,
  names,
  ...over,
})

/** The body of DELETE /api/project-resource-instances for this card (without a name: the whole card). */
export const cardKey = (project: Project | string, planning: Planning, name?: string) => ({
  projectId: typeof project === 'string' ? project : project._id,
  categoryId: planning.categoryId._id,
  entityId: planning.entityId._id,
  typeId: planning._id,
  ...(name !== undefined && { name }),
})

/** Saves a new card, insisting it was created (201). */
export async function makeCard(client: Client, project: Project | string, planning: Planning, names: string[]) {
  const answer = await client.post<Card>(INSTANCES, cardBody(project, planning, names))
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

/** The instance of a card by name. */
export function instanceOf(card: Card, name: string) {
  const found = card.names.find((entry) => entry.name === name)
  if (!found) throw new Error(`no instance ${name} in ${JSON.stringify(card.names)}`)
  return found.projectEntityId
}

/**
 * People to tag, written straight to the table: tagging needs users that exist, not accounts
 * anyone signs in with (signing up each one would only slow the suite).
 */
export async function makePeople(api: Api, count: number, prefix = 'Person') {
  const tag = unique(prefix).replace(/\W+/g, '-').toLowerCase()
  const rows = await api.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `${tag}-${i}@example.com`, passwordHash: 'not a hash', fullName: `${prefix} ${i}`, createdAt: new Date() })))
    .returning({ _id: users.id, fullName: users.fullName, email: users.email })
  return rows satisfies Person[]
}

/**
 * The residential plan most project tests share, with numbers chosen so every figure is worked by
 * hand in the tests:
 *
 * - Tower clusters t[0] Excavation, t[1] Foundation, t[2] Plinth, t[3] Finishing, t[4] Painting
 *   (planned by no template); Site clusters s[0] Site Excavation, s[1] Site MEP, s[2] Site Roads
 *   (planned by no template).
 * - towerType: Engineer [t0, [t1 + t2]], Developer [t3]. Its template: Engineer t0 planned 5 with
 *   2 from Site/s0 and 1 from Site/s2; Engineer group t1+t2 planned 2; Developer t3 planned 0.
 * - siteType: Engineer [s0, s1]. Its template: s0 planned 1; s1 planned 4 with 3 from Tower/t3.
 * - bareType (Tower, Engineer [t0]): no template at all.
 */
export async function residentialPlan(api: Api, admin: Client) {
  const [engineer, developer, pmo] = await Promise.all(['Engineer', 'Developer', 'PMO'].map((name) => roleId(api, name)))
  const category: Category = await makeCategory(admin, unique('Residential'))
  const tower = await makeEntity(admin, category._id, 'Tower')
  const site = await makeEntity(admin, category._id, 'Site')
  const t: Cluster[] = []
  for (const name of ['Excavation', 'Foundation', 'Plinth', 'Finishing', 'Painting']) t.push(await makeCluster(admin, tower, name))
  const s: Cluster[] = []
  for (const name of ['Site Excavation', 'Site MEP', 'Site Roads']) s.push(await makeCluster(admin, site, name))

  const towerType = await makePlanning(admin, tower, [
    { roleId: engineer, clusters: [t[0]._id, t[1]._id, t[2]._id] },
    { roleId: developer, clusters: [t[3]._id] },
  ], unique('Tower Standard'))
  await group(admin, towerType, engineer, [t[0]._id, [t[1]._id, t[2]._id]])
  const towerTemplate = await makeTemplate(admin, towerType, [
    { roleId: engineer, clusters: [templateItem(t[0]._id, 5, [interchange(2, site, s[0]), interchange(1, site, s[2])]), templateItem([t[1]._id, t[2]._id], 2)] },
    { roleId: developer, clusters: [templateItem(t[3]._id, 0)] },
  ])
  const siteType = await makePlanning(admin, site, [{ roleId: engineer, clusters: [s[0]._id, s[1]._id] }], unique('Site Standard'))
  const siteTemplate = await makeTemplate(admin, siteType, [
    { roleId: engineer, clusters: [templateItem(s[0]._id, 1), templateItem(s[1]._id, 4, [interchange(3, tower, t[3])])] },
  ])
  const bareType = await makePlanning(admin, tower, [{ roleId: engineer, clusters: [t[0]._id] }], unique('Tower Bare'))
  return { engineer, developer, pmo, category, tower, site, t, s, towerType, towerTemplate, siteType, siteTemplate, bareType }
}
export type ResidentialPlan = Awaited<ReturnType<typeof residentialPlan>>

/** What a project suite starts from: its own API, a signed-up administrator, the residential plan and `count` people. */
export async function residentialSuite(count: number) {
  const api = await startApi()
  const admin = (await signedUpUser(api)).client
  const plan = await residentialPlan(api, admin)
  return { api, admin, plan, people: await makePeople(api, count) }
}

/**
 * A person's assignments: a Tower planning type of its own planning Engineer one person on each of
 * `clusters`, each dated as given, a card of `instances` in `project`, and `userId` tagged to every
 * cluster of the first instance and to the first cluster of the others.
 */
export async function assignedOn(admin: Client, plan: ResidentialPlan, project: Project, userId: string, instances: string[], clusters: readonly (readonly [Cluster, string, string])[]) {
  const planning = await makePlanning(admin, plan.tower, [{ roleId: plan.engineer, clusters: clusters.map(([cluster]) => cluster._id) }])
  await makeTemplate(admin, planning, [{ roleId: plan.engineer, clusters: clusters.map(([cluster]) => templateItem(cluster._id, 1)) }])
  const card = await makeCard(admin, project, planning, instances)
  const tag = async (instance: string, clusterId: string) => {
    const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, instance), roleId: plan.engineer, clusterIds: [clusterId], userIds: [userId] })
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
  }
  for (const [cluster, startDate, endDate] of clusters) {
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate })).status).toBe(200)
    await tag(instances[0]!, cluster._id)
  }
  for (const instance of instances.slice(1)) await tag(instance, clusters[0]![0]._id)
}
