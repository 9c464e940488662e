import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projectMessages } from '#domain/planning/messages'
import type { Api, Client } from '../support/api-harness'
import { userHolding } from '../support/personas'
import { expectRefusal, makeProject, type Planning, type Project } from '../support/planning'
import { INSTANCES, MISSING, REPLACE, instanceOf, makeCard, residentialSuite, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * PUT /api/projects/{id}/plan: the Project Resource Planning screen's Save, whole or not at all
 * (issue 15). Removed cards go first, then each card as POST /api/project-resource-instances saves it.
 */

let api: Api
let admin: Client
let plan: ResidentialPlan
let people: Person[]

beforeAll(async () => {
  ;({ api, admin, plan, people } = await residentialSuite(2))
})
afterAll(() => api?.close())

const planOf = (project: Project) => `/api/projects/${project._id}/plan`
const typeOf = (planning: Planning) => ({ categoryId: planning.categoryId._id, entityId: planning.entityId._id, typeId: planning._id })
const card = (planning: Planning, names: unknown[]) => ({ ...typeOf(planning), number: names.length, names })
const cardsOf = async (project: Project) => (await admin.get<Card[]>(`${INSTANCES}?projectId=${project._id}`)).body
const summary = (cards: Card[]) => cards.map((saved) => ({ typeId: saved.typeId, names: saved.names.map((entry) => entry.name) }))

/** A project with a Tower card (Tower A, tagged; Tower B) and a Site card (Site 1). */
async function plannedProject() {
  const project = await makeProject(admin)
  const tower = await makeCard(admin, project, plan.towerType, ['Tower A', 'Tower B'])
  await makeCard(admin, project, plan.siteType, ['Site 1'])
  const towerA = instanceOf(tower, 'Tower A')
  const tagged = await admin.post(REPLACE, { projectId: project._id, projectEntityId: towerA, roleId: plan.engineer, clusterIds: [plan.t[0]._id], userIds: [people[0]._id] })
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200)
  return { project, tower, towerA }
}

