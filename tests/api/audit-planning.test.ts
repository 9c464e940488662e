import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { entriesAbout, entryCount, withFailingAudit } from '../support/audit'
import { makeCategory, makeCluster, makeEntity, makePlanning, makeProject, templateItem, unique, type Project, type Template } from '../support/planning'
import {
  INSTANCES,
  MAPPINGS,
  OVERRIDES,
  REPLACE,
  cardBody,
  cardKey,
  instanceOf,
  interchange,
  makeCard,
  makePeople,
  residentialPlan,
  type Card,
  type Mapping,
  type Person,
  type ResidentialPlan,
} from '../support/projects'

/**
 * Issue 31, the planning side: every change to the catalog, the planning types, the templates and
 * a project's plan is on record, in the same transaction as the change: who made it, when, what it
 * is about, and each field before → after.
 */

let api: Api
let admin: Client
/** The administrator as the log names them. */
let actor: { id: string; name: string }
let plan: ResidentialPlan
let people: Person[]

beforeAll(async () => {
  api = await startApi()
  const signedUp = await signedUpUser(api)
  admin = signedUp.client
  const [row] = await api.db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, signedUp.id))
  actor = { id: signedUp.id, name: row.fullName || row.email }
  plan = await residentialPlan(api, admin)
  people = await makePeople(api, 3)
})
afterAll(() => api?.close())

/** Each step a second later than the one before, so "newest first" is the order of the steps. */
const later = () => api.advance(1000)

/** The entries about one thing, oldest first. */
const history = async (about: Parameters<typeof entriesAbout>[1]) => (await entriesAbout(api, about)).reverse()

function expectByAdmin(entry: { actorId: string | null; actorName: string; at: Date }) {
  expect(entry.actorId).toBe(actor.id)
  expect(entry.actorName).toBe(actor.name)
}

