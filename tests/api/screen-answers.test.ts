import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#api/db/schema'
import type { PlanningScreen } from '#domain/contracts/projects'
import { assignKey, type MappingCandidates, type MappingScreen } from '#domain/planning/mapping'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, unique, type Project } from '../support/planning'
import { MISSING, REPLACE, instanceOf, makeCard, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * The screen-shaped answers of User Entity Mapping (GET /api/projects/{id}/mapping and its
 * candidates) and Project Resource Planning (GET /api/projects/{id}/planning): what they answer,
 * who may ask (what the calls they replace needed: `view`), and bad input refused with a message
 * naming the field. Figures of the residential plan: tests/api/project-mappings.test.ts.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let project: Project
let card: Card
let engineers: Person[]
let others: Person[]
let key: string

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  project = await makeProject(admin)
  card = await makeCard(admin, project, plan.towerType, ['Block A', 'Block B'])
  const tag = unique('Screen').replace(/\W+/g, '')
  engineers = await makePeople(api, 2, `${tag} Engineer`)
  others = await makePeople(api, 1, `${tag} Other`)
  await api.db.update(users).set({ role: 'Engineer' }).where(inArray(users.id, engineers.map((person) => person._id)))
  key = assignKey(instanceOf(card, 'Block A'), plan.engineer, [plan.t[0]._id])
  const tagged = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instanceOf(card, 'Block A'), roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [engineers[0]._id] })
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200)
})
afterAll(async () => {
  await api.close()
})

const mappingOf = (query: Record<string, string> = {}, id = project._id) => `/api/projects/${id}/mapping${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`
const candidatesOf = (query: Record<string, string>, id = project._id) => `/api/projects/${id}/mapping/candidates?${new URLSearchParams(query)}`
const planningOf = (query: Record<string, string> = {}, id = project._id) => `/api/projects/${id}/planning${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`

describe('GET /api/projects/{id}/mapping', () => {
  test('the projects, the plan joined with its tags, the totals, every instance shown, no dialog', async () => {
    const answer = await admin.get<MappingScreen>(mappingOf())
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { projects, project: named, plan: shown, view, totals, assign } = answer.body
    expect(projects).toContainEqual({ _id: project._id, name: project.name })
    expect(named).toEqual({ _id: project._id, name: project.name })
    expect(view).toEqual({ mode: 'all' })
    expect(assign).toBeNull()
    expect(shown).toHaveLength(1)
    expect(shown[0].title).toBe(`${plan.category.name} / Tower / ${plan.towerType.typeName}`)
    expect(shown[0].roles.map((role) => [role.roleName, role.rows.length])).toEqual([
      ['Engineer', 2],
      ['Developer', 1],
    ])
    // Tower Excavation: remaining 2, both interchange sources outside the plan (no Site card): 2 + 3 = 5.
    expect(shown[0].roles[0].rows[0].requirement).toEqual({ direct: 2, interchange: 3, total: 5 })
    const blockA = shown[0].instances.find((instance) => instance.name === 'Block A')!
    expect(blockA.tagged![0][0].map((person) => person._id)).toEqual([engineers[0]._id])
    expect(blockA.counts).toEqual({ requirement: 7, tagged: 1 })
    // Two instances of 5 + 2 + 0.
    expect(totals).toEqual({ totalRequirement: 14, totalTagged: 1, yetToBeRecruited: 13 })
  })

  test('one instance open: the others keep their name and counts, not their rows', async () => {
    const answer = await admin.get<MappingScreen>(mappingOf({ instance: instanceOf(card, 'Block B') }))
    expect(answer.status).toBe(200)
    expect(answer.body.view).toEqual({ mode: 'one', open: instanceOf(card, 'Block B') })
    expect(answer.body.plan[0].instances.map((instance) => [instance.name, instance.tagged === null])).toEqual([
      ['Block A', true],
      ['Block B', false],
    ])
  })

  test("?assign=: that row's dialog, the tagged user ticked, the role's holders offered first", async () => {
    const answer = await admin.get<MappingScreen>(mappingOf({ assign: key }))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const assign = answer.body.assign!
    expect(assign.key).toBe(key)
    expect(assign.context).toEqual({ cluster: 'Excavation', role: 'Engineer', instance: 'Block A' })
    expect(assign.requirement).toEqual({ direct: 2, interchange: 3, total: 5 })
    expect(assign.q).toBe('')
    expect(assign.selected).toEqual([engineers[0]._id])
    const ids = assign.choices.map((person) => person._id)
    expect(ids[0]).toBe(engineers[0]._id)
    expect(ids).toEqual(expect.arrayContaining([...engineers, ...others].map((person) => person._id)))
    // Their load over the row's dates is said (nothing else holds them).
    expect(assign.choices.find((person) => person._id === engineers[1]._id)).toMatchObject({ load: 0, clashes: [] })
    expect(assign.choices.find((person) => person._id === others[0]._id)).toMatchObject({ otherRole: 'User' })
  })

  test('a search carrying who it had ticked: those are ticked, and named even when the search misses them; blank ticks nobody', async () => {
    const searched = await admin.get<MappingScreen>(mappingOf({ assign: key, q: 'no such person at all', selected: `${engineers[1]._id},${others[0]._id}` }))
    expect(searched.status).toBe(200)
    expect(searched.body.assign!.q).toBe('no such person at all')
    expect(searched.body.assign!.selected).toEqual([engineers[1]._id, others[0]._id])
    expect(searched.body.assign!.choices.map((person) => person._id)).toEqual([engineers[1]._id, others[0]._id, engineers[0]._id])
    const none = await admin.get<MappingScreen>(mappingOf({ assign: key, selected: '' }))
    expect(none.body.assign!.selected).toEqual([])
  })

  test('an ?assign= naming no row of the plan opens no dialog', async () => {
    const answer = await admin.get<MappingScreen>(mappingOf({ assign: assignKey(instanceOf(card, 'Block A'), plan.engineer, [plan.t[4]._id]) }))
    expect(answer.status).toBe(200)
    expect(answer.body.assign).toBeNull()
  })

  test('a project that does not exist: 404', async () => {
    const missing = await admin.get(mappingOf({}, MISSING))
    expectRefusal(missing, 404)
    expect(missing.body.error).toBe('Project not found')
    expectRefusal(await admin.get(mappingOf({}, 'not-an-id')), 404)
  })

  test('bad input: 400 naming the field', async () => {
    const long = await admin.get(mappingOf({ assign: key, q: 'x'.repeat(201) }))
    expectRefusal(long, 400)
    expect(long.body.error).toBe('q: q must be at most 200 characters')
    const ticked = await admin.get(mappingOf({ assign: key, selected: 'someone' }))
    expectRefusal(ticked, 400)
    expect(ticked.body.error).toBe('selected.0: selected users must be ids separated by commas')
    const instance = await admin.get(mappingOf({ instance: 'x'.repeat(101) }))
    expectRefusal(instance, 400)
    expect(instance.body.error).toBe('instance: instance must be all or an instance id')
  })
})

