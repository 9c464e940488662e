import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Permission } from '#domain/constants'
import { projectEntityUserMappings, projectResourceInstances, siteOverrides } from '#api/db/schema'
import { expectedStatus, permissionMatrix, personaClients, PERSONAS, type Persona } from '../support/personas'
import { startApi, type Answer, type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeProject, type Project } from '../support/planning'
import {
  INSTANCES,
  MAPPINGS,
  OVERRIDES,
  REPLACE,
  cardBody,
  cardKey,
  instanceOf,
  makeCard,
  makePeople,
  residentialPlan,
  type Card,
  type Mapping,
  type Override,
  type Person,
  type ResidentialPlan,
  type TimelineRow,
} from '../support/projects'

/**
 * Who may make which projects call (DESIGN §4): reading needs `view`, saving a card or tags `add`,
 * setting Site dates `edit`, removing instances `delete`; `Admin` has all; nobody signed out. Each
 * cell is one test and checks the call's effect on the data: made when allowed, nothing when refused.
 * (tests/api/security-routes.test.ts walks the route table with status codes only.)
 */


/** What each persona's calls act on, so one persona's success never changes another's cell. */
interface Own {
  /** No cards yet: POST adds one. */
  toPlan: Project
  /** A Tower card Kept + Doomed: DELETE removes Doomed. */
  toTrim: Project
  /** A Tower card with one instance, Tagged: replace tags a user to its Excavation. */
  toTag: { project: Project; instance: string }
  /** No override yet: PUT sets Site MEP's dates. */
  toDate: Project
}

let api: Api
let admin: Client
let plan: ResidentialPlan
let people: Person[]
/** A project every reader reads: a Tower and a Site card, one tag, one Site override. */
let viewed: { project: Project; cards: Card[]; tag: Mapping; override: Override }
let clients: Map<Persona, Client>
const own = new Map<Persona, Own>()

beforeAll(async () => {
  api = await startApi()
  clients = await personaClients(api)
  admin = clients.get('Admin')!
  plan = await residentialPlan(api, admin)
  people = await makePeople(api, 2)

  const project = await makeProject(admin)
  const tower = await makeCard(admin, project, plan.towerType, ['Tower A'])
  // Cards are listed in the order they were added: the API's clock must move between them.
  api.advance(1000)
  const site = await makeCard(admin, project, plan.siteType, ['Site 1'])
  const tagged = await admin.post<{ mappings: Mapping[] }>(REPLACE, {
    projectId: project._id,
    projectEntityId: instanceOf(tower, 'Tower A'),
    roleId: plan.engineer,
    clusterIds: [plan.t[0]._id],
    userIds: [people[0]._id],
  })
  expect(tagged.status).toBe(200)
  const override = await admin.put<Override>(OVERRIDES, dates(project, '2027-01-05'))
  expect(override.status).toBe(201)
  viewed = { project, cards: [tower, site], tag: tagged.body.mappings[0], override: override.body }

  for (const persona of PERSONAS) {
    const toTrim = await makeProject(admin)
    await makeCard(admin, toTrim, plan.towerType, ['Kept', 'Doomed'])
    const toTag = await makeProject(admin)
    const card = await makeCard(admin, toTag, plan.towerType, ['Tagged'])
    own.set(persona, { toPlan: await makeProject(admin), toTrim, toTag: { project: toTag, instance: instanceOf(card, 'Tagged') }, toDate: await makeProject(admin) })
  }
})
afterAll(() => api?.close())

function dates(project: Project, startDate: string) {
  return { projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: plan.s[0]._id, startDate, endDate: null }
}
const n = async (rows: Promise<{ n: number }[]>) => (await rows)[0].n

type Call = {
  needs: Permission
  ok: number
  make: (client: Client, mine: Own) => Promise<Answer>
  /** What must be true after the call: the answer's data when allowed; the tables changed when allowed, unchanged when refused. */
  check: (answer: Answer, mine: Own, allowed: boolean) => Promise<void>
}

