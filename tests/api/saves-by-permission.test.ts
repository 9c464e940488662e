import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Permission } from '#domain/constants'
import { templateItems } from '#api/db/schema'
import type { Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeCluster, makePlanning, makeProject, templateItem, type Cluster, type Planning, type Project, type SaveAnswer } from '../support/planning'
import {
  INSTANCES,
  MAPPINGS,
  REPLACE,
  cardBody,
  instanceOf,
  makeCard,
  makeTemplate,
  residentialSuite,
  type Card,
  type Mapping,
  type Person,
  type ResidentialPlan,
} from '../support/projects'

/**
 * The saves that take a whole set (issue 28, item 3; DESIGN §4): what they would add needs `add`,
 * what they would change (renaming an instance, lowering a card's Number, a template's figures)
 * `edit`, what they would remove (instances, cards, a template's clusters, tags) `delete`. A save
 * the caller may not make in full is refused with 403 and a sentence naming what is missing, and
 * nothing of it is written.
 */

let api: Awaited<ReturnType<typeof residentialSuite>>['api']
let admin: Client
let plan: ResidentialPlan
let people: Person[]
const callers = new Map<string, Client>()
const as = (name: string) => callers.get(name)!

const HOLDINGS: Record<string, Permission[]> = {
  'only add': ['add'],
  'only edit': ['edit'],
  'only delete': ['delete'],
  'add and edit': ['add', 'edit'],
  'add and delete': ['add', 'delete'],
}

beforeAll(async () => {
  ;({ api, admin, plan, people } = await residentialSuite(4))
  for (const [name, permissions] of Object.entries(HOLDINGS)) callers.set(name, (await userHolding(api, permissions)).client)
})
afterAll(() => api?.close())

const REMOVING_INSTANCES = 'Removing instances needs the delete permission.'
const RENAMING = 'Renaming instances needs the edit permission.'

const planOf = (project: Project) => `/api/projects/${project._id}/plan`
const typeOf = (planning: Planning) => ({ categoryId: planning.categoryId._id, entityId: planning.entityId._id, typeId: planning._id })
const card = (planning: Planning, names: unknown[]) => ({ ...typeOf(planning), number: names.length, names })
const cardsOf = async (project: Project) => (await admin.get<Card[]>(`${INSTANCES}?projectId=${project._id}`)).body
const tagsOf = async (project: Project) => (await admin.get<Mapping[]>(`${MAPPINGS}?projectId=${project._id}`)).body
const namesOf = (cards: Card[]) => cards.map((saved) => saved.names.map((entry) => entry.name))

/** A project with a Tower card (Tower A tagged with people[0], Tower B) and a Site card (Site 1). */
async function plannedProject() {
  const project = await makeProject(admin)
  const tower = await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B'])
  api.advance(1000)
  await makeCard(admin, project, plan.siteType, ['Site 1'])
  const towerA = instanceOf(tower, 'Tower A')
  const towerB = instanceOf(tower, 'Tower B')
  const tagged = await admin.post(REPLACE, { projectId: project._id, projectEntityId: towerA, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [people[0]._id] })
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200)
  return { project, towerA, towerB, before: { cards: await cardsOf(project), tags: await tagsOf(project) } }
}

/** The refusal is a 403 with exactly this sentence, and the project is as it was. */
async function expectRefused(answer: Awaited<ReturnType<Client['put']>>, sentence: string, project: Project, before: { cards: Card[]; tags: Mapping[] }) {
  expectRefusal(answer, 403)
  expect(answer.body.error).toBe(sentence)
  expect(await cardsOf(project)).toEqual(before.cards)
  expect(await tagsOf(project)).toEqual(before.tags)
}

