import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projectEntities, projectEntityUserMappings, projectResourceInstances, siteOverrides } from '#api/db/schema'
import { signedUpUser, startApi, type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import { INSTANCES, MAPPINGS, MISSING, OVERRIDES, REPLACE, cardBody, cardKey, instanceOf, makeCard, makePeople, residentialPlan, type Person, type ResidentialPlan } from '../support/projects'

/**
 * Bad input to the projects calls never gives a 5xx: each is a 4xx with a JSON {error} naming the
 * field, nothing is written, and the API keeps answering.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let project: Project
let instance: string
let people: Person[]

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  people = await makePeople(api, 1)
  project = await makeProject(admin)
  instance = instanceOf(await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B']), 'Tower A')
})
afterAll(() => api?.close())

const written = async () => ({
  cards: (await api.db.select({ n: count() }).from(projectResourceInstances))[0].n,
  instances: (await api.db.select({ n: count() }).from(projectEntities))[0].n,
  tags: (await api.db.select({ n: count() }).from(projectEntityUserMappings))[0].n,
  overrides: (await api.db.select({ n: count() }).from(siteOverrides))[0].n,
})
const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)

describe('bodies of the wrong shape, on every projects call that reads one', () => {
  const calls: [string, string, string][] = [
    ['POST /api/project-resource-instances', 'POST', INSTANCES],
    ['DELETE /api/project-resource-instances', 'DELETE', INSTANCES],
    ['POST /api/project-entity-user-mappings/replace', 'POST', REPLACE],
    ['PUT /api/timelines/site-overrides', 'PUT', OVERRIDES],
  ]
  const json = { 'content-type': 'application/json' }
  const bodies: [string, string, Record<string, string>][] = [
    ['invalid JSON', '{"projectId": ', json],
    ['JSON that is not an object (array)', '[1, 2, 3]', json],
    ['JSON that is not an object (string)', '"Tower"', json],
    ['JSON null', 'null', json],
    ['an empty body with content-type json', '', json],
    [
      'wrong types everywhere',
      JSON.stringify({ projectId: 42, categoryId: [], entityId: {}, typeId: true, number: 'many', names: 'Tower A', name: 7, projectEntityId: 5, clusterIds: 'x', userIds: {}, roleId: 1, clusterId: [], startDate: 20270101, endDate: {} }),
      json,
    ],
    ['ids that are not ids', JSON.stringify({ projectId: "'; drop table projects; --", categoryId: '1', entityId: '2', typeId: '3', number: 1, names: ['A'], projectEntityId: '4', roleId: '5', clusterIds: ['6'], userIds: ['7'], clusterId: '8', startDate: null, endDate: null }), json],
    ['a number past any integer', '{"projectId": "' + MISSING + '", "number": 1e400, "names": ["A"]}', json],
    ['__proto__ keys', '{"__proto__": {"isAdmin": true}, "projectId": "x"}', json],
    ['a NUL in a name', JSON.stringify({ names: ['To\u0000wer'], name: 'To\u0000wer' }), json],
    ['an oversized body (over 64 KB)', JSON.stringify({ names: ['x'.repeat(70 * 1024)] }), json],
    ['huge lists', JSON.stringify({ names: Array.from({ length: 5000 }, (_, i) => `N${i}`), userIds: ids(1500), clusterIds: ids(600) }), json],
    ['a form-encoded body', 'projectId=x&names=A', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['text/plain', '{"projectId":"x"}', { 'content-type': 'text/plain' }],
  ]

  describe.each(calls)('%s', (_name, method, path) => {
    test.each(bodies)('%s: 4xx with a JSON {error}; nothing written; the server still answers', async (_, body, headers) => {
      const before = await written()
      expectRefusal(await admin.request(method, path, body, headers))
      expect(await written()).toEqual(before)
      expect((await api.client().get('/landing')).status).toBe(200)
    })
  })
})

describe('fields of the wrong type or size: 400 naming the field', () => {
  const save = (over: Record<string, unknown>) => cardBody(project, plan.towerType, ['Tower A', 'Tower B'], over)
  const remove = (over: Record<string, unknown>) => ({ ...cardKey(project, plan.towerType, 'Tower B'), ...over })
  const tag = (over: Record<string, unknown>) => ({ projectId: project._id, projectEntityId: instance, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [people[0]._id], ...over })
  const dates = (over: Record<string, unknown>) => ({ projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[0]._id, startDate: '2027-01-01', endDate: null, ...over })
  const longName = 'x'.repeat(101)

  test.each([
    ['POST', INSTANCES, 'names not a list', () => save({ names: 'Tower A' }), 'names: names must be a list'],
    ['POST', INSTANCES, 'a name that is a number', () => save({ names: [42, 'Tower B'] }), 'names.0: Each name must be text'],
    ['POST', INSTANCES, 'a name that is a list', () => save({ names: [['Tower A'], 'Tower B'] }), 'names.0: Each name must be text'],
    ['POST', INSTANCES, 'a name object whose name is a number', () => save({ names: [{ name: 5 }, 'Tower B'] }), 'names.0.name: Each name must be text'],
    ['POST', INSTANCES, 'a projectEntityId that is not an id', () => save({ names: [{ name: 'Tower A', projectEntityId: 'abc' }, 'Tower B'] }), 'names.0.projectEntityId: Not an instance of this card'],
    ['POST', INSTANCES, 'a name over 100 characters', () => save({ names: [longName, 'Tower B'] }), 'names.0.name: Instance name must be at most 100 characters'],
    ['POST', INSTANCES, 'a name on two lines', () => save({ names: ['Tower\nA', 'Tower B'] }), 'names.0.name: Instance name cannot contain control characters'],
    ['POST', INSTANCES, 'an unpaired surrogate in a name', () => save({ names: ['Tower \ud800', 'Tower B'] }), 'names.0.name: Instance name contains characters that cannot be saved'],
    ['POST', INSTANCES, 'a huge Number', () => save({ number: 1e9 }), 'number: Number must be at most 200'],
    ['POST', INSTANCES, 'a Number that is not a number', () => save({ number: 'two' }), 'number: Number must be a number'],
    ['POST', INSTANCES, 'a Number that is true', () => save({ number: true }), 'number: Number must be a number'],
    ['POST', INSTANCES, 'a fractional Number', () => save({ number: 1.5 }), 'number: Number must be a whole number'],
    ['POST', INSTANCES, 'a negative Number', () => save({ number: -2 }), 'number: Number must be at least 1'],
    ['POST', INSTANCES, 'more than 200 names', () => save({ number: 2, names: Array.from({ length: 201 }, (_, i) => `N${i}`) }), 'names: At most 200 names'],
    ['POST', INSTANCES, 'a project id that is not an id', () => save({ projectId: 'skyline' }), 'projectId: Choose a project from the list'],
    ['POST', INSTANCES, 'a type id that is a number', () => save({ typeId: 42 }), 'typeId: Please select all fields.'],
    ['POST', INSTANCES, 'an unknown field', () => save({ force: true }), 'force: Unknown field'],
    ['DELETE', INSTANCES, 'a name that is a number', () => remove({ name: 7 }), 'name: Instance name must be text'],
    ['DELETE', INSTANCES, 'a name over 100 characters', () => remove({ name: longName }), 'name: Instance name must be at most 100 characters'],
    ['DELETE', INSTANCES, 'a category id that is not an id', () => remove({ categoryId: 'residential' }), 'categoryId: Choose a category from the list'],
    ['DELETE', INSTANCES, 'names instead of name', () => remove({ names: ['Tower B'] }), 'names: Unknown field'],
    ['POST', REPLACE, 'userIds not a list', () => tag({ userIds: people[0]._id }), 'userIds: Send the users as a list'],
    // Issue 28: the users are the whole set the cluster keeps; null is not "nobody" (clearing sends []).
    ['POST', REPLACE, 'userIds null', () => tag({ userIds: null }), 'userIds: Send the users as a list'],
    ['POST', REPLACE, 'userIds left out', () => tag({ userIds: undefined }), 'userIds: Send the users as a list'],
    ['POST', REPLACE, 'a user id that is a number', () => tag({ userIds: [42] }), 'userIds.0: Choose users from the list'],
    ['POST', REPLACE, 'a user id that is not an id', () => tag({ userIds: ['ana@example.com'] }), 'userIds.0: Choose users from the list'],
    ['POST', REPLACE, 'more than 1000 users', () => tag({ userIds: ids(1001) }), 'userIds: At most 1000 users'],
    ['POST', REPLACE, 'clusterIds not a list', () => tag({ clusterIds: plan.t[0]._id }), 'clusterIds: clusters must be a list'],
    ['POST', REPLACE, 'a group nested in clusterIds', () => tag({ clusterIds: [[plan.t[1]._id, plan.t[2]._id]] }), 'clusterIds.0: Choose a cluster from the list'],
    ['POST', REPLACE, 'more than 500 clusters', () => tag({ clusterIds: ids(501) }), 'clusterIds: At most 500 clusters'],
    ['POST', REPLACE, 'a role by name', () => tag({ roleId: 'Engineer' }), 'roleId: Choose a role from the list'],
    ['POST', REPLACE, 'a project entity id that is not an id', () => tag({ projectEntityId: 'Tower A' }), 'projectEntityId: Project entity id missing. Please ensure project entities are saved first.'],
    ['PUT', OVERRIDES, 'a date that is a number', () => dates({ startDate: 20270101 }), 'startDate: Enter a valid date (YYYY-MM-DD)'],
    ['PUT', OVERRIDES, 'a date with a five-digit year', () => dates({ startDate: '20270-01-01' }), 'startDate: Enter a valid date (YYYY-MM-DD)'],
    ['PUT', OVERRIDES, 'a date before 1900', () => dates({ startDate: '1899-12-31' }), 'startDate: Enter a date between 1900 and 2100'],
    ['PUT', OVERRIDES, 'a date with a time', () => dates({ endDate: '2027-01-02T10:00:00Z' }), 'endDate: Enter a valid date (YYYY-MM-DD)'],
    ['PUT', OVERRIDES, 'a cluster id that is not an id', () => dates({ clusterId: 'Site Excavation' }), 'clusterId: Choose a cluster from the list'],
    ['PUT', OVERRIDES, 'no entity', () => dates({ entityId: undefined }), 'entityId: Choose an entity from the list'],
  ])('%s %s: %s', async (method, path, _, body, message) => {
    const before = await written()
    const answer = await admin.request(method, path, body())
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await written()).toEqual(before)
  })
})

describe('query strings: 400 naming the parameter', () => {
  test.each([
    [`${INSTANCES}?projectId=skyline`, 'projectId: projectId must be an id'],
    [`${INSTANCES}?projectId=`, 'projectId: projectId is required'],
    [`${INSTANCES}?projectId=${MISSING}&projectId=${MISSING}`, 'projectId: projectId is required'],
    [`${INSTANCES}?projectId=%27%3B--`, 'projectId: projectId must be an id'],
    [`${INSTANCES}?projectId=${'a'.repeat(5000)}`, 'projectId: projectId must be an id'],
    [`${MAPPINGS}?projectId=1`, 'projectId: projectId must be an id'],
    [`${MAPPINGS}`, 'projectId: projectId is required'],
    [`/api/timelines/by-project-selection?projectId=${MISSING}&entityTypeId=site`, 'entityTypeId: entityTypeId must be an id'],
    [`${OVERRIDES}?projectId=${MISSING}&entityId=${MISSING}&categoryId=residential`, 'categoryId: categoryId must be an id'],
    [`${OVERRIDES}?projectId=${MISSING}`, 'entityId: entityId is required'],
    [`/api/timelines/cluster-by-entity?projectId=x&entityId=y`, 'projectId: projectId must be an id'],
    [`/api/timelines/cluster-by-entity?projectId=${MISSING}`, 'entityId: entityId is required'],
  ])('GET %s', async (path, message) => {
    const answer = await admin.get(path)
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
  })
})
