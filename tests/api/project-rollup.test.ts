import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { addRole } from '../support/helpers'
import { expectRefusal, makeCategory, makeCluster, makeEntity, makePlanning, makeProject, templateItem, unique, type Cluster, type Entity, type Planning, type Project } from '../support/planning'
import { OVERRIDES, group, interchange, makeCard, makeTemplate } from '../support/projects'

/**
 * Roles, Projects, Clusters (spec/administration-planning.md §2, §9) through GET /api/role-project-clusters: per role, per project,
 * per cluster the Requirement (total) = planned × instances, added up where several cards of a
 * project plan the same cluster for the role; the earliest start wins; Deployed By is the start
 * minus one calendar month. The roles Surveyor and Inspector are this file's own, so every total
 * below is worked by hand:
 *
 * Type A plans Surveyor [Survey, Levels + Marking] and Inspector [Levels]; its template: Survey 3
 * (1 of them interchanged from Staking: the total still counts all 3), Levels + Marking 2,
 * Inspector Levels 1. Type B plans Surveyor [Survey] 1. Type C plans Surveyor [Staking] 1.
 * Survey starts 31 March 2027, Levels 10 May 2027; Marking and Staking have no dates.
 *
 * - Alpha: a type A card of 2 instances and a type B card of 1.
 *   Surveyor: Survey 3×2 + 1×1 = 7, starts 2027-03-31, Deployed By 2027-02-28 (no 31 February);
 *   Levels + Marking 2×2 = 4, starts 2027-05-10 (its earliest dated cluster), Deployed By 2027-04-10.
 *   Project 11, earliest start 2027-03-31. Inspector: Levels 1×2 = 2.
 * - Beta: a type A card of 1 instance and a type C card of 1, with a Site override starting Survey
 *   on 15 January 2027. Surveyor: Survey 3, starts 2027-01-15, Deployed By 2026-12-15; Levels +
 *   Marking 2; Staking 1, no start, no Deployed By. Project 6, earliest start 2027-01-15.
 *   Inspector: Levels 1.
 * - Surveyor 11 + 6 = 17; Inspector 2 + 1 = 3.
 */

let api: Api
let admin: Client
let surveyor: { _id: string; name: string }
let inspector: { _id: string; name: string }
let auditor: { _id: string; name: string }
let site: Entity
let survey: Cluster
let levels: Cluster
let marking: Cluster
let staking: Cluster
let alpha: Project
let beta: Project
let typeB: Planning

type RollUpCluster = { key: string; label: string; requirement: number; startDate: string | null; deployedBy: string | null }
type RollUpProject = { projectId: string; projectName: string; requirement: number; earliestStart: string | null; clusters: RollUpCluster[] }
type RollUpRole = { roleId: string; roleName: string; requirement: number; projects: RollUpProject[] }

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  surveyor = await addRole(api, 'Surveyor')
  inspector = await addRole(api, 'Inspector')
  auditor = await addRole(api, 'Auditor')
  const category = await makeCategory(admin, unique('Infrastructure'))
  site = await makeEntity(admin, category._id, 'Site')
  survey = await makeCluster(admin, site, 'Survey')
  levels = await makeCluster(admin, site, 'Levels')
  marking = await makeCluster(admin, site, 'Marking')
  staking = await makeCluster(admin, site, 'Staking')
  for (const [cluster, startDate] of [[survey, '2027-03-31'], [levels, '2027-05-10']] as const) {
    expect((await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate: null })).status).toBe(200)
  }
  const typeA = await makePlanning(admin, site, [
    { roleId: surveyor._id, clusters: [survey._id, levels._id, marking._id] },
    { roleId: inspector._id, clusters: [levels._id] },
  ])
  await group(admin, typeA, surveyor._id, [survey._id, [levels._id, marking._id]])
  await makeTemplate(admin, typeA, [
    { roleId: surveyor._id, clusters: [templateItem(survey._id, 3, [interchange(1, site, staking)]), templateItem([levels._id, marking._id], 2)] },
    { roleId: inspector._id, clusters: [templateItem(levels._id, 1)] },
  ])
  typeB = await makePlanning(admin, site, [{ roleId: surveyor._id, clusters: [survey._id] }])
  await makeTemplate(admin, typeB, [{ roleId: surveyor._id, clusters: [templateItem(survey._id, 1)] }])
  const typeC = await makePlanning(admin, site, [{ roleId: surveyor._id, clusters: [staking._id] }])
  await makeTemplate(admin, typeC, [{ roleId: surveyor._id, clusters: [templateItem(staking._id, 1)] }])

  // Made in the reverse of their names' order: projects are listed by name.
  beta = await makeProject(admin, unique('Beta'))
  alpha = await makeProject(admin, unique('Alpha'))
  // Each card a second after the last: a project's clusters follow the order its cards were added.
  for (const [project, type, names] of [[alpha, typeA, ['A1', 'A2']], [alpha, typeB, ['A3']], [beta, typeA, ['B1']], [beta, typeC, ['B2']]] as const) {
    await makeCard(admin, project, type, [...names])
    api.advance(1000)
  }
  const override = await admin.put(OVERRIDES, { projectId: beta._id, categoryId: category._id, entityId: site._id, clusterId: survey._id, startDate: '2027-01-15', endDate: null })
  expect(override.status, JSON.stringify(override.body)).toBe(201)
})
afterAll(() => api?.close())