describe('each change writes one entry, by its actor, with before → after', () => {
  test('a category: created, renamed, renamed to the name it has (nothing), removed', async () => {
    const name = unique('Audit Category')
    const category = await makeCategory(admin, name)
    later()
    expect((await admin.put(`/api/categories/${category._id}`, { name: `${name} 2` })).status).toBe(200)
    later()
    expect((await admin.put(`/api/categories/${category._id}`, { name: `${name} 2` })).status).toBe(200)
    expect((await admin.delete(`/api/categories/${category._id}`)).status).toBe(200)

    const entries = await history({ entityId: category._id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      ['category', 'created', name, [{ field: 'name', after: name }]],
      ['category', 'changed', `${name} 2`, [{ field: 'name', before: name, after: `${name} 2` }]],
      ['category', 'removed', `${name} 2`, [{ field: 'name', before: `${name} 2` }]],
    ])
    entries.forEach(expectByAdmin)
    expect(entries[0].at.toISOString()).toBe('2026-01-05T09:00:00.000Z')
    expect(entries.every((entry) => entry.projectId === null && entry.subjectId === null)).toBe(true)
  })

  test('an entity type: created in its category, renamed, removed', async () => {
    const category = await makeCategory(admin)
    const entity = await makeEntity(admin, category._id, 'Audit Tower')
    later()
    expect((await admin.put(`/api/entities/${entity._id}`, { name: 'Audit Villa' })).status).toBe(200)
    later()
    expect((await admin.delete(`/api/entities/${entity._id}`)).status).toBe(200)

    const entries = await history({ entityId: entity._id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      ['entity', 'created', 'Audit Tower', [{ field: 'name', after: 'Audit Tower' }, { field: 'categoryId', after: category._id }]],
      ['entity', 'changed', 'Audit Villa', [{ field: 'name', before: 'Audit Tower', after: 'Audit Villa' }]],
      ['entity', 'removed', 'Audit Villa', [{ field: 'name', before: 'Audit Villa' }, { field: 'categoryId', before: category._id }]],
    ])
    entries.forEach(expectByAdmin)
  })

  test('a project: created with a global category, renamed and freed of it, removed; every entry belongs to the project', async () => {
    const name = unique('Audit Project')
    const project = await makeProject(admin, name, plan.category._id)
    later()
    expect((await admin.put(`/api/projects/${project._id}`, { name: `${name} B`, globalCategory: null })).status).toBe(200)
    later()
    expect((await admin.delete(`/api/projects/${project._id}`)).status).toBe(200)

    const entries = await history({ entityId: project._id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      ['project', 'created', name, [{ field: 'name', after: name }, { field: 'globalCategory', after: plan.category._id }]],
      [
        'project',
        'changed',
        `${name} B`,
        [
          { field: 'name', before: name, after: `${name} B` },
          { field: 'globalCategory', before: plan.category._id, after: null },
        ],
      ],
      ['project', 'removed', `${name} B`, [{ field: 'name', before: `${name} B` }]],
    ])
    entries.forEach(expectByAdmin)
    expect(entries.every((entry) => entry.projectId === project._id)).toBe(true)
  })

  test("deleting a project records the removal of each of its Site overrides (a database cascade would remove them unrecorded), then the project's", async () => {
    const project = await makeProject(admin, unique('Audit Dated'))
    const override = (cluster: { _id: string }, startDate: string, endDate: string | null) =>
      admin.put(OVERRIDES, { projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: cluster._id, startDate, endDate })
    expect((await override(plan.s[2], '2027-03-01', '2027-04-01')).status).toBe(201)
    later()
    expect((await override(plan.s[1], '2027-05-01', null)).status).toBe(201)
    later()
    expect((await admin.delete(`/api/projects/${project._id}`)).status).toBe(200)

    const removed = (await history({ projectId: project._id })).filter((entry) => entry.action === 'removed')
    // One moment for all of them: listed by what they are about.
    expect(removed.map((entry) => [entry.entityType, entry.entityId, entry.label, entry.changes]).sort((a, b) => `${a[0]} ${a[2]}`.localeCompare(`${b[0]} ${b[2]}`))).toEqual([
      ['cluster dates', plan.s[1]._id, `${project.name} / Site MEP`, [{ field: 'startDate', before: '2027-05-01' }]],
      ['cluster dates', plan.s[2]._id, `${project.name} / Site Roads`, [{ field: 'startDate', before: '2027-03-01' }, { field: 'endDate', before: '2027-04-01' }]],
      ['project', project._id, project.name, [{ field: 'name', before: project.name }]],
    ])
    removed.forEach(expectByAdmin)
    // In the one transaction of the delete: the same moment.
    expect(new Set(removed.map((entry) => entry.at.getTime())).size).toBe(1)
  })

  test('a project that cannot be deleted (it has planned cards) keeps its Site overrides, and nothing is recorded', async () => {
    const project = await makeProject(admin, unique('Audit Kept'))
    await makeCard(admin, project, plan.towerType, ['Block 1'])
    const body = { projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[2]._id, startDate: '2027-03-01', endDate: null }
    expect((await admin.put(OVERRIDES, body)).status).toBe(201)
    const count = await entryCount(api)
    expect((await admin.delete(`/api/projects/${project._id}`)).status).toBe(409)
    expect(await entryCount(api)).toBe(count)
    expect((await admin.get<unknown[]>(`${OVERRIDES}?projectId=${project._id}&entityId=${plan.site._id}`)).body).toHaveLength(1)
  })

  test('a cluster: created with its fields, then its dates set and cleared', async () => {
    const cluster = await makeCluster(admin, plan.tower, unique('Audit Cluster'), 'Pour the slab')
    later()
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate: '2027-01-01', endDate: '2027-02-01' })).status).toBe(200)
    later()
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate: '2027-01-01', endDate: null })).status).toBe(200)

    const entries = await history({ entityId: cluster._id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      [
        'cluster',
        'created',
        cluster.name,
        [
          { field: 'name', after: cluster.name },
          { field: 'description', after: 'Pour the slab' },
          { field: 'category', after: plan.category._id },
          { field: 'entityType', after: plan.tower._id },
        ],
      ],
      [
        'cluster',
        'changed',
        cluster.name,
        [
          { field: 'startDate', before: null, after: '2027-01-01' },
          { field: 'endDate', before: null, after: '2027-02-01' },
        ],
      ],
      ['cluster', 'changed', cluster.name, [{ field: 'endDate', before: '2027-02-01', after: null }]],
    ])
    entries.forEach(expectByAdmin)
  })

  test('a planning type: created with its roles and clusters, then one role regrouped', async () => {
    const { t, engineer } = plan
    const typeName = unique('Audit Type')
    const planning = await makePlanning(admin, plan.tower, [{ roleId: engineer, clusters: [t[0]._id, t[1]._id] }], typeName)
    later()
    expect((await admin.put(`/api/planning/${planning._id}/groups`, { roleId: engineer, groups: [[t[0]._id, t[1]._id]] })).status).toBe(200)

    const entries = await history({ entityId: planning._id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      [
        'planning',
        'created',
        typeName,
        [
          { field: 'categoryId', after: plan.category._id },
          { field: 'entityId', after: plan.tower._id },
          { field: 'typeName', after: typeName },
          { field: 'roleClusters', after: [{ roleId: engineer, clusters: [t[0]._id, t[1]._id] }] },
        ],
      ],
      ['planning', 'changed', `${typeName} · Engineer`, [{ field: 'groups', before: [t[0]._id, t[1]._id], after: [[t[0]._id, t[1]._id]] }]],
    ])
    entries.forEach(expectByAdmin)
  })

  test('a template: created with its clusters, replaced (force) before → after, a cluster removed, the last removing it', async () => {
    const { t, s, engineer } = plan
    const typeName = unique('Audit Template Type')
    const planning = await makePlanning(admin, plan.tower, [{ roleId: engineer, clusters: [t[0]._id, t[1]._id] }], typeName)
    const body = (planned: number) => ({
      categoryId: plan.category._id,
      entityId: plan.tower._id,
      planningId: planning._id,
      roleClusters: [{ roleId: engineer, clusters: [templateItem(t[0]._id, planned, [interchange(1, plan.site, s[0])]), templateItem(t[1]._id, 1)] }],
    })
    const created = await admin.post<{ template: Template }>('/api/resource-planning-templates', body(3))
    expect(created.status).toBe(201)
    const id = created.body.template._id
    later()
    expect((await admin.post('/api/resource-planning-templates', { ...body(4), force: true })).status).toBe(200)
    later()
    // The same clusters and figures again: nothing changed, nothing recorded.
    expect((await admin.post('/api/resource-planning-templates', { ...body(4), force: true })).status).toBe(200)

    const label = `${plan.category.name} / Tower / ${typeName}`
    const item = (planned: number) => ({
      clusterId: [t[0]._id],
      plannedPeople: planned,
      isInterchange: true,
      interchanges: [{ interchangePeople: 1, interchangeFrom: { entityId: plan.site._id, clusterId: s[0]._id } }],
    })
    const second = { clusterId: [t[1]._id], plannedPeople: 1, isInterchange: false, interchanges: [] }
    let entries = await history({ entityId: id })
    expect(entries.map((entry) => [entry.entityType, entry.action, entry.label, entry.changes])).toEqual([
      [
        'template',
        'created',
        label,
        [
          { field: 'categoryId', after: plan.category._id },
          { field: 'entityId', after: plan.tower._id },
          { field: 'planningId', after: planning._id },
          { field: 'roleClusters', after: [{ roleId: engineer, clusters: [item(3), second] }] },
        ],
      ],
      ['template', 'changed', label, [{ field: 'roleClusters', before: [{ roleId: engineer, clusters: [item(3), second] }], after: [{ roleId: engineer, clusters: [item(4), second] }] }]],
    ])

    const stored = (await admin.get<{ template: Template }>(`/api/resource-planning-templates/by-combo?categoryId=${plan.category._id}&entityId=${plan.tower._id}&planningId=${planning._id}`)).body.template
    const [first, last] = stored.roleClusters[0].clusters
    later()
    expect((await admin.delete(`/api/resource-planning-templates/${id}/role/${engineer}/cluster/${last._id}`)).status).toBe(200)
    later()
    expect((await admin.delete(`/api/resource-planning-templates/${id}/role/${engineer}/cluster/${first._id}`)).status).toBe(200)
    entries = (await history({ entityId: id })).slice(2)
    expect(entries.map((entry) => [entry.action, entry.label, entry.changes])).toEqual([
      ['changed', label, [{ field: 'cluster', before: { roleId: engineer, ...second }, after: null }]],
      ['removed', label, [{ field: 'cluster', before: { roleId: engineer, ...item(4) } }]],
    ])
    entries.forEach(expectByAdmin)
  })
})