describe('PUT /api/projects/{id}/plan', () => {
  test('removes, renames and adds in one call, answers the whole plan, and a kept instance keeps its tagged users', async () => {
    const { project, towerA } = await plannedProject()
    const answer = await admin.put<Card[]>(planOf(project), {
      removed: [typeOf(plan.siteType)],
      cards: [card(plan.towerType, [{ name: 'Tower North', projectEntityId: towerA }, 'Tower C'])],
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(summary(answer.body)).toEqual([{ typeId: plan.towerType._id, names: ['Tower North', 'Tower C'] }])
    expect(answer.body).toEqual(await cardsOf(project))
    expect(instanceOf(answer.body[0], 'Tower North')).toBe(towerA)
    const tags = await admin.get<{ projectEntityId: string }[]>(`/api/project-entity-user-mappings?projectId=${project._id}`)
    expect(tags.body.map((tag) => tag.projectEntityId)).toEqual([towerA])
  })

  test('new cards keep the order they were sent in', async () => {
    const project = await makeProject(admin)
    for (const order of [[plan.towerType, plan.siteType], [plan.siteType, plan.towerType]]) {
      const answer = await admin.put<Card[]>(planOf(project), { removed: order.map(typeOf), cards: order.map((planning) => card(planning, ['One'])) })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body.map((saved) => saved.typeId)).toEqual(order.map((planning) => planning._id))
    }
  })

  test('a card removed and sent again starts afresh; a removed card already gone is what the user wanted', async () => {
    const { project, towerA } = await plannedProject()
    await admin.delete(INSTANCES, { projectId: project._id, ...typeOf(plan.siteType) })
    const answer = await admin.put<Card[]>(planOf(project), {
      removed: [typeOf(plan.towerType), typeOf(plan.siteType)],
      cards: [card(plan.towerType, ['Tower A'])],
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(summary(answer.body)).toEqual([{ typeId: plan.towerType._id, names: ['Tower A'] }])
    expect(instanceOf(answer.body[0], 'Tower A')).not.toBe(towerA)
  })

  test('a card refused half-way saves nothing: the removal and the cards before it are rolled back', async () => {
    const { project } = await plannedProject()
    const before = await cardsOf(project)
    const answer = await admin.put(planOf(project), {
      removed: [typeOf(plan.siteType)],
      // The Tower card is saved, then the bare type (no template) is refused.
      cards: [card(plan.towerType, ['Tower Z']), card(plan.bareType, ['Bare 1'])],
    })
    expectRefusal(answer, 400)
    expect(answer.body.error).toBe(`cards.1: ${projectMessages.noData}`)
    expect(await cardsOf(project)).toEqual(before)
  })

  test('a database failure injected half-way saves nothing either', async () => {
    const { project } = await plannedProject()
    const before = await cardsOf(project)
    // A trigger that fails the second card's instances, after the removal and the first card were written.
    await api.db.execute(sql`create function fail_on_doomed() returns trigger language plpgsql as $$ begin if new.name = 'Doomed' then raise exception 'injected failure'; end if; return new; end $$`)
    await api.db.execute(sql`create trigger fail_on_doomed before insert on project_entities for each row execute function fail_on_doomed()`)
    try {
      const answer = await admin.put(planOf(project), {
        removed: [typeOf(plan.siteType)],
        cards: [card(plan.towerType, ['Tower Y']), card(plan.siteType, ['Doomed'])],
      })
      expect(answer.status).toBe(500)
      expect(answer.body).toEqual({ error: expect.any(String) })
    } finally {
      await api.db.execute(sql`drop trigger fail_on_doomed on project_entities`)
      await api.db.execute(sql`drop function fail_on_doomed()`)
    }
    expect(await cardsOf(project)).toEqual(before)
  })

  test('removing cards needs delete as well as add: refused, nothing is saved', async () => {
    const { project, tower, towerA } = await plannedProject()
    const before = await cardsOf(project)
    const adder = await userHolding(api, ['view', 'add'])
    expectRefusal(await adder.client.put(planOf(project), { removed: [typeOf(plan.siteType)], cards: [card(plan.towerType, ['Tower Q'])] }), 403)
    expect(await cardsOf(project)).toEqual(before)
    // Keeping every instance and adding one is adding alone (tests/api/saves-by-permission.test.ts has the rest).
    const kept = [{ name: 'Tower A', projectEntityId: towerA }, { name: 'Tower B', projectEntityId: instanceOf(tower, 'Tower B') }, 'Tower C']
    const added = await adder.client.put<Card[]>(planOf(project), { removed: [], cards: [card(plan.towerType, kept)] })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
  })

  test('an unknown project is 404; a plan that is not one is 400 naming the field', async () => {
    const { project } = await plannedProject()
    expectRefusal(await admin.put(`/api/projects/${MISSING}/plan`, { removed: [], cards: [] }), 404)
    expectRefusal(await admin.put('/api/projects/not-an-id/plan', { removed: [], cards: [] }), 404)
    const noNames = await admin.put(planOf(project), { removed: [], cards: [{ ...card(plan.towerType, ['A']), number: 2 }] })
    expectRefusal(noNames, 400)
    expect(noNames.body.error).toBe(`cards.0.names: ${projectMessages.fillAllNames}`)
    expectRefusal(await admin.put(planOf(project), { cards: 'all' }), 400)
  })

  describe('a plan must say what it saves, each card once (issue 28)', () => {
    test.each([
      ['a null body', null, 'cards: Send the cards as a list'],
      ['an empty object', {}, 'cards: Send the cards as a list'],
      ['cards: null', { cards: null, removed: [] }, 'cards: Send the cards as a list'],
      ['removed: null', { cards: [], removed: null }, 'removed: Send the removed cards as a list'],
      ['removed left out', { cards: [] }, 'removed: Send the removed cards as a list'],
    ])('%s: 400 naming the field, nothing is saved', async (_, body, message) => {
      const { project } = await plannedProject()
      const before = await cardsOf(project)
      const answer = await admin.put(planOf(project), body)
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(message)
      expect(await cardsOf(project)).toEqual(before)
    })

    test('the same card twice: 400 naming the second, which would replace the first and drop its tags; nothing is saved', async () => {
      const { project, towerA } = await plannedProject()
      const before = await cardsOf(project)
      const tags = await admin.get(`/api/project-entity-user-mappings?projectId=${project._id}`)
      const answer = await admin.put(planOf(project), {
        removed: [],
        cards: [card(plan.towerType, [{ name: 'Tower A', projectEntityId: towerA }, 'Tower B2']), card(plan.siteType, ['Site 1']), card(plan.towerType, ['Tower A'])],
      })
      expectRefusal(answer, 400)
      expect(answer.body.error).toBe(`cards.2: ${projectMessages.alreadyAdded}`)
      expect(await cardsOf(project)).toEqual(before)
      expect((await admin.get(`/api/project-entity-user-mappings?projectId=${project._id}`)).body).toEqual(tags.body)
    })

    test('a card removed twice is removed once: the repeat carries nothing that could be lost', async () => {
      const { project } = await plannedProject()
      const answer = await admin.put<Card[]>(planOf(project), { removed: [typeOf(plan.siteType), typeOf(plan.siteType)], cards: [] })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(summary(answer.body)).toEqual([{ typeId: plan.towerType._id, names: ['Tower A', 'Tower B'] }])
    })
  })
})