const CALLS: Record<string, Call> = {
  'GET /api/project-resource-instances': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`${INSTANCES}?projectId=${viewed.project._id}`),
    check: async (answer, _m, allowed) => {
      if (allowed) expect(answer.body).toEqual(viewed.cards)
    },
  },
  'POST /api/project-resource-instances': {
    needs: 'add',
    ok: 201,
    make: (client, mine) => client.post(INSTANCES, cardBody(mine.toPlan, plan.towerType, ['Tower A'])),
    check: async (_a, mine, allowed) => {
      expect(await n(api.db.select({ n: count() }).from(projectResourceInstances).where(eq(projectResourceInstances.projectId, mine.toPlan._id)))).toBe(allowed ? 1 : 0)
    },
  },
  'DELETE /api/project-resource-instances': {
    needs: 'delete',
    ok: 200,
    make: (client, mine) => client.delete(INSTANCES, cardKey(mine.toTrim, plan.towerType, 'Doomed')),
    check: async (_a, mine, allowed) => {
      const [card] = await admin.get<Card[]>(`${INSTANCES}?projectId=${mine.toTrim._id}`).then((answer) => answer.body)
      expect(card.names.map((entry) => entry.name)).toEqual(allowed ? ['Kept'] : ['Kept', 'Doomed'])
    },
  },
  'GET /api/project-entity-user-mappings': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`${MAPPINGS}?projectId=${viewed.project._id}`),
    check: async (answer, _m, allowed) => {
      if (allowed) expect(answer.body).toEqual([viewed.tag])
    },
  },
  'POST /api/project-entity-user-mappings/replace': {
    needs: 'add',
    ok: 200,
    make: (client, mine) =>
      client.post(REPLACE, { projectId: mine.toTag.project._id, projectEntityId: mine.toTag.instance, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [people[1]._id] }),
    check: async (_a, mine, allowed) => {
      const tags = api.db.select({ n: count() }).from(projectEntityUserMappings).where(eq(projectEntityUserMappings.projectEntityId, mine.toTag.instance))
      expect(await n(tags)).toBe(allowed ? 1 : 0)
    },
  },
  'GET /api/timelines/by-project-selection': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/timelines/by-project-selection?projectId=${viewed.project._id}&entityTypeId=${plan.site._id}`),
    check: async (answer, _m, allowed) => {
      if (allowed) expect((answer.body as unknown as TimelineRow[]).map((row) => [row.clusterId, row.startDate, row.default])).toEqual([
        [plan.s[0]._id, '2027-01-05', 'created'],
        [plan.s[1]._id, null, null],
        [plan.s[2]._id, null, null],
      ])
    },
  },
  'GET /api/timelines/site-overrides': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`${OVERRIDES}?projectId=${viewed.project._id}&categoryId=${plan.category._id}&entityId=${plan.site._id}`),
    check: async (answer, _m, allowed) => {
      if (allowed) expect(answer.body).toEqual([viewed.override])
    },
  },
  'PUT /api/timelines/site-overrides': {
    needs: 'edit',
    ok: 201,
    make: (client, mine) => client.put(OVERRIDES, dates(mine.toDate, '2027-02-01')),
    check: async (_a, mine, allowed) => {
      const rows = await api.db.select().from(siteOverrides).where(and(eq(siteOverrides.projectId, mine.toDate._id), eq(siteOverrides.clusterId, plan.s[0]._id)))
      expect(rows.map((row) => row.startDate)).toEqual(allowed ? ['2027-02-01'] : [])
    },
  },
  'GET /api/timelines/cluster-by-entity': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get(`/api/timelines/cluster-by-entity?projectId=${viewed.project._id}&entityId=${plan.site._id}`),
    check: async (answer, _m, allowed) => {
      if (allowed) expect((answer.body as unknown as TimelineRow[]).map((row) => row.clusterId)).toEqual([plan.s[0]._id, plan.s[1]._id])
    },
  },
  'GET /api/role-project-clusters': {
    needs: 'view',
    ok: 200,
    make: (client) => client.get('/api/role-project-clusters'),
    check: async (answer, _m, allowed) => {
      if (!allowed) return
      const engineer = (answer.body as unknown as { roleId: string; projects: { projectId: string }[] }[]).find((role) => role.roleId === plan.engineer)!
      expect(engineer.projects.map((row) => row.projectId)).toContain(viewed.project._id)
    },
  },
}


permissionMatrix('the permission matrix of the projects calls', {
  personas: PERSONAS,
  calls: CALLS,
  status: expectedStatus,
  make: (persona, call) => call.make(clients.get(persona)!, own.get(persona)!),
  check: (persona, call, answer, allowed) => call.check(answer, own.get(persona)!, allowed),
  covers: { title: 'covers every persona and every projects call of the spec, and the roll-up', personas: 7, calls: 10 },
})

describe('a refusal comes before anything is read or written', () => {
  test('a caller without view learns nothing about a project that does not exist', async () => {
    const answer = await clients.get('add')!.get(`${INSTANCES}?projectId=00000000-0000-4000-8000-000000000000`)
    expectRefusal(answer, 403)
  })

  test('a caller with view only cannot untag either: clearing is a save', async () => {
    const answer = await clients.get('view')!.post(REPLACE, { projectId: viewed.project._id, projectEntityId: instanceOf(viewed.cards[0], 'Tower A'), roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [] })
    expectRefusal(answer, 403)
    expect((await admin.get(`${MAPPINGS}?projectId=${viewed.project._id}`)).body).toEqual([viewed.tag])
  })
})
