/**
 * The benchmarks' data: a small project (1 instance × 2 clusters × 1 role, 5 tags) and the large
 * one (one card of 20 instances × 15 clusters × 8 roles, 500 tagged users), made through the API
 * as its first administrator except where the API would only make the run slower: users go
 * straight into the table (argon2 per sign-up would take minutes; tagging needs no password), and
 * so do the large project's 2,400 tagging rows, each within the cap the API enforces, computed by
 * `domain/planning/project-plan.ts`.
 */
import type { Db } from '#api/db/client'
import { projectEntityUserMappings, users } from '#api/db/schema'
import type { Mail } from '#api/mail/mailer'
import { assignKey } from '#app/features/mappings/assign'
import { plannedSources, taggingRequirement, type PlanItem } from '#domain/planning/project-plan'
import type { Client } from '../../tests/support/api-harness'

export interface Plan {
  projectId: string
  /** POST /api/project-resource-instances of the card as saved: saving it again changes nothing. */
  card: { projectId: string; categoryId: string; entityId: string; typeId: string; number: number; names: { name: string; projectEntityId: string }[] }
  instanceIds: string[]
  /** The rows of one instance, in plan order. */
  rows: { roleId: string; item: PlanItem }[]
  /** Assign Users opened on a row with users ticked in an earlier search (set once the tags are made). */
  dialog?: { key: string; userIds: string[] }
}

export const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'Bench@2026' }
/** An employee: signed up after the administrator, so with no role and no permission. */
export const BENCH_EMPLOYEE = { email: 'bench.employee@example.com', password: 'Bench@2026' }

/** Signs the first administrator up through the API, with the code of the mail it was sent. */
export const signUpAdmin = (client: Client, mails: Mail[]) => signUp(client, mails, BENCH_ADMIN)

/**
 * Signs an account up through the API, with the code of the mail it was sent. The first account
 * verified administers the install; any later one has no permission until an administrator gives it some.
 */
export async function signUp(client: Client, mails: Mail[], { email, password }: { email: string; password: string }) {
  const signup = await client.post('/auth/signup', { email, password })
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`)
  const code = mails.findLast((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
  const verified = await client.post('/auth/verify-otp', { email, otp: code })
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`)
}

/** Users straight into the database: no password (they are only listed and tagged), status Active. */
export async function makeUsers(db: Db, prefix: string, count: number) {
  const now = new Date()
  const ids: string[] = []
  for (let start = 0; start < count; start += 500) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
          email: `bench.${prefix}.${start + i + 1}@example.com`,
          passwordHash: '!',
          emailVerifiedAt: now,
          fullName: `Bench ${prefix} user ${start + i + 1}`,
          createdAt: now,
        })),
      )
      .returning({ id: users.id })
    ids.push(...rows.map((row) => row.id))
  }
  return ids
}

/**
 * A category with its Site and Tower entities, made through the API, and the makers of clusters,
 * roles, plans, tags and Site overrides on it; `admin` is signed in.
 */