describe("a project's plan: one entry per instance and per person tagged, all belonging to the project", () => {
  let project: Project
  let card: Card
  const replace = (instance: string, clusterIds: string[], userIds: string[]) =>
    admin.post(REPLACE, { projectId: project._id, projectEntityId: instance, roleId: plan.engineer, clusterIds, userIds })

  beforeAll(async () => {
    project = await makeProject(admin, unique('Audit Plan'))
    later()
    card = await makeCard(admin, project, plan.towerType, ['Block A', 'Block B'])
  })

  test('adding a card records each instance added, "Project / Instance", in one insert', async () => {
    const entries = await history({ projectId: project._id, entityType: 'instance' })
    expect(entries.map((entry) => [entry.action, entry.label, entry.entityId])).toEqual(
      expect.arrayContaining([
        ['created', `${project.name} / Block A`, instanceOf(card, 'Block A')],
        ['created', `${project.name} / Block B`, instanceOf(card, 'Block B')],
      ]),
    )
    expect(entries).toHaveLength(2)
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([{ field: 'categoryId', after: plan.category._id }, { field: 'entityId', after: plan.tower._id }, { field: 'typeId', after: plan.towerType._id }]),
    )
    entries.forEach(expectByAdmin)
    expect(new Set(entries.map((entry) => entry.at.getTime())).size).toBe(1)
  })

  test('renaming an instance records its name before → after; saving it unchanged records nothing', async () => {
    const a = instanceOf(card, 'Block A')
    const b = instanceOf(card, 'Block B')
    later()
    const renamed = await admin.post<Card>(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Block A1', projectEntityId: a }, { name: 'Block B', projectEntityId: b }]))
    expect(renamed.status).toBe(200)
    const before = await entryCount(api)
    expect((await admin.post(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Block A1', projectEntityId: a }, { name: 'Block B', projectEntityId: b }]))).status).toBe(200)
    expect(await entryCount(api)).toBe(before)
    const [entry] = await entriesAbout(api, { entityId: a })
    expect([entry.action, entry.label, entry.changes, entry.projectId]).toEqual(['changed', `${project.name} / Block A1`, [{ field: 'name', before: 'Block A', after: 'Block A1' }], project._id])
    card = renamed.body
  })

  test('tagging and untagging a person writes an entry about them, naming person, instance, role and clusters', async () => {
    const a = instanceOf(card, 'Block A1')
    const [asha, ben] = people
    const { t } = plan
    later()
    expect((await replace(a, [t[0]._id], [asha._id, ben._id])).status).toBe(200)
    later()
    expect((await replace(a, [t[0]._id], [ben._id])).status).toBe(200)
    const count = await entryCount(api)
    expect((await replace(a, [t[0]._id], [ben._id])).status).toBe(200)
    expect(await entryCount(api), 'the same people again: nothing changed').toBe(count)
    later()
    expect((await replace(a, [t[1]._id, t[2]._id], [asha._id])).status).toBe(200)

    const forAsha = await history({ subjectId: asha._id })
    expect(forAsha.map((entry) => [entry.entityType, entry.action, entry.label, entry.projectId, entry.entityId])).toEqual([
      ['tag', 'created', `${asha.fullName} on ${project.name} / Block A1 · Engineer · Excavation`, project._id, a],
      ['tag', 'removed', `${asha.fullName} on ${project.name} / Block A1 · Engineer · Excavation`, project._id, a],
      ['tag', 'created', `${asha.fullName} on ${project.name} / Block A1 · Engineer · Foundation + Plinth`, project._id, a],
    ])
    expect(forAsha[0].changes).toEqual([
      { field: 'userId', after: asha._id },
      { field: 'roleId', after: plan.engineer },
      { field: 'clusterIds', after: [t[0]._id] },
    ])
    expect(forAsha[1].changes).toEqual([
      { field: 'userId', before: asha._id },
      { field: 'roleId', before: plan.engineer },
      { field: 'clusterIds', before: [t[0]._id] },
    ])
    forAsha.forEach(expectByAdmin)
    const forBen = await history({ subjectId: ben._id })
    expect(forBen.map((entry) => entry.action)).toEqual(['created'])
  })

  test("removing an instance records it and each person's tag that goes with it", async () => {
    const b = instanceOf(card, 'Block B')
    const [, , cara] = people
    expect((await replace(b, [plan.t[0]._id], [cara._id])).status).toBe(200)
    later()
    expect((await admin.delete(INSTANCES, cardKey(project, plan.towerType, 'Block B'))).status).toBe(200)
    const [untagged] = await entriesAbout(api, { subjectId: cara._id })
    expect([untagged.action, untagged.label, untagged.projectId]).toEqual(['removed', `${cara.fullName} on ${project.name} / Block B · Engineer · Excavation`, project._id])
    expectByAdmin(untagged)
    const [removed] = await entriesAbout(api, { entityId: b, entityType: 'instance' })
    expect([removed.action, removed.label]).toEqual(['removed', `${project.name} / Block B`])
    expect(removed.changes).toContainEqual({ field: 'name', before: 'Block B' })
  })

  test('a plan save records one entry per instance added or removed, in one insert; an unchanged save records nothing', async () => {
    later()
    const current = (await admin.get<Card[]>(`${INSTANCES}?projectId=${project._id}`)).body
    const tower = current[0]
    const { projectId: _, ...siteCard } = cardBody(project, plan.siteType, ['Site 1'])
    const saved = await admin.put<Card[]>(`/api/projects/${project._id}/plan`, {
      cards: [siteCard],
      removed: [{ categoryId: tower.categoryId, entityId: tower.entityId, typeId: tower.typeId }],
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const entries = await entriesAbout(api, { projectId: project._id })
    const newest = entries.filter((entry) => entry.at.getTime() === entries[0].at.getTime())
    expect(newest.map((entry) => [entry.entityType, entry.action, entry.label]).sort()).toEqual(
      [
        ['instance', 'created', `${project.name} / Site 1`],
        ['instance', 'removed', `${project.name} / Block A1`],
        ['tag', 'removed', `${people[0].fullName} on ${project.name} / Block A1 · Engineer · Foundation + Plinth`],
        ['tag', 'removed', `${people[1].fullName} on ${project.name} / Block A1 · Engineer · Excavation`],
      ].sort(),
    )
    const count = await entryCount(api)
    const site = saved.body[0]
    const again = await admin.put(`/api/projects/${project._id}/plan`, { cards: [{ ...siteCard, names: site.names }], removed: [] })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(await entryCount(api)).toBe(count)
  })

  test('a Site override records the cluster\'s dates for the project, "Project / Cluster", created then changed', async () => {
    const { s } = plan
    const body = (endDate: string | null) => ({ projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: s[0]._id, startDate: '2027-05-01', endDate })
    later()
    expect((await admin.put(OVERRIDES, body('2027-06-01'))).status).toBe(201)
    later()
    expect((await admin.put(OVERRIDES, body('2027-07-01'))).status).toBe(200)
    const count = await entryCount(api)
    expect((await admin.put(OVERRIDES, body('2027-07-01'))).status).toBe(200)
    expect(await entryCount(api)).toBe(count)

    const entries = await history({ entityId: s[0]._id, entityType: 'cluster dates' })
    expect(entries.map((entry) => [entry.action, entry.label, entry.projectId, entry.changes])).toEqual([
      ['created', `${project.name} / Site Excavation`, project._id, [{ field: 'startDate', after: '2027-05-01' }, { field: 'endDate', after: '2027-06-01' }]],
      ['changed', `${project.name} / Site Excavation`, project._id, [{ field: 'endDate', before: '2027-06-01', after: '2027-07-01' }]],
    ])
    entries.forEach(expectByAdmin)
  })
})

describe('an entry is written in the same transaction as its change: when it fails, the change is not made', () => {
  /** Runs a write while the log refuses every entry: it fails, and the log holds no more entries than before. */
  async function failing(write: () => Promise<{ status: number }>) {
    const before = await entryCount(api)
    const answer = await withFailingAudit(api, write)
    expect(answer.status).toBe(500)
    expect(await entryCount(api)).toBe(before)
  }

  test('a category', async () => {
    const name = unique('Never Category')
    await failing(() => admin.post('/api/categories', { name }))
    const listed = (await admin.get<{ name: string }[]>('/api/categories')).body
    expect(listed.map((row) => row.name)).not.toContain(name)
  })

  test('a project', async () => {
    const name = unique('Never Project')
    await failing(() => admin.post('/api/projects', { name, globalCategory: null }))
    const listed = (await admin.get<Project[]>('/api/projects')).body
    expect(listed.map((row) => row.name)).not.toContain(name)
  })

  test('a cluster', async () => {
    const name = unique('Never Cluster')
    await failing(() => admin.post('/api/clusters', { category: plan.category._id, entityType: plan.tower._id, name, description: null }))
    const listed = (await admin.get<{ name: string }[]>(`/api/clusters?entityId=${plan.tower._id}`)).body
    expect(listed.map((row) => row.name)).not.toContain(name)
  })

  test('a template save', async () => {
    const { t, engineer } = plan
    const before = (await admin.get<{ template: Template }>(`/api/resource-planning-templates/by-combo?categoryId=${plan.category._id}&entityId=${plan.tower._id}&planningId=${plan.towerType._id}`)).body.template
    await failing(() =>
      admin.post('/api/resource-planning-templates', {
        categoryId: plan.category._id,
        entityId: plan.tower._id,
        planningId: plan.towerType._id,
        roleClusters: [{ roleId: engineer, clusters: [templateItem(t[0]._id, 9)] }],
        force: true,
      }),
    )
    const after = (await admin.get<{ template: Template }>(`/api/resource-planning-templates/by-combo?categoryId=${plan.category._id}&entityId=${plan.tower._id}&planningId=${plan.towerType._id}`)).body.template
    expect(after).toEqual(before)
  })

  test('an instance added, a tag replaced, a Site override', async () => {
    const project = await makeProject(admin, unique('Never Plan'))
    const card = await makeCard(admin, project, plan.towerType, ['Block 1'])
    const instance = instanceOf(card, 'Block 1')

    await failing(() => admin.post(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Block 1', projectEntityId: instance }, 'Block 2'])))
    const cards = (await admin.get<Card[]>(`${INSTANCES}?projectId=${project._id}`)).body
    expect(cards.map((row) => row.names.map((entry) => entry.name))).toEqual([['Block 1']])

    await failing(() => admin.post(REPLACE, { projectId: project._id, projectEntityId: instance, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [people[0]._id] }))
    expect((await admin.get<Mapping[]>(`${MAPPINGS}?projectId=${project._id}`)).body).toEqual([])

    await failing(() =>
      admin.put(OVERRIDES, { projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[1]._id, startDate: '2027-01-01', endDate: null }),
    )
    expect((await admin.get(`${OVERRIDES}?projectId=${project._id}&entityId=${plan.site._id}`)).body).toEqual([])
  })
})