describe('GET /api/projects/{id}/mapping/candidates', () => {
  test("the search's active users alone: the role's holders first, the others marked with their role, each with their load", async () => {
    const answer = await admin.get<MappingCandidates>(candidatesOf({ key, q: engineers[0].fullName!.split(' ')[0] }))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(Object.keys(answer.body)).toEqual(['key', 'candidates'])
    expect(answer.body.key).toBe(key)
    const found = answer.body.candidates
    expect(found.slice(0, 2).map((person) => person._id).sort()).toEqual(engineers.map((person) => person._id).sort())
    expect(found[2]!._id).toBe(others[0]._id)
    const engineer = engineers.find((person) => person._id === found[0]!._id)!
    expect(found[0]).toMatchObject({ label: engineer.fullName, email: engineer.email, load: 0, clashes: [] })
    expect(found[0].otherRole).toBeUndefined()
    expect(found[2].otherRole).toBe('User')
  })

  test('an inactive user is no candidate; a search nobody matches answers none', async () => {
    await api.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, others[0]._id))
    try {
      const answer = await admin.get<MappingCandidates>(candidatesOf({ key, q: others[0].fullName! }))
      expect(answer.body.candidates).toEqual([])
    } finally {
      await api.db.update(users).set({ status: 'Active' }).where(eq(users.id, others[0]._id))
    }
    expect((await admin.get<MappingCandidates>(candidatesOf({ key, q: 'no such person at all' }))).body).toEqual({ key, candidates: [] })
  })

  test('a row not in the plan, or a project that does not exist: 404', async () => {
    const row = await admin.get(candidatesOf({ key: assignKey(instanceOf(card, 'Block A'), plan.engineer, [plan.t[4]._id]) }))
    expectRefusal(row, 404)
    expect(row.body.error).toBe("Not a cluster of this role in the project's plan")
    const role = await admin.get(candidatesOf({ key: assignKey(instanceOf(card, 'Block A'), MISSING, [plan.t[0]._id]) }))
    expectRefusal(role, 404)
    const gone = await admin.get(candidatesOf({ key }, MISSING))
    expectRefusal(gone, 404)
    expect(gone.body.error).toBe('Project not found')
  })

  test('bad input: 400 naming the field', async () => {
    const none = await admin.get(`/api/projects/${project._id}/mapping/candidates`)
    expectRefusal(none, 400)
    expect(none.body.error).toBe('key: key is required')
    const bad = await admin.get(candidatesOf({ key: 'a:b:c' }))
    expectRefusal(bad, 400)
    expect(bad.body.error).toBe('key: key must name a row: instanceId:roleId:clusterIds')
    const long = await admin.get(candidatesOf({ key, q: 'x'.repeat(201) }))
    expectRefusal(long, 400)
    expect(long.body.error).toBe('q: q must be at most 200 characters')
  })
})

