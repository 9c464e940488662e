import { describe, expect, test } from 'vitest'
import { projectMessages } from '#domain/planning/messages'
import { instanceDeleteSchema, instanceSaveSchema, mappingReplaceSchema, planSaveSchema, siteOverrideSchema } from '#domain/planning/project-schemas'
import { firstMessage, problems } from '../support/schema'

const P = '11111111-1111-4111-8111-111111111111'
const C = '22222222-2222-4222-8222-222222222222'
const E = '33333333-3333-4333-8333-333333333333'
const T = '44444444-4444-4444-8444-444444444444'
const PE1 = '55555555-5555-4555-8555-555555555555'
const PE2 = '66666666-6666-4666-8666-666666666666'
const R = '77777777-7777-4777-8777-777777777777'
const K1 = '88888888-8888-4888-8888-888888888888'
const K2 = '99999999-9999-4999-8999-999999999999'
const U1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
const U2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'

const combo = { projectId: P, categoryId: C, entityId: E, typeId: T }

describe("the spec's Project Resource Planning messages", () => {
  test('are word for word', () => {
    expect(projectMessages.selectAllFields).toBe('Please select all fields.')
    expect(projectMessages.fillAllNames).toBe('Please fill all instance names for all cards.')
    expect(projectMessages.alreadyAdded).toBe('This combination is already added.')
    expect(projectMessages.noData).toBe('No data found for this selection.')
    expect(projectMessages.unsavedChanges).toBe('You have unsaved changes. Save now?')
  })
})

describe('instanceSaveSchema (Save a card)', () => {
  test('new names as strings: trimmed, with no instance yet', () => {
    expect(instanceSaveSchema.parse({ ...combo, number: 2, names: [' Tower A ', 'Tower B'] })).toEqual({
      ...combo,
      number: 2,
      names: [
        { name: 'Tower A', projectEntityId: null },
        { name: 'Tower B', projectEntityId: null },
      ],
    })
  })

  test('names as GET answered them ({name, projectEntityId}) keep their instance; strings and objects mix', () => {
    expect(
      instanceSaveSchema.parse({
        ...combo,
        number: 3,
        names: [{ _id: PE2, name: 'Tower A (renamed)', projectEntityId: PE1 }, { name: 'Tower B', projectEntityId: PE2.toUpperCase() }, 'Tower C'],
      }).names,
    ).toEqual([
      { name: 'Tower A (renamed)', projectEntityId: PE1 },
      { name: 'Tower B', projectEntityId: PE2 },
      { name: 'Tower C', projectEntityId: null },
    ])
  })

  test('ids are lower-cased, so they compare as text', () => {
    const upper = { projectId: P.toUpperCase(), categoryId: C.toUpperCase(), entityId: E.toUpperCase(), typeId: T.toUpperCase() }
    expect(instanceSaveSchema.parse({ ...upper, number: 1, names: ['Tower A'] })).toMatchObject(combo)
  })

  test('a Number typed in a form (text) is read as a number', () => {
    expect(instanceSaveSchema.parse({ ...combo, number: '2', names: ['Tower A', 'Tower B'] }).number).toBe(2)
  })

  test.each(['projectId', 'categoryId', 'entityId', 'typeId'] as const)("no %s, or an empty one: 'Please select all fields.'", (key) => {
    const { [key]: _, ...rest } = combo
    expect(problems(instanceSaveSchema, { ...rest, number: 1, names: ['Tower A'] })).toEqual([{ path: key, message: 'Please select all fields.' }])
    expect(problems(instanceSaveSchema, { ...combo, [key]: '', number: 1, names: ['Tower A'] })).toEqual([{ path: key, message: 'Please select all fields.' }])
    expect(firstMessage(instanceSaveSchema, { ...combo, [key]: null, number: 1, names: ['Tower A'] })).toBe('Please select all fields.')
  })

  test("nothing at all: 'Please select all fields.' first", () => {
    expect(firstMessage(instanceSaveSchema, {})).toBe('Please select all fields.')
  })

  test('an id that is not one names its field', () => {
    expect(problems(instanceSaveSchema, { ...combo, typeId: 'rcc', number: 1, names: ['Tower A'] })).toEqual([{ path: 'typeId', message: 'Choose a type from the list' }])
  })

  test.each([
    ['fewer names than Number', 3, ['Tower A', 'Tower B']],
    ['more names than Number', 1, ['Tower A', 'Tower B']],
    ['no names', 2, []],
    ['names left out', 1, undefined],
    ['a blank name', 2, ['Tower A', '   ']],
    ['an empty name', 2, ['', 'Tower B']],
    ['an object with an empty name', 2, ['Tower A', { name: ' ', projectEntityId: PE1 }]],
    ['an object with no name', 2, ['Tower A', { projectEntityId: PE1 }]],
  ])("%s: 'Please fill all instance names for all cards.'", (_, number, names) => {
    expect(problems(instanceSaveSchema, { ...combo, number, names })).toEqual([{ path: 'names', message: 'Please fill all instance names for all cards.' }])
  })

  test.each([
    ['the same name', ['Tower A', 'Tower A']],
    ['names differing only in case', ['Tower A', 'TOWER a']],
    ['names differing only in surrounding spaces', ['Tower A', ' tower a ']],
  ])("%s twice in a card: 'Instance names must differ within a card'", (_, names) => {
    expect(problems(instanceSaveSchema, { ...combo, number: 2, names })).toEqual([{ path: 'names', message: 'Instance names must differ within a card' }])
  })

  test.each([
    [0, 'Number must be at least 1'],
    [-1, 'Number must be at least 1'],
    [1.5, 'Number must be a whole number'],
    ['abc', 'Number must be a number'],
    [201, 'Number must be at most 200'],
  ])('Number %j is refused: %s', (number, message) => {
    // The API answers the first problem only (api/http/errors.ts).
    expect(problems(instanceSaveSchema, { ...combo, number, names: ['Tower A'] })?.[0]).toEqual({ path: 'number', message })
  })

  test('Number 200 is the most', () => {
    const names = Array.from({ length: 200 }, (_, index) => `Tower ${index + 1}`)
    expect(instanceSaveSchema.safeParse({ ...combo, number: 200, names }).success).toBe(true)
  })

  test('a name that is not text, a projectEntityId that is not an id, an unknown key', () => {
    expect(problems(instanceSaveSchema, { ...combo, number: 1, names: [42] })?.[0]).toEqual({ path: 'names.0', message: 'Each name must be text' })
    expect(problems(instanceSaveSchema, { ...combo, number: 1, names: [{ name: 'Tower A', projectEntityId: 'x' }] })?.[0]).toEqual({
      path: 'names.0.projectEntityId',
      message: 'Not an instance of this card',
    })
    expect(instanceSaveSchema.safeParse({ ...combo, number: 1, names: ['Tower A'], extra: true }).success).toBe(false)
  })

  test('what the schema gives back is itself accepted, unchanged', () => {
    const once = instanceSaveSchema.parse({ ...combo, number: 2, names: [{ name: ' Tower A', projectEntityId: PE1 }, 'Tower B'] })
    expect(instanceSaveSchema.parse(once)).toEqual(once)
  })
})

