import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projectEntityUserMappings } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import {
  MAPPINGS,
  MISSING,
  REPLACE,
  instanceOf,
  makeCard,
  makePeople,
  residentialPlan,
  type Mapping,
  type Person,
  type ReplaceAnswer,
  type ResidentialPlan,
} from '../support/projects'

/**
 * User Entity Mapping (spec/administration-planning.md §5 "User tagging"): users are tagged to one cluster (or group) of one role
 * of one instance. The cap is the tagging requirement, remaining plus outside interchange,
 * computed by the server from the saved plan. Every figure below is worked by hand from the plan
 * of tests/support/projects.ts:
 *
 * - Tower Excavation (Engineer): planned 5, 2 interchanged from Site Excavation, 1 from Site Roads.
 *   Remaining 5 − 3 = 2. With a Site card in the project, Site Excavation is in the plan (its
 *   people are tagged there) and Site Roads is not (no template plans it): outside 1, cap 3.
 *   Without a Site card both are outside: outside 3, cap 5.
 * - Tower Foundation + Plinth (Engineer, a group): planned 2, no interchange: cap 2.
 * - Tower Finishing (Developer): planned 0: cap 0.
 * - Site Excavation (Engineer): planned 1: cap 1.
 * - Site MEP (Engineer): planned 4, 3 from Tower Finishing. Remaining 1. With a Tower card, Tower
 *   Finishing is in the plan (the Developer row plans it: any role counts): outside 0, cap 1.
 *   Without one: outside 3, cap 4.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let people: Person[]
/** Tower A, Tower B and Site 1. */
let full: Project
/** One Tower card, T-1. */
let towerOnly: Project
/** One Site card, S-1. */
let siteOnly: Project
const instances = new Map<string, string>()

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  people = await makePeople(api, 12)
  full = await makeProject(admin)
  towerOnly = await makeProject(admin)
  siteOnly = await makeProject(admin)
  const fullTower = await makeCard(admin, full, plan.towerType, ['Tower A', 'Tower B'])
  const fullSite = await makeCard(admin, full, plan.siteType, ['Site 1'])
  const tower = await makeCard(admin, towerOnly, plan.towerType, ['T-1'])
  const site = await makeCard(admin, siteOnly, plan.siteType, ['S-1'])
  for (const [card, name] of [[fullTower, 'Tower A'], [fullTower, 'Tower B'], [fullSite, 'Site 1'], [tower, 'T-1'], [site, 'S-1']] as const) {
    instances.set(name, instanceOf(card, name))
  }
})
afterAll(() => api?.close())

const instance = (name: string) => instances.get(name)!
const ids = (from: number, n: number) => people.slice(from, from + n).map((person) => person._id)
const replace = (body: Record<string, unknown>) => admin.post<ReplaceAnswer>(REPLACE, body)
const body = (project: Project, name: string, roleId: string, clusterIds: string[], userIds: string[]) => ({
  projectId: project._id,
  projectEntityId: instance(name),
  roleId,
  clusterIds,
  userIds,
})
/** The user ids tagged to one cluster of one role of an instance, read from the table, sorted. */
const taggedTo = async (name: string, roleId: string, clusterId: string) =>
  (
    await api.db
      .select({ userId: projectEntityUserMappings.userId })
      .from(projectEntityUserMappings)
      .where(and(eq(projectEntityUserMappings.projectEntityId, instance(name)), eq(projectEntityUserMappings.roleId, roleId), eq(projectEntityUserMappings.clusterId, clusterId)))
  )
    .map((row) => row.userId)
    .sort()