const rollUp = async () => {
  const answer = await admin.get<RollUpRole[]>('/api/role-project-clusters')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
const roleOf = async (id: string) => (await rollUp()).find((role) => role.roleId === id)
const key = (...clusters: Cluster[]) => clusters.map((cluster) => cluster._id).sort().join(',')

describe('GET /api/role-project-clusters', () => {
  test('Surveyor: requirement totals, earliest starts and Deployed By, worked by hand', async () => {
    expect(await roleOf(surveyor._id)).toEqual({
      roleId: surveyor._id,
      roleName: 'Surveyor',
      requirement: 17,
      projects: [
        {
          projectId: alpha._id,
          projectName: alpha.name,
          requirement: 11,
          earliestStart: '2027-03-31',
          clusters: [
            { key: key(survey), label: 'Survey', requirement: 7, startDate: '2027-03-31', deployedBy: '2027-02-28' },
            { key: key(levels, marking), label: 'Levels + Marking', requirement: 4, startDate: '2027-05-10', deployedBy: '2027-04-10' },
          ],
        },
        {
          projectId: beta._id,
          projectName: beta.name,
          requirement: 6,
          earliestStart: '2027-01-15',
          clusters: [
            { key: key(survey), label: 'Survey', requirement: 3, startDate: '2027-01-15', deployedBy: '2026-12-15' },
            { key: key(levels, marking), label: 'Levels + Marking', requirement: 2, startDate: '2027-05-10', deployedBy: '2027-04-10' },
            { key: key(staking), label: 'Staking', requirement: 1, startDate: null, deployedBy: null },
          ],
        },
      ],
    })
  })

  test('Inspector: the same cards, another role', async () => {
    expect(await roleOf(inspector._id)).toEqual({
      roleId: inspector._id,
      roleName: 'Inspector',
      requirement: 3,
      projects: [
        { projectId: alpha._id, projectName: alpha.name, requirement: 2, earliestStart: '2027-05-10', clusters: [{ key: key(levels), label: 'Levels', requirement: 2, startDate: '2027-05-10', deployedBy: '2027-04-10' }] },
        { projectId: beta._id, projectName: beta.name, requirement: 1, earliestStart: '2027-05-10', clusters: [{ key: key(levels), label: 'Levels', requirement: 1, startDate: '2027-05-10', deployedBy: '2027-04-10' }] },
      ],
    })
  })

  test('every role is listed; those no project plans with no projects', async () => {
    const roles = await rollUp()
    expect(roles.find((role) => role.roleId === auditor._id)).toEqual({ roleId: auditor._id, roleName: 'Auditor', requirement: 0, projects: [] })
    for (const name of ['Admin', 'Developer', 'Engineer', 'PMO']) {
      expect(roles.find((role) => role.roleName === name), name).toMatchObject({ requirement: 0, projects: [] })
    }
    expect(roles.map((role) => role.roleName)).toEqual(['Admin', 'Auditor', 'Developer', 'Engineer', 'Inspector', 'PMO', 'Surveyor'])
  })

  test('a Site override moves the start and Deployed By of that project only; clearing it leaves no start', async () => {
    const move = (startDate: string | null) =>
      admin.put(OVERRIDES, { projectId: alpha._id, categoryId: site.categoryId, entityId: site._id, clusterId: levels._id, startDate, endDate: null })
    expect((await move('2027-05-31')).status).toBe(201)
    let role = (await roleOf(surveyor._id))!
    // 31 May minus a month: 31 April does not exist, so 30 April.
    expect(role.projects[0].clusters[1]).toEqual({ key: key(levels, marking), label: 'Levels + Marking', requirement: 4, startDate: '2027-05-31', deployedBy: '2027-04-30' })
    expect(role.projects[1].clusters[1].startDate).toBe('2027-05-10')
    expect((await roleOf(inspector._id))!.projects[0].earliestStart).toBe('2027-05-31')

    // Blank is what the user set for this project: the cluster's own date no longer applies, and Marking has none.
    expect((await move(null)).status).toBe(200)
    role = (await roleOf(surveyor._id))!
    expect(role.projects[0].clusters[1]).toMatchObject({ startDate: null, deployedBy: null })
    expect(role.projects[0].earliestStart).toBe('2027-03-31')
  })

  test('a 31 March start in a leap year is deployed by 29 February', async () => {
    const leap = await makeProject(admin, unique('Gamma'))
    await makeCard(admin, leap, typeB, ['G1'])
    expect((await admin.put(OVERRIDES, { projectId: leap._id, categoryId: site.categoryId, entityId: site._id, clusterId: survey._id, startDate: '2028-03-31', endDate: null })).status).toBe(201)
    const project = (await roleOf(surveyor._id))!.projects.find((row) => row.projectId === leap._id)
    expect(project).toEqual({
      projectId: leap._id,
      projectName: leap.name,
      requirement: 1,
      earliestStart: '2028-03-31',
      clusters: [{ key: key(survey), label: 'Survey', requirement: 1, startDate: '2028-03-31', deployedBy: '2028-02-29' }],
    })
  })

  test('signed out: 401', async () => {
    expectRefusal(await api.client().get('/api/role-project-clusters'), 401)
  })
})