describe('instanceDeleteSchema (remove an instance, or the whole card)', () => {
  test('without a name: the whole card', () => {
    expect(instanceDeleteSchema.parse(combo)).toEqual(combo)
  })

  test('with a name: that instance, trimmed', () => {
    expect(instanceDeleteSchema.parse({ ...combo, name: ' Tower A ' })).toEqual({ ...combo, name: 'Tower A' })
  })

  test('a name sent blank or null is refused, never read as "the whole card"', () => {
    expect(problems(instanceDeleteSchema, { ...combo, name: '  ' })).toEqual([{ path: 'name', message: 'Instance name is required' }])
    expect(problems(instanceDeleteSchema, { ...combo, name: null })).toEqual([{ path: 'name', message: 'Instance name must be text' }])
  })

  test("the combination is required: 'Please select all fields.'", () => {
    expect(problems(instanceDeleteSchema, { projectId: P, categoryId: C, entityId: E, name: 'Tower A' })).toEqual([{ path: 'typeId', message: 'Please select all fields.' }])
  })
})

describe('planSaveSchema (the screen\'s Save: every changed card and the removed ones)', () => {
  const T2 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'
  const card = (typeId: string, names: string[]) => ({ categoryId: C, entityId: E, typeId, number: names.length, names })
  const key = (typeId: string) => ({ categoryId: C, entityId: E, typeId })

  test('cards and removed cards, each combination once', () => {
    expect(planSaveSchema.parse({ cards: [card(T, ['A']), card(T2, ['B'])], removed: [key(T)] }).cards).toHaveLength(2)
  })

  test.each([
    ['no cards', { removed: [] }, 'cards', 'Send the cards as a list'],
    ['cards null', { cards: null, removed: [] }, 'cards', 'Send the cards as a list'],
    ['removed null', { cards: [], removed: null }, 'removed', 'Send the removed cards as a list'],
    ['removed left out', { cards: [] }, 'removed', 'Send the removed cards as a list'],
  ])('%s: refused, never read as "nothing" (issue 28)', (_, plan, path, message) => {
    expect(problems(planSaveSchema, plan)).toEqual([{ path, message }])
  })

  test("the same combination twice (ids in any case): 'This combination is already added.' on the second", () => {
    expect(problems(planSaveSchema, { cards: [card(T, ['A']), card(T2, ['B']), card(T.toUpperCase(), ['C'])], removed: [] })).toEqual([
      { path: 'cards.2', message: projectMessages.alreadyAdded },
    ])
    // A card removed twice is removed once: the repeat carries nothing that could be lost.
    expect(planSaveSchema.parse({ cards: [], removed: [key(T), key(T)] }).removed).toHaveLength(2)
  })
})

