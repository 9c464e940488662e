import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projectEntities, projectEntityUserMappings, projectResourceInstances, resourcePlanningTemplates } from '#api/db/schema'
import { type Api, type Client } from '../support/api-harness'
import { expectRefusal, makeCategory, makeEntity, makeCluster, makePlanning, makeProject, unique, type Planning, type Project } from '../support/planning'
import {
  INSTANCES,
  MISSING,
  REPLACE,
  cardBody,
  cardKey,
  instanceOf,
  makeCard,
  residentialSuite,
  type Card,
  type Person,
  type ReplaceAnswer,
  type ResidentialPlan,
} from '../support/projects'

/**
 * Project Resource Planning's cards (spec/administration-planning.md §5, §7 "Projects"): one card per project, category, entity
 * type and planning type, with Number named instances; users are tagged to those instances, so
 * what a save or a delete does to them is checked in the tables.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let people: Person[]

beforeAll(async () => {
  ;({ api, admin, plan, people } = await residentialSuite(4))
})
afterAll(() => api?.close())

const save = (body: unknown) => admin.post<Card>(INSTANCES, body)
const cardsOf = async (project: Project) => {
  const answer = await admin.get<Card[]>(`${INSTANCES}?projectId=${project._id}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}
/** Tags users to one row of an instance, insisting it worked. */
async function tag(project: Project, projectEntityId: string, roleId: string, clusterIds: string[], userIds: string[]) {
  const answer = await admin.post<ReplaceAnswer>(REPLACE, { projectId: project._id, projectEntityId, roleId, clusterIds, userIds })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}
const tagsOf = async (projectEntityIds: string[]) =>
  (await api.db.select({ n: count() }).from(projectEntityUserMappings).where(inArray(projectEntityUserMappings.projectEntityId, projectEntityIds)))[0].n
const rowCounts = async () => ({
  cards: (await api.db.select({ n: count() }).from(projectResourceInstances))[0].n,
  instances: (await api.db.select({ n: count() }).from(projectEntities))[0].n,
  tags: (await api.db.select({ n: count() }).from(projectEntityUserMappings))[0].n,
})
const positionsOf = async (cardId: string) =>
  (await api.db.select({ name: projectEntities.name, position: projectEntities.position }).from(projectEntities).where(eq(projectEntities.instanceId, cardId))).sort(
    (a, b) => a.position - b.position,
  )

describe('POST /api/project-resource-instances: a new card', () => {
  test('is created: 201 with the card, its instances in order and the display names', async () => {
    const project = await makeProject(admin)
    const answer = await save(cardBody(project, plan.towerType, ['Tower A', ' Tower B ']))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body).toEqual({
      _id: expect.any(String),
      projectId: project._id,
      categoryId: plan.category._id,
      entityId: plan.tower._id,
      typeId: plan.towerType._id,
      number: 2,
      names: [
        { _id: expect.any(String), name: 'Tower A', projectEntityId: expect.any(String) },
        { _id: expect.any(String), name: 'Tower B', projectEntityId: expect.any(String) },
      ],
      projectName: project.name,
      categoryName: plan.category.name,
      entityName: 'Tower',
      typeName: plan.towerType.typeName,
    })
    for (const entry of answer.body.names) expect(entry.projectEntityId).toBe(entry._id)
    expect(await cardsOf(project)).toEqual([answer.body])
  })

  test('GET lists a project’s cards in the order they were added, and no other project’s', async () => {
    const project = await makeProject(admin)
    const other = await makeProject(admin)
    const site = await makeCard(admin, project, plan.siteType, ['Site 1'])
    api.advance(1000)
    const tower = await makeCard(admin, project, plan.towerType, ['Tower A'])
    api.advance(1000)
    await makeCard(admin, other, plan.towerType, ['Elsewhere'])
    expect((await cardsOf(project)).map((card) => card._id)).toEqual([site._id, tower._id])
    expect(await cardsOf(await makeProject(admin))).toEqual([])
  })

  test('a project with a global category plans in that category', async () => {
    const project = await makeProject(admin, unique('Fixed'), plan.category._id)
    const answer = await save(cardBody(project, plan.towerType, ['Tower A']))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  })

  test('Number is the count of names; a form’s text number is taken', async () => {
    const project = await makeProject(admin)
    const answer = await save(cardBody(project, plan.towerType, ['A', 'B', 'C'], { number: '3' }))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.number).toBe(3)
  })
})