export async function catalog(db: Db, admin: Client) {
  /** A call that must work: 200 or 201, or the bench stops saying why. */
  async function sent<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
    const answer = await admin.request<T>(method, path, body)
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`)
    return answer.body
  }
  const made = <T>(path: string, body: unknown) => sent<T>('POST', path, body)
  const makeRole = async (name: string) => (await made<{ _id: string }>('/roles', { name, permissions: ['view'] }))._id

  const category = await made<{ _id: string }>('/api/categories', { name: 'Bench Category' })
  const site = await made<{ _id: string }>('/api/entities', { name: 'Site', categoryId: category._id })
  const tower = await made<{ _id: string }>('/api/entities', { name: 'Tower', categoryId: category._id })

  async function makeClusters(into: string[], entityId: string, prefix: string, to: number) {
    for (let i = into.length; i < to; i++) {
      into.push((await made<{ _id: string }>('/api/clusters', { category: category._id, entityType: entityId, name: `${prefix} ${i + 1}`, description: `Work of ${prefix} ${i + 1}` }))._id)
    }
  }

  const dated = (clusterId: string, startDate: string, endDate: string) => sent('PUT', `/api/clusters/${clusterId}`, { startDate, endDate })

  /** A planning type of the Site entity with these rows, its template, a project and its one card. */
  async function makeProjectPlan(projectName: string, typeName: string, rows: { roleId: string; item: PlanItem }[], names: string[]): Promise<Plan> {
    const byRole = new Map<string, PlanItem[]>()
    for (const { roleId, item } of rows) byRole.set(roleId, [...(byRole.get(roleId) ?? []), item])
    const planning = await made<{ _id: string }>('/api/planning', {
      categoryId: category._id,
      entityId: site._id,
      typeName,
      roleClusters: [...byRole].map(([roleId, items]) => ({ roleId, clusters: items.flatMap((item) => item.clusterIds) })),
    })
    await made('/api/resource-planning-templates', {
      categoryId: category._id,
      entityId: site._id,
      planningId: planning._id,
      roleClusters: [...byRole].map(([roleId, items]) => ({
        roleId,
        clusters: items.map((item) => ({ clusterId: item.clusterIds[0], plannedPeople: item.plannedPeople, isInterchange: item.interchanges.length > 0, interchanges: item.interchanges })),
      })),
    })
    const project = await made<{ _id: string }>('/api/projects', { name: projectName, globalCategory: category._id })
    const card = await made<{ names: { name: string; projectEntityId: string }[] }>('/api/project-resource-instances', {
      projectId: project._id,
      categoryId: category._id,
      entityId: site._id,
      typeId: planning._id,
      number: names.length,
      names,
    })
    // The rows in the order the template stores them: role by role.
    return {
      projectId: project._id,
      card: { projectId: project._id, categoryId: category._id, entityId: site._id, typeId: planning._id, number: names.length, names: card.names },
      instanceIds: card.names.map((name) => name.projectEntityId),
      rows: [...byRole].flatMap(([roleId, items]) => items.map((item) => ({ roleId, item }))),
    }
  }

  /** Each instance's rows in plan order, with the users `perRow` gives them (row k of all instances' rows). */
  function rowsToTag(plan: Plan, perRow: string[][]) {
    const rows = plan.instanceIds.flatMap((projectEntityId) => plan.rows.map(({ roleId, item }) => ({ projectEntityId, roleId, item })))
    return rows.map((row, k) => ({ ...row, userIds: perRow[k] ?? [] })).filter((row) => row.userIds.length > 0)
  }

  /** Tags through POST /api/project-entity-user-mappings/replace, which checks each row's cap. */
  async function tagThroughApi(plan: Plan, perRow: string[][]) {
    for (const { projectEntityId, roleId, item, userIds } of rowsToTag(plan, perRow)) {
      await made('/api/project-entity-user-mappings/replace', { projectId: plan.projectId, projectEntityId, clusterIds: item.clusterIds, userIds, roleId })
    }
  }

  /** The same rows straight into the table, in a few inserts: 2,400 replace calls would take a minute. */
  async function tagDirectly(plan: Plan, perRow: string[][]) {
    const now = new Date()
    const values = rowsToTag(plan, perRow).flatMap(({ projectEntityId, roleId, item, userIds }) =>
      item.clusterIds.flatMap((clusterId) => userIds.map((userId) => ({ projectEntityId, roleId, clusterId, userId, createdAt: now }))),
    )
    for (let start = 0; start < values.length; start += 1000) await db.insert(projectEntityUserMappings).values(values.slice(start, start + 1000))
  }

  const override = (projectId: string, clusterId: string, startDate: string, endDate: string) =>
    sent('PUT', '/api/timelines/site-overrides', { projectId, categoryId: category._id, entityId: site._id, clusterId, startDate, endDate })

  return { category, site, tower, sent, made, makeRole, makeClusters, dated, makeProjectPlan, tagThroughApi, tagDirectly, override }
}

/** The category, its Site and Tower entities and the plans' makers of bench:projects; `admin` is signed in. */
export async function planningData(db: Db, admin: Client) {
  const { category, site, tower, makeRole, makeClusters, dated, makeProjectPlan, tagThroughApi, tagDirectly, override } = await catalog(db, admin)
  const roleIds = [await makeRole('Surveyor')]
  const siteClusters: string[] = []
  const towerClusters: string[] = []

  /** Each Site cluster its own month of 2026, so timelines and the roll-up show dates. */
  async function datesFor(clusterIds: string[]) {
    for (const clusterId of clusterIds) {
      const month = String(1 + (siteClusters.indexOf(clusterId) % 12)).padStart(2, '0')
      await dated(clusterId, `2026-${month}-01`, `2026-${month}-25`)
    }
  }

  await makeClusters(siteClusters, site._id, 'Site cluster', 2)
  await makeClusters(towerClusters, tower._id, 'Tower cluster', 1)
  await datesFor(siteClusters)

  return {
    categoryId: category._id,
    siteId: site._id,

    /**
     * 1 instance × 2 clusters × 1 role, 5 users tagged. One interchange, as the large template has
     * some: the template call reads interchange sources' names only when there are any.
     */
    async smallProject() {
      const smallUsers = await makeUsers(db, 'small', 5)
      const items: PlanItem[] = siteClusters.slice(0, 2).map((clusterId, c) => ({
        clusterIds: [clusterId],
        plannedPeople: 4,
        interchanges: c === 0 ? [{ interchangePeople: 1, interchangeFrom: { entityId: tower._id, clusterId: towerClusters[0] } }] : [],
      }))
      const small = await makeProjectPlan('Small Project', 'Small Plan', items.map((item) => ({ roleId: roleIds[0], item })), ['Site 1'])
      await tagThroughApi(small, [smallUsers.slice(0, 3), smallUsers.slice(3, 5)])
      // Its first row (requirement 3 + 1) has 3 users tagged; the other 2 were ticked in an earlier search.
      small.dialog = { key: assignKey(small.instanceIds[0], small.rows[0].roleId, small.rows[0].item.clusterIds), userIds: smallUsers.slice(3, 5) }
      await override(small.projectId, siteClusters[0], '2026-03-01', '2026-03-31')
      return small
    },

    /** One card of 20 instances × 15 clusters × 8 roles, 500 users tagged. */
    async largeProject() {
      await makeClusters(towerClusters, tower._id, 'Tower cluster', 3)
      const before = siteClusters.length
      await makeClusters(siteClusters, site._id, 'Site cluster', 15)
      await datesFor(siteClusters.slice(before))
      for (const name of ['Electrician', 'Foreman', 'Safety Officer', 'Planner', 'Welder', 'Carpenter', 'Plumber']) roleIds.push(await makeRole(name))
      const items = roleIds.flatMap((roleId, r) =>
        siteClusters.map((clusterId, c) => {
          const plannedPeople = 4 + ((r + c) % 5)
          // Every third item borrows one person from the next Site cluster (inside the plan), every
          // fifth two from a Tower cluster (outside it: no card plans Tower).
          const interchanges = [
            ...(c % 3 === 0 ? [{ interchangePeople: 1, interchangeFrom: { entityId: site._id, clusterId: siteClusters[(c + 1) % siteClusters.length] } }] : []),
            ...(c % 5 === 0 ? [{ interchangePeople: 2, interchangeFrom: { entityId: tower._id, clusterId: towerClusters[c % towerClusters.length] } }] : []),
          ]
          return { roleId, item: { clusterIds: [clusterId], plannedPeople, interchanges } satisfies PlanItem }
        }),
      )
      const instanceNames = Array.from({ length: 20 }, (_, i) => `Site ${String(i + 1).padStart(2, '0')}`)
      const large = await makeProjectPlan('Large Project', 'Large Plan', items, instanceNames)
      const largeUsers = await makeUsers(db, 'large', 500)
      // Each row a few users (1 to 3, never past its tagging requirement), taken in turn, so all 500 are tagged.
      const inPlan = plannedSources([{ entityId: site._id, items: items.map((entry) => entry.item) }])
      let next = 0
      let row = 0
      const perRow: string[][] = []
      for (let instance = 0; instance < instanceNames.length; instance++) {
        for (const { item } of items) {
          const count = Math.min(taggingRequirement(item, inPlan).total, 1 + (row++ % 3))
          perRow.push(Array.from({ length: count }, () => largeUsers[next++ % largeUsers.length]))
        }
      }
      if (next < largeUsers.length) throw new Error(`only ${next} of ${largeUsers.length} users would be tagged`)
      await tagDirectly(large, perRow)
      // Assign Users on the first instance's row of the largest requirement, that many users ticked in an earlier search.
      const widest = large.rows.reduce((best, candidate, index) => (taggingRequirement(candidate.item, inPlan).total > taggingRequirement(large.rows[best].item, inPlan).total ? index : best), 0)
      const { roleId, item } = large.rows[widest]
      const ticked = largeUsers.filter((userId) => !perRow[widest].includes(userId)).slice(0, taggingRequirement(item, inPlan).total)
      large.dialog = { key: assignKey(large.instanceIds[0], roleId, item.clusterIds), userIds: ticked }
      for (const [index, clusterId] of siteClusters.entries()) {
        const month = String(1 + (index % 12)).padStart(2, '0')
        if (index % 2 === 0) await override(large.projectId, clusterId, `2026-${month}-10`, `2026-${month}-28`)
      }
      return large
    },
  }
}