describe('GET /api/projects/{id}/planning', () => {
  test('the projects, the templates, the saved cards, and the choices as asked with their lists', async () => {
    const answer = await admin.get<PlanningScreen>(planningOf({ categoryId: plan.category._id, entityId: plan.tower._id, typeId: plan.towerType._id }))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const { projects, templates, saved, selection, options } = answer.body
    expect(projects).toContainEqual({ _id: project._id, name: project.name, globalCategory: null })
    expect(templates.map((template) => template._id)).toEqual(expect.arrayContaining([plan.towerTemplate._id, plan.siteTemplate._id]))
    expect(saved.map((row) => row._id)).toEqual([card._id])
    expect(selection).toEqual({ projectId: project._id, categoryId: plan.category._id, entityId: plan.tower._id, typeId: plan.towerType._id })
    expect(options.categories).toContainEqual({ _id: plan.category._id, name: plan.category.name })
    expect(options.entities.map((row) => row.name).sort()).toEqual(['Site', 'Tower'])
    expect(options.types).toEqual(expect.arrayContaining([{ _id: plan.towerType._id, name: plan.towerType.typeName }, { _id: plan.bareType._id, name: plan.bareType.typeName }]))
  })

  test('a choice not in its list drops it and those after it; nothing asked, the categories alone', async () => {
    const other = await admin.get<PlanningScreen>(planningOf({ categoryId: plan.category._id, entityId: MISSING, typeId: plan.towerType._id }))
    expect(other.body.selection).toEqual({ projectId: project._id, categoryId: plan.category._id, entityId: '', typeId: '' })
    expect(other.body.options.types).toEqual([])
    const bare = await admin.get<PlanningScreen>(planningOf())
    expect(bare.body.selection).toEqual({ projectId: project._id, categoryId: '', entityId: '', typeId: '' })
    expect(bare.body.options.entities).toEqual([])
  })

  test("a project's global category is the one chosen, whatever is asked", async () => {
    const fixed = await makeProject(admin, unique('Fixed'), plan.category._id)
    const answer = await admin.get<PlanningScreen>(planningOf({ categoryId: MISSING }, fixed._id))
    expect(answer.status).toBe(200)
    expect(answer.body.selection.categoryId).toBe(plan.category._id)
    expect(answer.body.options.categories).toEqual([{ _id: plan.category._id, name: plan.category.name }])
    expect(answer.body.saved).toEqual([])
  })

  test('a project that does not exist: 404; bad input: 400 naming the field', async () => {
    const missing = await admin.get(planningOf({}, MISSING))
    expectRefusal(missing, 404)
    expect(missing.body.error).toBe('Project not found')
    const bad = await admin.get(planningOf({ categoryId: 'nope' }))
    expectRefusal(bad, 400)
    expect(bad.body.error).toBe('categoryId: categoryId must be an id')
  })
})

describe('who may ask: what the calls they replace needed, view', () => {
  const addresses = () => [mappingOf(), mappingOf({ assign: key }), candidatesOf({ key }), planningOf()]
  test('signed out: 401', async () => {
    for (const address of addresses()) expectRefusal(await api.client().get(address), 401)
  })
  test('signed in without view: 403', async () => {
    const { client } = await userHolding(api, ['add'])
    for (const address of addresses()) expectRefusal(await client.get(address), 403)
  })
  test('with view alone: 200', async () => {
    const { client } = await userHolding(api, ['view'])
    for (const address of addresses()) expect((await client.get(address)).status, address).toBe(200)
  })
})