describe('POST /api/project-resource-instances: the same combination again replaces its instances (200)', () => {
  let project: Project
  let card: Card
  let a: string
  let b: string
  let c: string
  beforeAll(async () => {
    project = await makeProject(admin)
    card = await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B', 'Tower C'])
    ;[a, b, c] = ['Tower A', 'Tower B', 'Tower C'].map((name) => instanceOf(card, name))
    await tag(project, a, plan.engineer, [plan.t[0]._id], [people[0]._id, people[1]._id])
    await tag(project, b, plan.engineer, [plan.t[1]._id, plan.t[2]._id], [people[2]._id])
    await tag(project, c, plan.engineer, [plan.t[0]._id], [people[3]._id])
  })

  test('the card sent back as GET answered it changes nothing: same instances, same tags', async () => {
    const [current] = await cardsOf(project)
    const before = await rowCounts()
    const answer = await save(cardBody(project, plan.towerType, current.names))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual(current)
    expect(await rowCounts()).toEqual(before)
  })

  test('a name sent with its projectEntityId keeps its instance and tags under the new name; names left out go with their tags', async () => {
    const answer = await save(cardBody(project, plan.towerType, ['Tower D', { name: 'Tower A (North)', projectEntityId: a }]))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ _id: card._id, number: 2 })
    expect(answer.body.names).toEqual([
      { _id: expect.any(String), name: 'Tower D', projectEntityId: expect.any(String) },
      { _id: a, name: 'Tower A (North)', projectEntityId: a },
    ])
    expect(answer.body.names[0]._id).not.toBe(b)
    expect(answer.body.names[0]._id).not.toBe(c)
    // Tower A's two tags stay; Tower B's group tag (one row per cluster) and Tower C's tag went with them.
    expect(await tagsOf([a])).toBe(2)
    expect(await tagsOf([b, c])).toBe(0)
    expect(await api.db.select().from(projectEntities).where(inArray(projectEntities.id, [b, c]))).toEqual([])
    expect(await positionsOf(card._id)).toEqual([
      { name: 'Tower D', position: 0 },
      { name: 'Tower A (North)', position: 1 },
    ])
    expect(await cardsOf(project)).toEqual([answer.body])
  })

  test('a projectEntityId that is not an instance of this card: 400, nothing written', async () => {
    const other = await makeCard(admin, await makeProject(admin), plan.towerType, ['Stranger'])
    const before = await rowCounts()
    const answer = await save(cardBody(project, plan.towerType, [{ name: 'Borrowed', projectEntityId: other.names[0]._id }]))
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('names.0: Not an instance of this card')
    expect(await rowCounts()).toEqual(before)
  })

  test('one instance sent twice: 400, nothing written', async () => {
    const [current] = await cardsOf(project)
    const kept = current.names[1]
    const before = await rowCounts()
    const answer = await save(cardBody(project, plan.towerType, [{ name: 'One', projectEntityId: kept._id }, { name: 'Two', projectEntityId: kept._id }]))
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('names.1: Not an instance of this card')
    expect(await rowCounts()).toEqual(before)
  })

  test('two saves of one new card at once: one creates it (201), the other replaces its instances (200); one set of names stays', async () => {
    const fresh = await makeProject(admin)
    const sets = [['North', 'South'], ['East', 'West', 'Centre']]
    const answers = await Promise.all(sets.map((names) => save(cardBody(fresh, plan.towerType, names))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201])
    const cards = await cardsOf(fresh)
    expect(cards).toHaveLength(1)
    expect(sets).toContainEqual(cards[0].names.map((entry) => entry.name))
  })
})