describe('PUT /api/projects/{id}/plan', () => {
  test("with only add, replacing a card's instances by new ones is refused: it would remove them and their tags", async () => {
    const { project, before } = await plannedProject()
    const answer = await as('only add').put(planOf(project), { removed: [], cards: [card(plan.towerType, ['Tower A', 'Tower B'])] })
    await expectRefused(answer, REMOVING_INSTANCES, project, before)
  })

  test('with only add, renaming an instance is refused: it changes what exists', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const answer = await as('only add').put(planOf(project), {
      removed: [],
      cards: [card(plan.towerType, [{ name: 'Tower North', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }])],
    })
    await expectRefused(answer, RENAMING, project, before)
  })

  test("with only add, lowering a card's Number is refused, naming both permissions it needs", async () => {
    const { project, towerA, before } = await plannedProject()
    const answer = await as('only add').put(planOf(project), { removed: [], cards: [card(plan.towerType, [{ name: 'Tower A', projectEntityId: towerA }])] })
    await expectRefused(answer, `Lowering a card's Number needs the edit permission. ${REMOVING_INSTANCES}`, project, before)
  })

  test('with only add, removing a card is refused, even beside a card it may add', async () => {
    const project = await makeProject(admin)
    await makeCard(admin, project, plan.siteType, ['Site 1'])
    const before = { cards: await cardsOf(project), tags: await tagsOf(project) }
    const answer = await as('only add').put(planOf(project), { removed: [typeOf(plan.siteType)], cards: [card(plan.towerType, ['Tower Q'])] })
    await expectRefused(answer, 'Removing cards needs the delete permission.', project, before)
  })

  test('with only add: adding instances beside the kept ones, and a new card, is saved; tags stay', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const answer = await as('only add').put<Card[]>(planOf(project), {
      removed: [],
      cards: [card(plan.towerType, [{ name: 'Tower A', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }, 'Tower C'])],
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(namesOf(answer.body)).toEqual([['Tower A', 'Tower B', 'Tower C'], ['Site 1']])
    expect(await tagsOf(project)).toEqual(before.tags)
  })

  test('with only add: a removed card that is already gone removes nothing, so it needs nothing more', async () => {
    const project = await makeProject(admin)
    const answer = await as('only add').put<Card[]>(planOf(project), { removed: [typeOf(plan.siteType)], cards: [card(plan.towerType, ['Tower Q'])] })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(namesOf(answer.body)).toEqual([['Tower Q']])
  })

  test('with add and edit: renaming is saved and keeps the tags; removing an instance is still refused', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const refused = await as('add and edit').put(planOf(project), { removed: [], cards: [card(plan.towerType, [{ name: 'Tower A', projectEntityId: towerA }, 'Tower Z'])] })
    await expectRefused(refused, REMOVING_INSTANCES, project, before)
    const renamed = await as('add and edit').put<Card[]>(planOf(project), {
      removed: [],
      cards: [card(plan.towerType, [{ name: 'Tower North', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }])],
    })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(namesOf(renamed.body)).toEqual([['Tower North', 'Tower B'], ['Site 1']])
    expect(await tagsOf(project)).toEqual(before.tags)
  })

  test('with add and delete: replacing an instance and removing a card is saved; renaming is still refused', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const refused = await as('add and delete').put(planOf(project), {
      removed: [typeOf(plan.siteType)],
      cards: [card(plan.towerType, [{ name: 'Tower North', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }])],
    })
    await expectRefused(refused, RENAMING, project, before)
    const saved = await as('add and delete').put<Card[]>(planOf(project), { removed: [typeOf(plan.siteType)], cards: [card(plan.towerType, [{ name: 'Tower B', projectEntityId: towerB }, 'Tower C'])] })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(namesOf(saved.body)).toEqual([['Tower B', 'Tower C']])
    expect(await tagsOf(project)).toEqual([])
  })

  test('with only edit or only delete, a plan save is refused before anything is read: saving a plan is adding to it', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const rename = { removed: [], cards: [card(plan.towerType, [{ name: 'Tower North', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }])] }
    await expectRefused(await as('only edit').put(planOf(project), rename), 'You do not have permission to do this.', project, before)
    await expectRefused(await as('only delete').put(planOf(project), { removed: [typeOf(plan.siteType)], cards: [] }), 'You do not have permission to do this.', project, before)
  })
})

describe('POST /api/project-resource-instances', () => {
  test('with only add, renaming an existing instance is refused and nothing changes', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const answer = await as('only add').post(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Renamed', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }]))
    await expectRefused(answer, RENAMING, project, before)
  })

  test('with only add, sending the names again without their instances is refused: it would replace them', async () => {
    const { project, before } = await plannedProject()
    const answer = await as('only add').post(INSTANCES, cardBody(project, plan.towerType, ['Tower A', 'Tower B']))
    await expectRefused(answer, REMOVING_INSTANCES, project, before)
  })

  test('with only add, adding an instance to a card and creating a card are saved', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const grown = await as('only add').post<Card>(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Tower A', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }, 'Tower C']))
    expect(grown.status, JSON.stringify(grown.body)).toBe(200)
    expect(grown.body.names.map((entry) => entry.name)).toEqual(['Tower A', 'Tower B', 'Tower C'])
    expect(await tagsOf(project)).toEqual(before.tags)
    const created = await as('only add').post<Card>(INSTANCES, cardBody(await makeProject(admin), plan.towerType, ['New 1']))
    expect(created.status, JSON.stringify(created.body)).toBe(201)
  })

  test('with add and edit, renaming is saved and the instance keeps its tagged users', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const answer = await as('add and edit').post<Card>(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Renamed', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }]))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(instanceOf(answer.body, 'Renamed')).toBe(towerA)
    expect(await tagsOf(project)).toEqual(before.tags)
  })

  test('with only edit, renaming is refused at the door: the call saves a card, which is adding', async () => {
    const { project, towerA, towerB, before } = await plannedProject()
    const answer = await as('only edit').post(INSTANCES, cardBody(project, plan.towerType, [{ name: 'Renamed', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: towerB }]))
    await expectRefused(answer, 'You do not have permission to do this.', project, before)
  })
})