const allTags = async () => (await api.db.select({ n: count() }).from(projectEntityUserMappings))[0].n
const mappingsOf = async (project: Project) => {
  const answer = await admin.get<Mapping[]>(`${MAPPINGS}?projectId=${project._id}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const sorted = (list: string[]) => [...list].sort()
const personRef = (person: Person) => ({ _id: person._id, fullName: person.fullName, email: person.email })

describe('the cap is the tagging requirement: remaining plus outside interchange', () => {
  // Each row: project, instance, role, clusters, cap; functions, since the plan is made in beforeAll.
  test.each([
    ['Tower Excavation with a Site card in the plan: 2 remaining + 1 outside = 3', () => [full, 'Tower A', plan.engineer, [plan.t[0]._id], 3] as const],
    ['Tower Excavation without a Site card: 2 remaining + 3 outside = 5', () => [towerOnly, 'T-1', plan.engineer, [plan.t[0]._id], 5] as const],
    ['the Foundation + Plinth group: 2 remaining, no interchange = 2', () => [full, 'Tower B', plan.engineer, [plan.t[1]._id, plan.t[2]._id], 2] as const],
    ['Site MEP with a Tower card in the plan: 1 remaining + 0 outside = 1', () => [full, 'Site 1', plan.engineer, [plan.s[1]._id], 1] as const],
    ['Site MEP without a Tower card: 1 remaining + 3 outside = 4', () => [siteOnly, 'S-1', plan.engineer, [plan.s[1]._id], 4] as const],
    ['Site Excavation: 1 remaining = 1', () => [full, 'Site 1', plan.engineer, [plan.s[0]._id], 1] as const],
  ])('%s: exactly the cap is saved; one more is refused and nothing is written', async (label, row) => {
    const [project, name, roleId, clusterIds, cap] = row()
    const saved = await replace(body(project, name, roleId, [...clusterIds], ids(0, cap)))
    expect(saved.status, `${label}: ${JSON.stringify(saved.body)}`).toBe(200)
    expect(saved.body.message).toBe('Saved successfully')
    expect(saved.body.requirement, label).toBe(cap)
    expect(saved.body.mappings).toHaveLength(cap * clusterIds.length)
    for (const clusterId of clusterIds) expect(await taggedTo(name, roleId, clusterId)).toEqual(sorted(ids(0, cap)))

    const over = await replace(body(project, name, roleId, [...clusterIds], ids(3, cap + 1)))
    expectRefusal(over, 400)
    expect(over.body.error, label).toBe(`Assigned ${cap + 1} exceeds requirement of ${cap}.`)
    for (const clusterId of clusterIds) expect(await taggedTo(name, roleId, clusterId)).toEqual(sorted(ids(0, cap)))

    const cleared = await replace(body(project, name, roleId, [...clusterIds], []))
    expect(cleared.status).toBe(200)
    expect(cleared.body).toEqual({ message: 'Saved successfully', requirement: cap, mappings: [] })
    for (const clusterId of clusterIds) expect(await taggedTo(name, roleId, clusterId)).toEqual([])
  })

  test('the cap is per instance, whatever the card’s Number: Tower B has its own 3 on Excavation', async () => {
    expect((await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(0, 3)))).status).toBe(200)
    const b = await replace(body(full, 'Tower B', plan.engineer, [plan.t[0]._id], ids(3, 3)))
    expect(b.status, JSON.stringify(b.body)).toBe(200)
    expect(b.body.requirement).toBe(3)
    expectRefusal(await replace(body(full, 'Tower B', plan.engineer, [plan.t[0]._id], ids(3, 4))), 400)
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], []))
    await replace(body(full, 'Tower B', plan.engineer, [plan.t[0]._id], []))
  })

  test('a requirement of 0 refuses any user, and saving nobody is fine', async () => {
    const before = await allTags()
    const refused = await replace(body(full, 'Tower A', plan.developer, [plan.t[3]._id], ids(0, 1)))
    expectRefusal(refused, 400)
    expect(refused.body.error).toBe('Requirement for this cluster is 0 — cannot assign users.')
    expect(await allTags()).toBe(before)
    const nobody = await replace(body(full, 'Tower A', plan.developer, [plan.t[3]._id], []))
    expect(nobody.status).toBe(200)
    expect(nobody.body).toEqual({ message: 'Saved successfully', requirement: 0, mappings: [] })
  })

  test('a user sent twice counts once', async () => {
    const answer = await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], [...ids(0, 3), people[0]._id]))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await taggedTo('Tower A', plan.engineer, plan.t[0]._id)).toEqual(sorted(ids(0, 3)))
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], []))
  })

  test('the cap follows the saved plan: adding a Site card brings Tower Excavation from 5 to 3', async () => {
    const project = await makeProject(admin)
    const card = await makeCard(admin, project, plan.towerType, ['Tower X'])
    const tower = instanceOf(card, 'Tower X')
    const send = (userIds: string[]) => replace({ projectId: project._id, projectEntityId: tower, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds })
    expect((await send(ids(0, 5))).body.requirement).toBe(5)
    await makeCard(admin, project, plan.siteType, ['Site X'])
    const over = await send(ids(0, 5))
    expectRefusal(over, 400)
    expect(over.body.error).toBe('Assigned 5 exceeds requirement of 3.')
    const fits = await send(ids(0, 3))
    expect(fits.status).toBe(200)
    expect(fits.body.requirement).toBe(3)
  })
})

describe('POST /api/project-entity-user-mappings/replace: what it writes', () => {
  test('replaces that row’s users only: other rows and instances keep theirs', async () => {
    const group = [plan.t[1]._id, plan.t[2]._id]
    expect((await replace(body(full, 'Tower B', plan.engineer, group, ids(9, 2)))).status).toBe(200)
    expect((await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(0, 2)))).status).toBe(200)
    const answer = await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(1, 2)))
    expect(answer.status).toBe(200)
    expect(answer.body.mappings).toHaveLength(2)
    expect(answer.body.mappings).toEqual(
      expect.arrayContaining(
        [people[1], people[2]].map((person) => ({ projectEntityId: instance('Tower A'), clusterId: plan.t[0]._id, roleId: plan.engineer, user: personRef(person) })),
      ),
    )
    expect(await taggedTo('Tower A', plan.engineer, plan.t[0]._id)).toEqual(sorted(ids(1, 2)))
    expect(await taggedTo('Tower B', plan.engineer, plan.t[1]._id)).toEqual(sorted(ids(9, 2)))
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], []))
    await replace(body(full, 'Tower B', plan.engineer, group, []))
  })

  test('a group row tags its users to each of its clusters, whatever order they are sent in; GET lists them once per cluster', async () => {
    const answer = await replace(body(full, 'Tower A', plan.engineer, [plan.t[2]._id, plan.t[1]._id], [people[4]._id]))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.requirement).toBe(2)
    const expected = [plan.t[1]._id, plan.t[2]._id].map((clusterId) => ({ projectEntityId: instance('Tower A'), clusterId, roleId: plan.engineer, user: personRef(people[4]) }))
    expect(answer.body.mappings).toHaveLength(2)
    expect(answer.body.mappings).toEqual(expect.arrayContaining(expected))
    const listed = (await mappingsOf(full)).filter((row) => row.projectEntityId === instance('Tower A'))
    expect(listed).toHaveLength(2)
    expect(listed).toEqual(expect.arrayContaining(expected))
    const cleared = await replace(body(full, 'Tower A', plan.engineer, [plan.t[1]._id, plan.t[2]._id], []))
    expect(cleared.status).toBe(200)
    expect(await taggedTo('Tower A', plan.engineer, plan.t[1]._id)).toEqual([])
    expect(await taggedTo('Tower A', plan.engineer, plan.t[2]._id)).toEqual([])
  })

  test('GET lists a project’s tags, across its instances and roles, and no other project’s', async () => {
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(0, 1)))
    await replace(body(full, 'Site 1', plan.engineer, [plan.s[0]._id], ids(1, 1)))
    await replace(body(towerOnly, 'T-1', plan.engineer, [plan.t[0]._id], ids(2, 1)))
    expect(sorted((await mappingsOf(full)).map((row) => JSON.stringify(row)))).toEqual(
      sorted([
        { projectEntityId: instance('Tower A'), clusterId: plan.t[0]._id, roleId: plan.engineer, user: personRef(people[0]) },
        { projectEntityId: instance('Site 1'), clusterId: plan.s[0]._id, roleId: plan.engineer, user: personRef(people[1]) },
      ].map((row) => JSON.stringify(row))),
    )
    expect(await mappingsOf(towerOnly)).toEqual([{ projectEntityId: instance('T-1'), clusterId: plan.t[0]._id, roleId: plan.engineer, user: personRef(people[2]) }])
    expect(await mappingsOf(await makeProject(admin))).toEqual([])
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], []))
    await replace(body(full, 'Site 1', plan.engineer, [plan.s[0]._id], []))
    await replace(body(towerOnly, 'T-1', plan.engineer, [plan.t[0]._id], []))
  })
})

describe('POST /api/project-entity-user-mappings/replace: refusals (nothing written)', () => {
  const towerA = (over: Record<string, unknown>) => ({ ...body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(0, 1)), ...over })
  test.each([
    ['a cluster of a group sent alone', () => towerA({ clusterIds: [plan.t[1]._id] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a group with one cluster too many', () => towerA({ clusterIds: [plan.t[1]._id, plan.t[2]._id, plan.t[0]._id] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['two singles sent as one row', () => towerA({ clusterIds: [plan.t[0]._id, plan.t[3]._id] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a cluster of another role', () => towerA({ roleId: plan.developer }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a role the plan does not have', () => towerA({ roleId: plan.pmo }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a cluster no template plans', () => towerA({ clusterIds: [plan.t[4]._id] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a cluster of another card of the project', () => towerA({ clusterIds: [plan.s[0]._id] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['a cluster that does not exist', () => towerA({ clusterIds: [MISSING] }), 400, "clusterIds: Not a cluster of this role in the project's plan"],
    ['no cluster', () => towerA({ clusterIds: [] }), 400, 'clusterIds: Choose a cluster from the list'],
    ['a user that does not exist', () => towerA({ userIds: [people[0]._id, MISSING] }), 400, 'userIds.1: User not found'],
    ['an instance of another project', () => towerA({ projectEntityId: instance('T-1') }), 404, 'This project entity is not part of the project'],
    ['an instance that does not exist', () => towerA({ projectEntityId: MISSING }), 404, 'This project entity is not part of the project'],
    ['a project that does not exist', () => towerA({ projectId: MISSING }), 404, 'This project entity is not part of the project'],
    ['no project', () => towerA({ projectId: undefined }), 400, 'projectId: Please select a project before saving.'],
    ['a blank project', () => towerA({ projectId: '' }), 400, 'projectId: Please select a project before saving.'],
    ['no project entity', () => towerA({ projectEntityId: undefined }), 400, 'projectEntityId: Project entity id missing. Please ensure project entities are saved first.'],
    ['a null project entity', () => towerA({ projectEntityId: null }), 400, 'projectEntityId: Project entity id missing. Please ensure project entities are saved first.'],
    ['no role', () => towerA({ roleId: undefined }), 400, 'roleId: Choose a role from the list'],
  ])('%s: %i', async (_, make, status, message) => {
    const before = await allTags()
    const answer = await replace(make())
    expectRefusal(answer, status)
    expect(answer.body.error).toBe(message)
    expect(await allTags()).toBe(before)
  })

  test('a refused replace leaves the row’s users as they were', async () => {
    expect((await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(0, 2)))).status).toBe(200)
    expectRefusal(await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], [people[5]._id, MISSING])), 400)
    expectRefusal(await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], ids(5, 4))), 400)
    expect(await taggedTo('Tower A', plan.engineer, plan.t[0]._id)).toEqual(sorted(ids(0, 2)))
    await replace(body(full, 'Tower A', plan.engineer, [plan.t[0]._id], []))
  })

  test('GET of a project that does not exist: 404; without a project: 400', async () => {
    expectRefusal(await admin.get(`${MAPPINGS}?projectId=${MISSING}`), 404)
    const missing = await admin.get(MAPPINGS)
    expectRefusal(missing, 400)
    expect(missing.body.error).toBe('projectId: projectId is required')
  })
})

describe('concurrent replaces', () => {
  // T-1's Excavation takes up to 5 (no Site card in that project): ten different sets within it.
  const PICKS = [[0], [1, 2], [3, 4, 5], [6, 7, 8, 9], [0, 2, 4, 6, 8], [1, 3, 5, 7, 9], [10, 11], [9, 10, 11], [0, 11], [5, 6, 7, 8, 10]]
  let SETS: string[][]
  beforeAll(() => {
    SETS = PICKS.map((set) => set.map((i) => people[i]._id))
  })

  test.each([1, 2, 3])('round %i: ten replaces of one row at once end with exactly one of the sets sent: no mix, no duplicate, no lost row', async () => {
    const answers = await Promise.all(SETS.map((userIds) => replace(body(towerOnly, 'T-1', plan.engineer, [plan.t[0]._id], userIds))))
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const final = await taggedTo('T-1', plan.engineer, plan.t[0]._id)
    expect(new Set(final).size).toBe(final.length)
    expect(SETS.map(sorted)).toContainEqual(final)
    // What GET answers is that same set.
    const listed = (await mappingsOf(towerOnly)).filter((row) => row.clusterId === plan.t[0]._id).map((row) => row.user._id)
    expect(sorted(listed)).toEqual(final)
  })

  test('ten replaces of a group row at once: both of its clusters end with the same one set', async () => {
    const pairs = SETS.map((set) => set.slice(0, 2))
    const answers = await Promise.all(pairs.map((userIds) => replace(body(towerOnly, 'T-1', plan.engineer, [plan.t[1]._id, plan.t[2]._id], userIds))))
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const foundation = await taggedTo('T-1', plan.engineer, plan.t[1]._id)
    expect(pairs.map(sorted)).toContainEqual(foundation)
    expect(await taggedTo('T-1', plan.engineer, plan.t[2]._id)).toEqual(foundation)
  })

  test('replaces of different rows of one instance at once all land', async () => {
    const project = await makeProject(admin)
    await makeCard(admin, project, plan.siteType, ['Site Y'])
    const card = await makeCard(admin, project, plan.towerType, ['Tower Y'])
    const tower = instanceOf(card, 'Tower Y')
    const send = (roleId: string, clusterIds: string[], userIds: string[]) => replace({ projectId: project._id, projectEntityId: tower, roleId, clusterIds, userIds })
    for (let round = 0; round < 3; round++) {
      const excavation = ids(round, 3)
      const groupUsers = ids(6 + round, 2)
      const answers = await Promise.all([
        send(plan.engineer, [plan.t[0]._id], excavation),
        send(plan.engineer, [plan.t[1]._id, plan.t[2]._id], groupUsers),
        send(plan.developer, [plan.t[3]._id], []),
      ])
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const rows = (await mappingsOf(project)).map((row) => `${row.clusterId}/${row.user._id}`)
      expect(sorted(rows)).toEqual(
        sorted([
          ...excavation.map((id) => `${plan.t[0]._id}/${id}`),
          ...groupUsers.flatMap((id) => [`${plan.t[1]._id}/${id}`, `${plan.t[2]._id}/${id}`]),
        ]),
      )
    }
  })

  test('a replace racing the removal of its instance leaves no tag behind', async () => {
    const project = await makeProject(admin)
    const card = await makeCard(admin, project, plan.towerType, ['Doomed', 'Kept'])
    const doomed = instanceOf(card, 'Doomed')
    const [tagged, removed] = await Promise.all([
      replace({ projectId: project._id, projectEntityId: doomed, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: ids(0, 5) }),
      admin.delete('/api/project-resource-instances', {
        projectId: project._id,
        categoryId: plan.category._id,
        entityId: plan.tower._id,
        typeId: plan.towerType._id,
        name: 'Doomed',
      }),
    ])
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect([200, 404]).toContain(tagged.status)
    const [{ n }] = await api.db.select({ n: count() }).from(projectEntityUserMappings).where(inArray(projectEntityUserMappings.projectEntityId, [doomed]))
    expect(n).toBe(0)
  })
})
