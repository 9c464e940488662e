import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import { cardField } from '#app/features/project-planning/card'
import type { Template } from '#domain/contracts/planning'
import { projectMessages } from '#domain/planning/messages'
import { addCard, field, isCardKey, NO_SELECTION, pagePath, parseKey, readPlanForm, resolve } from '#app/features/project-planning/form'

/** The Project Resource Planning page form read back from a post (no browser needed). */

const id = uuid
const [project, category, entity, type, otherType, instance] = [1, 2, 3, 4, 5, 6].map(id)
const key = (typeId = type) => `${category}/${entity}/${typeId}`

describe('readPlanForm', () => {
  test('reads the applied and wanted choices, Number, every card with its names and saved ids, the queue and the pending project', () => {
    const posted = readPlanForm(
      postedForm([
        [field.current('projectId'), project],
        [field.current('categoryId'), category],
        ['projectId', project],
        ['categoryId', category],
        ['entityId', entity],
        [field.number, '3'],
        [cardField.key(0), key()],
        [cardField.number(0), '2'],
        [cardField.name(0, 0), 'Tower A'],
        [cardField.id(0, 0), instance],
        [cardField.name(0, 1), 'Tower B'],
        [cardField.id(0, 1), ''],
        [field.removed, key(otherType)],
        [field.removed, key(otherType)],
        [field.pendingProjectId, project],
        [field.leaveTo, '/users?q=ana'],
      ]),
    )
    expect(posted).toEqual({
      intent: 'update',
      applied: { projectId: project, categoryId: category, entityId: '', typeId: '' },
      wanted: { projectId: project, categoryId: category, entityId: entity, typeId: '' },
      number: '3',
      cards: [{ categoryId: category, entityId: entity, typeId: type, number: '2', names: [{ name: 'Tower A', id: instance }, { name: 'Tower B', id: null }] }],
      removed: [key(otherType)],
      pendingProjectId: project,
      leaveTo: '/users?q=ana',
    })
  })

  test('Save now goes on only within the portal: another site, or no path, stays on the page', () => {
    for (const away of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '']) expect(readPlanForm(postedForm([[field.leaveTo, away]])).leaveTo).toBe('')
  })

  test('ids that are not ids are dropped, never sent on; a card with a broken key is left out; Number defaults to 1', () => {
    const posted = readPlanForm(
      postedForm([
        ['projectId', "'; drop table projects; --"],
        [cardField.key(0), 'not/a/key'],
        [cardField.name(0, 0), 'Lost'],
        [cardField.key(1), key()],
        [cardField.number(1), '1'],
        [cardField.name(1, 0), 'Kept'],
        [cardField.id(1, 0), 'garbage'],
        [field.removed, `${category}/${entity}`],
      ]),
    )
    expect(posted.wanted).toEqual(NO_SELECTION)
    expect(posted.number).toBe('1')
    expect(posted.cards).toEqual([{ categoryId: category, entityId: entity, typeId: type, number: '1', names: [{ name: 'Kept', id: null }] }])
    expect(posted.removed).toEqual([])
  })

  test('cards are read in order and stop at the first missing index', () => {
    const posted = readPlanForm(postedForm([[cardField.key(0), key()], [cardField.key(2), key(otherType)]]))
    expect(posted.cards.map((card) => card.typeId)).toEqual([type])
  })
})

describe('resolve: the cascade of spec/administration-planning.md §4', () => {
  const applied = { projectId: project, categoryId: category, entityId: entity, typeId: type }
  test('a changed category resets entity and type', () => {
    expect(resolve(applied, { ...applied, categoryId: id(9) })).toEqual({ projectId: project, categoryId: id(9), entityId: '', typeId: '' })
  })
  test('a changed entity resets the type', () => {
    expect(resolve(applied, { ...applied, entityId: id(9) })).toEqual({ ...applied, entityId: id(9), typeId: '' })
  })
  test('otherwise the type is taken as chosen', () => {
    expect(resolve(applied, { ...applied, typeId: otherType })).toEqual({ ...applied, typeId: otherType })
  })
})

describe('card keys and addresses', () => {
  test('a key is three ids joined by /', () => {
    expect(parseKey(key())).toEqual({ categoryId: category, entityId: entity, typeId: type })
    expect(isCardKey(key())).toBe(true)
    expect(isCardKey(`${key()}/${id(7)}`)).toBe(false)
    expect(isCardKey(`${category}/${entity}/x`)).toBe(false)
  })
  test('the page address carries the project and a notice', () => {
    expect(pagePath('')).toBe('/project-resource-planning')
    expect(pagePath(project, 'saved')).toBe(`/project-resource-planning?projectId=${project}&notice=saved`)
  })
})

describe('addCard: Add of spec/administration-planning.md §4', () => {
  const selection = { projectId: project, categoryId: category, entityId: entity, typeId: type }
  const ref = (_id: string) => ({ _id, name: _id })
  const template = (people: number[]): Template => ({
    _id: id(8),
    categoryId: ref(category),
    entityId: ref(entity),
    planningId: { _id: type, typeName: 'Type' },
    roleClusters: [{ roleId: ref(id(9)), clusters: people.map((plannedPeople) => ({ clusterId: [ref(id(10))], plannedPeople, isInterchange: false, interchanges: [] })) }],
  })

  test('adds the card of the chosen combination with Number blank instances', () => {
    expect(addCard([], selection, '2', template([1]))).toEqual({
      cards: [{ categoryId: category, entityId: entity, typeId: type, number: '2', names: [{ name: '', id: null }, { name: '', id: null }] }],
      problem: null,
    })
  })
  test('a Number that is not one adds one instance', () => {
    expect(addCard([], selection, 'x', template([1])).cards[0].number).toBe('1')
  })
  test('refuses a missing choice, a combination already added, a template that plans nobody', () => {
    expect(addCard([], { ...selection, typeId: '' }, '1', template([1])).problem).toBe(projectMessages.selectAllFields)
    const added = addCard([], selection, '1', template([1])).cards
    expect(addCard(added, selection, '1', template([1]))).toEqual({ cards: added, problem: projectMessages.alreadyAdded })
    expect(addCard([], selection, '1', template([])).problem).toBe(projectMessages.noData)
    expect(addCard([], selection, '1', undefined).problem).toBe(projectMessages.noData)
  })
})