describe('POST /api/project-entity-user-mappings/replace (untagging someone is removing: delete)', () => {
  const replace = (client: Client, project: Project, instance: string, userIds: string[]) =>
    client.post(REPLACE, { projectId: project._id, projectEntityId: instance, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds })

  test('with only add, clearing the tags or swapping a person is refused and the tags stay', async () => {
    const { project, towerA, before } = await plannedProject()
    await expectRefused(await replace(as('only add'), project, towerA, []), 'Untagging users needs the delete permission.', project, before)
    await expectRefused(await replace(as('only add'), project, towerA, [people[1]._id]), 'Untagging users needs the delete permission.', project, before)
  })

  test('with only add, tagging one more beside those tagged is saved', async () => {
    const { project, towerA } = await plannedProject()
    const answer = await replace(as('only add'), project, towerA, [people[0]._id, people[1]._id])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((await tagsOf(project)).map((tag) => tag.user._id).sort()).toEqual([people[0]._id, people[1]._id].sort())
  })

  test('with add and delete, untagging is saved', async () => {
    const { project, towerA } = await plannedProject()
    const answer = await replace(as('add and delete'), project, towerA, [people[2]._id])
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((await tagsOf(project)).map((tag) => tag.user._id)).toEqual([people[2]._id])
  })

  test('with only delete, untagging is refused at the door: the call is the Assign Users save', async () => {
    const { project, towerA, before } = await plannedProject()
    await expectRefused(await replace(as('only delete'), project, towerA, []), 'You do not have permission to do this.', project, before)
  })
})

describe('POST /api/resource-planning-templates with force (replacing an existing template)', () => {
  const TEMPLATES = '/api/resource-planning-templates'
  let clusters: Cluster[]
  beforeAll(async () => {
    clusters = [await makeCluster(admin, plan.tower), await makeCluster(admin, plan.tower), await makeCluster(admin, plan.tower)]
  })

  /** A planning type of three clusters whose template plans the first two (2 and 3 people). */
  async function savedTemplate() {
    const planning = await makePlanning(admin, plan.tower, [{ roleId: plan.pmo, clusters: clusters.map((cluster) => cluster._id) }])
    const template = await makeTemplate(admin, planning, [{ roleId: plan.pmo, clusters: [templateItem(clusters[0]._id, 2), templateItem(clusters[1]._id, 3)] }])
    return { planning, template }
  }
  const force = (client: Client, planning: Planning, items: ReturnType<typeof templateItem>[]) =>
    client.post<SaveAnswer>(TEMPLATES, { categoryId: planning.categoryId._id, entityId: planning.entityId._id, planningId: planning._id, roleClusters: [{ roleId: plan.pmo, clusters: items }], force: true })
  const figures = async (templateId: string) =>
    (await api.db.select().from(templateItems).where(eq(templateItems.templateId, templateId)).orderBy(asc(templateItems.position))).map((item) => [item.clusterIds, item.plannedPeople])

  test('with add and edit, dropping one of its clusters is refused and the template stays as it was', async () => {
    const { planning, template } = await savedTemplate()
    const before = await figures(template._id)
    const answer = await force(as('add and edit'), planning, [templateItem(clusters[0]._id, 2)])
    expectRefusal(answer, 403)
    expect(answer.body.error).toBe('Removing clusters from a template needs the delete permission.')
    expect(await figures(template._id)).toEqual(before)
  })

  test('with only add, changing planned people is refused; adding a cluster beside the unchanged ones is saved', async () => {
    const { planning, template } = await savedTemplate()
    const before = await figures(template._id)
    const changed = await force(as('only add'), planning, [templateItem(clusters[0]._id, 9), templateItem(clusters[1]._id, 3)])
    expectRefusal(changed, 403)
    expect(changed.body.error).toBe("Changing a template's planned people or interchanges needs the edit permission.")
    expect(await figures(template._id)).toEqual(before)
    const grown = await force(as('only add'), planning, [templateItem(clusters[0]._id, 2), templateItem(clusters[1]._id, 3), templateItem(clusters[2]._id, 4)])
    expect(grown.status, JSON.stringify(grown.body)).toBe(200)
    expect(await figures(template._id)).toEqual([...before, [[clusters[2]._id], 4]])
  })

  test('with add and edit, changing planned people is saved; with add and delete, dropping a cluster is saved', async () => {
    const { planning, template } = await savedTemplate()
    const changed = await force(as('add and edit'), planning, [templateItem(clusters[0]._id, 9), templateItem(clusters[1]._id, 3)])
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(await figures(template._id)).toEqual([[[clusters[0]._id], 9], [[clusters[1]._id], 3]])
    const dropped = await force(as('add and delete'), planning, [templateItem(clusters[1]._id, 3)])
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200)
    expect(await figures(template._id)).toEqual([[[clusters[1]._id], 3]])
  })
})