describe('POST /api/project-resource-instances: refusals (400, nothing written)', () => {
  let project: Project
  let fixed: Project
  let emptyTemplateType: Planning
  let otherCategoryType: Planning
  beforeAll(async () => {
    project = await makeProject(admin)
    // A category the fixed project does not plan, with a planned type of its own.
    const commercial = await makeCategory(admin, unique('Commercial'))
    const block = await makeEntity(admin, commercial._id, 'Block')
    const cluster = await makeCluster(admin, block, 'Block Finishing')
    otherCategoryType = await makePlanning(admin, block, [{ roleId: plan.engineer, clusters: [cluster._id] }])
    const saved = await admin.post('/api/resource-planning-templates', {
      categoryId: commercial._id,
      entityId: block._id,
      planningId: otherCategoryType._id,
      roleClusters: [{ roleId: plan.engineer, clusters: [{ clusterId: cluster._id, plannedPeople: 1, isInterchange: false, interchanges: [] }] }],
    })
    expect(saved.status).toBe(201)
    fixed = await makeProject(admin, unique('Fixed'), plan.category._id)
    // The API deletes a template with its last cluster, so a template without clusters can only be
    // a row left from elsewhere (an import, an older version): written directly.
    emptyTemplateType = await makePlanning(admin, plan.tower, [{ roleId: plan.engineer, clusters: [plan.t[0]._id] }])
    await api.db.insert(resourcePlanningTemplates).values({
      categoryId: plan.category._id,
      entityId: plan.tower._id,
      planningId: emptyTemplateType._id,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
  })

  const tower = (over: Record<string, unknown> = {}, names: unknown[] = ['Tower A', 'Tower B']) => cardBody(project, plan.towerType, names, over)
  test.each([
    ['no project', () => tower({ projectId: undefined }), 'projectId: Please select all fields.'],
    ['a blank category', () => tower({ categoryId: '' }), 'categoryId: Please select all fields.'],
    ['no entity', () => tower({ entityId: null }), 'entityId: Please select all fields.'],
    ['no type', () => tower({ typeId: '  ' }), 'typeId: Please select all fields.'],
    ['fewer names than Number', () => tower({ number: 3 }), 'names: Please fill all instance names for all cards.'],
    ['more names than Number', () => tower({ number: 1 }), 'names: Please fill all instance names for all cards.'],
    ['a blank name', () => tower({}, ['Tower A', '   ']), 'names: Please fill all instance names for all cards.'],
    ['no names', () => tower({ number: 1 }, []), 'names: Please fill all instance names for all cards.'],
    ['names repeated whatever their case', () => tower({}, ['Tower A', ' tower a']), 'names: Instance names must differ within a card'],
    ['Number 0', () => tower({ number: 0 }, []), 'number: Number must be at least 1'],
    ['a planning type without a template', () => cardBody(project, plan.bareType, ['Tower A']), 'No data found for this selection.'],
    ['a template without clusters', () => cardBody(project, emptyTemplateType, ['Tower A']), 'No data found for this selection.'],
    ['another category than the project’s global one', () => cardBody(fixed, otherCategoryType, ['Block A']), 'categoryId: This project plans only its own category'],
    ['a type of another entity', () => tower({ entityId: plan.site._id }), 'typeId: This type is not of the chosen category and entity'],
    ['a type of another category', () => tower({ typeId: otherCategoryType._id }), 'typeId: This type is not of the chosen category and entity'],
    ['a type that does not exist', () => tower({ typeId: MISSING }), 'typeId: This type is not of the chosen category and entity'],
    ['a project that does not exist', () => tower({ projectId: MISSING }), 'projectId: Project not found'],
  ])('%s', async (_, body, message) => {
    const before = await rowCounts()
    const answer = await save(body())
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(message)
    expect(await rowCounts()).toEqual(before)
  })

  test('GET of a project that does not exist: 404; without a project: 400', async () => {
    const unknown = await admin.get(`${INSTANCES}?projectId=${MISSING}`)
    expectRefusal(unknown, 404)
    expect(unknown.body.error).toBe('Project not found')
    const missing = await admin.get(INSTANCES)
    expectRefusal(missing, 400)
    expect(missing.body.error).toBe('projectId: projectId is required')
  })
})

describe('DELETE /api/project-resource-instances', () => {
  const remove = (body: unknown) => admin.delete<{ message: string; removedInstances: string[]; removedTags: number }>(INSTANCES, body)

  test('one instance by name: its tags go with it, the others keep theirs and close ranks', async () => {
    const project = await makeProject(admin)
    const card = await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B', 'Tower C'])
    const [a, b, c] = ['Tower A', 'Tower B', 'Tower C'].map((name) => instanceOf(card, name))
    await tag(project, a, plan.engineer, [plan.t[0]._id], [people[0]._id])
    // Two users on Excavation, one on the Foundation + Plinth group (a row per cluster): four tags.
    await tag(project, b, plan.engineer, [plan.t[0]._id], [people[1]._id, people[2]._id])
    await tag(project, b, plan.engineer, [plan.t[1]._id, plan.t[2]._id], [people[3]._id])
    const answer = await remove(cardKey(project, plan.towerType, 'Tower B'))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({ message: 'Instance deleted', removedInstances: ['Tower B'], removedTags: 4 })
    expect(await tagsOf([b])).toBe(0)
    expect(await tagsOf([a])).toBe(1)
    const [left] = await cardsOf(project)
    expect(left.number).toBe(2)
    expect(left.names.map((entry) => [entry._id, entry.name])).toEqual([
      [a, 'Tower A'],
      [c, 'Tower C'],
    ])
    expect(await positionsOf(card._id)).toEqual([
      { name: 'Tower A', position: 0 },
      { name: 'Tower C', position: 1 },
    ])
    // The next save appends after them.
    const resaved = await save(cardBody(project, plan.towerType, [...left.names, 'Tower E']))
    expect(resaved.status).toBe(200)
    expect(await positionsOf(card._id)).toEqual([
      { name: 'Tower A', position: 0 },
      { name: 'Tower C', position: 1 },
      { name: 'Tower E', position: 2 },
    ])
  })

  test('the last instance: the card goes with it', async () => {
    const project = await makeProject(admin)
    const card = await makeCard(admin, project, plan.towerType, ['Only'])
    await tag(project, card.names[0]._id, plan.engineer, [plan.t[0]._id], [people[0]._id, people[1]._id])
    const answer = await remove(cardKey(project, plan.towerType, 'Only'))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toEqual({ message: 'Card deleted', removedInstances: ['Only'], removedTags: 2 })
    expect(await cardsOf(project)).toEqual([])
    expect(await tagsOf([card.names[0]._id])).toBe(0)
  })

  test('without a name: the whole card, every instance and tag', async () => {
    const project = await makeProject(admin)
    const site = await makeCard(admin, project, plan.siteType, ['Site 1'])
    const card = await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B'])
    await tag(project, card.names[0]._id, plan.engineer, [plan.t[0]._id], [people[0]._id])
    await tag(project, card.names[1]._id, plan.engineer, [plan.t[1]._id, plan.t[2]._id], [people[1]._id])
    await tag(project, site.names[0]._id, plan.engineer, [plan.s[0]._id], [people[2]._id])
    const answer = await remove(cardKey(project, plan.towerType))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ message: 'Card deleted', removedTags: 3 })
    expect([...answer.body.removedInstances].sort()).toEqual(['Tower A', 'Tower B'])
    expect(await cardsOf(project)).toEqual([site])
    expect(await tagsOf(card.names.map((entry) => entry._id))).toBe(0)
    expect(await tagsOf([site.names[0]._id])).toBe(1)
  })

  test('a name sent blank is refused (400), never read as the whole card', async () => {
    const project = await makeProject(admin)
    await makeCard(admin, project, plan.towerType, ['Tower A'])
    const before = await rowCounts()
    const answer = await remove({ ...cardKey(project, plan.towerType), name: '  ' })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('name: Instance name is required')
    expect(await rowCounts()).toEqual(before)
  })

  test('a name or a card that is not there: 404, nothing removed', async () => {
    const project = await makeProject(admin)
    await makeCard(admin, project, plan.towerType, ['Tower A'])
    const before = await rowCounts()
    const name = await remove(cardKey(project, plan.towerType, 'Tower Z'))
    expectRefusal(name, 404)
    expect(name.body.error).toBe('No instance named "Tower Z" in this card')
    const card = await remove(cardKey(project, plan.siteType))
    expectRefusal(card, 404)
    expect(card.body.error).toBe('This card is not part of the project')
    expectRefusal(await remove(cardKey(MISSING, plan.towerType)), 404)
    expect(await rowCounts()).toEqual(before)
  })

  test('without the combination: 400 with the spec’s text', async () => {
    const answer = await remove({ projectId: MISSING, categoryId: plan.category._id, entityId: plan.tower._id })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe('typeId: Please select all fields.')
  })
})

describe('deleting a project', () => {
  test('is refused (409) while it has cards, and allowed once they are removed', async () => {
    const project = await makeProject(admin)
    const card = await makeCard(admin, project, plan.towerType, ['Tower A'])
    await tag(project, card.names[0]._id, plan.engineer, [plan.t[0]._id], [people[0]._id])
    const refused = await admin.delete(`/api/projects/${project._id}`)
    expectRefusal(refused, 409)
    expect(refused.body.error).toBe('This project cannot be deleted while it has planned cards. Remove its cards first.')
    expect(await cardsOf(project)).toEqual([card])
    expect(await tagsOf([card.names[0]._id])).toBe(1)

    expect((await admin.delete(INSTANCES, cardKey(project, plan.towerType))).status).toBe(200)
    const deleted = await admin.delete(`/api/projects/${project._id}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expectRefusal(await admin.get(`${INSTANCES}?projectId=${project._id}`), 404)
  })
})