describe('mappingReplaceSchema (tag users to a cluster of an instance)', () => {
  const body = { projectId: P, projectEntityId: PE1, roleId: R, clusterIds: [K1], userIds: [U1, U2] }

  test('a cluster or a group, and the users; ids lower-cased', () => {
    expect(mappingReplaceSchema.parse(body)).toEqual(body)
    expect(mappingReplaceSchema.parse({ ...body, projectEntityId: PE1.toUpperCase(), clusterIds: [K1, K2.toUpperCase()], userIds: [U1.toUpperCase()] })).toEqual({
      ...body,
      clusterIds: [K1, K2],
      userIds: [U1],
    })
  })

  test('no users (untagging everyone) is allowed when sent empty; left out or null it is refused, never read as "nobody" (issue 28)', () => {
    expect(mappingReplaceSchema.parse({ ...body, userIds: [] }).userIds).toEqual([])
    const { userIds: _, ...noUsers } = body
    expect(problems(mappingReplaceSchema, noUsers)).toEqual([{ path: 'userIds', message: 'Send the users as a list' }])
    expect(problems(mappingReplaceSchema, { ...body, userIds: null })).toEqual([{ path: 'userIds', message: 'Send the users as a list' }])
  })

  test.each([
    ['left out', undefined],
    ['empty', ''],
    ['null', null],
  ])("a project %s: 'Please select a project before saving.'", (_, projectId) => {
    expect(problems(mappingReplaceSchema, { ...body, projectId })).toEqual([{ path: 'projectId', message: 'Please select a project before saving.' }])
  })

  test.each([
    ['left out', undefined],
    ['empty', ''],
    ['not an id', 'tower-a'],
  ])("a project entity id %s: 'Project entity id missing. Please ensure project entities are saved first.'", (_, projectEntityId) => {
    expect(problems(mappingReplaceSchema, { ...body, projectEntityId })).toEqual([
      { path: 'projectEntityId', message: 'Project entity id missing. Please ensure project entities are saved first.' },
    ])
  })

  test('no cluster is refused', () => {
    expect(problems(mappingReplaceSchema, { ...body, clusterIds: [] })).toEqual([{ path: 'clusterIds', message: 'Choose a cluster from the list' }])
    expect(problems(mappingReplaceSchema, { ...body, clusterIds: undefined })).toEqual([{ path: 'clusterIds', message: 'Choose a cluster from the list' }])
  })

  test('a user id that is not one, no role: refused, naming the field', () => {
    expect(problems(mappingReplaceSchema, { ...body, userIds: [U1, 'bob'] })).toEqual([{ path: 'userIds.1', message: 'Choose users from the list' }])
    const { roleId: _, ...noRole } = body
    expect(problems(mappingReplaceSchema, noRole)).toEqual([{ path: 'roleId', message: 'Choose a role from the list' }])
  })
})

describe('siteOverrideSchema (a project’s own dates for a Site cluster)', () => {
  const body = { projectId: P, categoryId: C, entityId: E, clusterId: K1, startDate: '2027-03-01', endDate: '2027-06-30' }

  test('ISO dates are kept', () => {
    expect(siteOverrideSchema.parse(body)).toEqual(body)
  })

  test("'' or null clears a date", () => {
    expect(siteOverrideSchema.parse({ ...body, startDate: '', endDate: null })).toEqual({ ...body, startDate: null, endDate: null })
    expect(siteOverrideSchema.parse({ ...body, startDate: null, endDate: ' ' })).toEqual({ ...body, startDate: null, endDate: null })
    expect(siteOverrideSchema.parse({ ...body, startDate: null })).toEqual({ ...body, startDate: null })
  })

  test("an end on the start day is allowed; an end before the start: 'End date cannot be before start date'", () => {
    expect(siteOverrideSchema.safeParse({ ...body, startDate: '2027-03-01', endDate: '2027-03-01' }).success).toBe(true)
    expect(problems(siteOverrideSchema, { ...body, startDate: '2027-03-01', endDate: '2027-02-28' })).toEqual([
      { path: 'endDate', message: 'End date cannot be before start date' },
    ])
  })

  test.each([['2027-02-30'], ['2027-13-01'], ['31/03/2027'], ['tomorrow'], [20270301]])("an invalid date %j: 'Enter a valid date (YYYY-MM-DD)'", (startDate) => {
    expect(problems(siteOverrideSchema, { ...body, startDate })?.[0]).toEqual({ path: 'startDate', message: 'Enter a valid date (YYYY-MM-DD)' })
  })

  test('a date left out is refused, so that a body that forgot it cannot clear it', () => {
    const { endDate: _, ...noEnd } = body
    expect(problems(siteOverrideSchema, noEnd)).toEqual([{ path: 'endDate', message: 'Send a date, or null to clear it' }])
  })

  test('the project, category, entity and cluster are required', () => {
    const { projectId: _, ...noProject } = body
    expect(firstMessage(siteOverrideSchema, noProject)).toBe('Choose a project from the list')
    expect(firstMessage(siteOverrideSchema, { ...body, clusterId: '' })).toBe('Choose a cluster from the list')
  })
})
