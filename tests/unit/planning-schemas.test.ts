import { describe, expect, test } from 'vitest'
import { planningMessages } from '#domain/planning/messages'
import {
  categoryCreateSchema,
  clusterCreateSchema,
  clusterDatesSchema,
  clusterDescriptionQuerySchema,
  clustersQuerySchema,
  entityCreateSchema,
  entityUpdateSchema,
  planningCreateSchema,
  planningGroupsSchema,
  plansSomeCluster,
  projectCreateSchema,
  projectUpdateSchema,
  templateComboQuerySchema,
  templateSaveSchema,
} from '#domain/planning/schemas'
import { isUuid } from '#domain/ids'
import { firstMessage, problems, type Schema } from '../support/schema'

const C = '11111111-1111-4111-8111-111111111111'
const E = '22222222-2222-4222-8222-222222222222'
const P = '33333333-3333-4333-8333-333333333333'
const R1 = '44444444-4444-4444-8444-444444444444'
const R2 = '55555555-5555-4555-8555-555555555555'
const K1 = '66666666-6666-4666-8666-666666666666'
const K2 = '77777777-7777-4777-8777-777777777777'
const K3 = '88888888-8888-4888-8888-888888888888'

const parsed = (schema: Schema & { parse(input: unknown): unknown }, input: unknown) => schema.parse(input)

describe("the spec's planning messages", () => {
  test('are word for word', () => {
    expect(planningMessages).toEqual({
      typeNameRequired: 'Type name is required',
      clusterRequired: 'At least one cluster must be selected',
      clusterFieldsRequired: 'Please fill category, entity and cluster name',
      selectEntityFirst: 'Please select an entity first',
      selectCategoryAndEntityFirst: 'Please select category and entity first',
      interchangeFieldsRequired: 'Please fill all fields for each interchange.',
      interchangePeopleMin: 'Interchange people must be greater than 0.',
      interchangeExceedsPlanned: 'Total interchange people cannot exceed planned people.',
      selectTypeAndEntity: 'Please select both a planning type and an entity.',
      plannedPeopleRequired: 'Please enter planned people for at least one cluster.',
    })
  })
})

describe('isUuid', () => {
  test('takes any 8-4-4-4-12 hexadecimal id, in either case, and nothing else', () => {
    expect(isUuid(C)).toBe(true)
    expect(isUuid(C.toUpperCase())).toBe(true)
    expect(isUuid('not-an-id')).toBe(false)
    expect(isUuid(`${C} `)).toBe(false)
    expect(isUuid(42)).toBe(false)
  })
})

describe('clusterCreateSchema (Add Cluster)', () => {
  test('category, entity and name are enough; the name is trimmed and the description optional', () => {
    expect(parsed(clusterCreateSchema, { category: C, entityType: E, name: '  Excavation ' })).toEqual({
      category: C,
      entityType: E,
      name: 'Excavation',
      description: null,
    })
    expect(parsed(clusterCreateSchema, { category: C, entityType: E, name: 'Plinth', description: ' Plinth beams\nand filling ' })).toMatchObject({
      description: 'Plinth beams\nand filling',
    })
  })

  test('ids are compared as text, so they are lower-cased', () => {
    expect(parsed(clusterCreateSchema, { category: C.toUpperCase(), entityType: E, name: 'x' })).toMatchObject({ category: C })
  })

  test.each([
    ['no category', { entityType: E, name: 'Excavation' }],
    ['an empty category', { category: '', entityType: E, name: 'Excavation' }],
    ['no entity', { category: C, name: 'Excavation' }],
    ['a null entity', { category: C, entityType: null, name: 'Excavation' }],
    ['no name', { category: C, entityType: E }],
    ['a name of spaces', { category: C, entityType: E, name: '   ' }],
    ['nothing at all', {}],
  ])("%s: 'Please fill category, entity and cluster name' for the whole form", (_, input) => {
    expect(problems(clusterCreateSchema, input)).toEqual([{ path: '', message: 'Please fill category, entity and cluster name' }])
  })

  test.each([
    ['a category that is not an id', { category: 'residential', entityType: E, name: 'x' }, 'category', 'Choose a category from the list'],
    ['an entity that is not an id', { category: C, entityType: 7, name: 'x' }, 'entityType', 'Choose an entity from the list'],
    ['a name that is not text', { category: C, entityType: E, name: ['x'] }, 'name', 'Cluster name must be text'],
    ['a name over 100 characters', { category: C, entityType: E, name: 'x'.repeat(101) }, 'name', 'Cluster name must be at most 100 characters'],
    ['a name with a newline', { category: C, entityType: E, name: 'a\nb' }, 'name', 'Cluster name cannot contain control characters'],
    ['a description over 2000 characters', { category: C, entityType: E, name: 'x', description: 'd'.repeat(2001) }, 'description', 'Description must be at most 2000 characters'],
    ['an unpaired surrogate in the description', { category: C, entityType: E, name: 'x', description: 'a\ud800' }, 'description', 'Contains characters that cannot be saved'],
  ])('%s is refused, naming the field', (_, input, path, message) => {
    expect(problems(clusterCreateSchema, input)?.[0]).toEqual({ path, message })
  })

  test('an unknown key is refused', () => {
    expect(problems(clusterCreateSchema, { category: C, entityType: E, name: 'x', startDate: '2026-01-01' })?.[0].path).toBe('')
    expect(clusterCreateSchema.safeParse({ category: C, entityType: E, name: 'x', startDate: '2026-01-01' }).error?.issues[0].code).toBe('unrecognized_keys')
  })
})

describe('clusterDatesSchema (cluster start and end dates)', () => {
  test('ISO dates are kept; either may be cleared to null (or left empty)', () => {
    expect(parsed(clusterDatesSchema, { startDate: '2026-03-01', endDate: '2026-06-30' })).toEqual({ startDate: '2026-03-01', endDate: '2026-06-30' })
    expect(parsed(clusterDatesSchema, { startDate: null, endDate: '' })).toEqual({ startDate: null, endDate: null })
  })

  test('a date left out is refused, so that a body that forgot it cannot clear it', () => {
    expect(problems(clusterDatesSchema, { startDate: '2026-03-01' })).toEqual([{ path: 'endDate', message: 'Send a date, or null to clear it' }])
    expect(problems(clusterDatesSchema, {})?.map((p) => p.path)).toEqual(['startDate', 'endDate'])
  })

  test('an end on the start day is allowed; an end before the start is not', () => {
    expect(parsed(clusterDatesSchema, { startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual({ startDate: '2026-03-01', endDate: '2026-03-01' })
    expect(problems(clusterDatesSchema, { startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual([{ path: 'endDate', message: 'End date cannot be before start date' }])
  })

  test.each(['2026-02-30', '01/03/2026', '2026-3-1', '0000-01-01', 'tomorrow', 20260301])('%j is not a date', (value) => {
    expect(problems(clusterDatesSchema, { startDate: value, endDate: null })?.[0].path).toBe('startDate')
  })
})

const planning = (over: Record<string, unknown> = {}) => ({
  categoryId: C,
  entityId: E,
  typeName: 'Tower Standard',
  roleClusters: [{ roleId: R1, clusters: [K1, K2] }],
  ...over,
})

describe('planningCreateSchema (Create New Planning Type)', () => {
  test('the type name is sent trimmed', () => {
    expect(parsed(planningCreateSchema, planning({ typeName: '  Tower Standard  ' }))).toEqual(planning())
  })

  test.each(['', '   ', '\t\n'])("a type name empty after trimming (%j): 'Type name is required'", (typeName) => {
    expect(problems(planningCreateSchema, planning({ typeName }))?.[0]).toEqual({ path: 'typeName', message: 'Type name is required' })
  })

  test("a missing type name: 'Type name is required'", () => {
    const { typeName: _, ...rest } = planning()
    expect(firstMessage(planningCreateSchema, rest)).toBe('Type name is required')
  })

  test.each([
    ['no roles', []],
    ['roles without clusters', [{ roleId: R1, clusters: [] }, { roleId: R2, clusters: [] }]],
    ['roles left out', undefined],
  ])("%s: 'At least one cluster must be selected'", (_, roleClusters) => {
    expect(problems(planningCreateSchema, planning({ roleClusters }))).toEqual([{ path: 'roleClusters', message: 'At least one cluster must be selected' }])
  })

  test('one cluster across all roles is enough; roles without clusters are dropped', () => {
    expect(parsed(planningCreateSchema, planning({ roleClusters: [{ roleId: R1, clusters: [] }, { roleId: R2, clusters: [K3] }] }))).toMatchObject({
      roleClusters: [{ roleId: R2, clusters: [K3] }],
    })
  })

  test('an empty type name is reported before no cluster', () => {
    expect(firstMessage(planningCreateSchema, planning({ typeName: ' ', roleClusters: [] }))).toBe('Type name is required')
  })

  test('a cluster ticked twice counts once, in the order first ticked', () => {
    expect(parsed(planningCreateSchema, planning({ roleClusters: [{ roleId: R1, clusters: [K2, K1, K2] }] }))).toMatchObject({
      roleClusters: [{ roleId: R1, clusters: [K2, K1] }],
    })
  })

  test('a role given twice is refused', () => {
    expect(problems(planningCreateSchema, planning({ roleClusters: [{ roleId: R1, clusters: [K1] }, { roleId: R1, clusters: [K2] }] }))).toEqual([
      { path: 'roleClusters.1.roleId', message: 'Each role can appear only once' },
    ])
  })

  test("no entity: 'Please select an entity first'; no category: 'Please select category and entity first'", () => {
    expect(problems(planningCreateSchema, planning({ entityId: '' }))?.[0]).toEqual({ path: 'entityId', message: 'Please select an entity first' })
    expect(problems(planningCreateSchema, planning({ categoryId: undefined }))?.[0]).toEqual({ path: 'categoryId', message: 'Please select category and entity first' })
  })

  test.each([
    ['a cluster that is not an id', { roleClusters: [{ roleId: R1, clusters: ['Excavation'] }] }, 'roleClusters.0.clusters.0'],
    ['a role that is not an id', { roleClusters: [{ roleId: 'Developer', clusters: [K1] }] }, 'roleClusters.0.roleId'],
    ['clusters that are not a list', { roleClusters: [{ roleId: R1, clusters: K1 }] }, 'roleClusters.0.clusters'],
    ['a group among the clusters (grouping comes later)', { roleClusters: [{ roleId: R1, clusters: [[K1, K2]] }] }, 'roleClusters.0.clusters.0'],
    ['an unknown key in a role', { roleClusters: [{ roleId: R1, clusters: [K1], extra: 1 }] }, 'roleClusters.0'],
  ])('%s is refused at %s', (_, over, path) => {
    expect(problems(planningCreateSchema, planning(over))?.[0].path).toBe(path)
  })

  test('more than 100 roles are refused', () => {
    const roleClusters = Array.from({ length: 101 }, () => ({ roleId: R1, clusters: [K1] }))
    expect(problems(planningCreateSchema, planning({ roleClusters }))?.[0]).toEqual({ path: 'roleClusters', message: 'At most 100 roles' })
  })
})

describe('planningGroupsSchema (Group Clusters)', () => {
  test('single ids and groups are taken as they come', () => {
    expect(parsed(planningGroupsSchema, { roleId: R1, groups: [K1, [K2, K3]] })).toEqual({ roleId: R1, groups: [K1, [K2, K3]] })
  })

  test('a group of one is a single cluster', () => {
    expect(parsed(planningGroupsSchema, { roleId: R1, groups: [[K1], K2] })).toEqual({ roleId: R1, groups: [K1, K2] })
  })

  test.each([
    ['an empty group', { roleId: R1, groups: [K1, []] }, 'groups.1', 'A group must hold at least one cluster'],
    ['a group inside a group', { roleId: R1, groups: [[[K1]]] }, 'groups.0', 'Each entry must be a cluster id or a list of cluster ids'],
    ['a number', { roleId: R1, groups: [5] }, 'groups.0', 'Each entry must be a cluster id or a list of cluster ids'],
    ['an id that is not one inside a group', { roleId: R1, groups: [[K1, 'x']] }, 'groups.0.1', 'Choose a cluster from the list'],
    ['groups that are not a list', { roleId: R1, groups: K1 }, 'groups', 'groups must be a list'],
    ['no role', { groups: [K1] }, 'roleId', 'Choose a role from the list'],
  ])('%s is refused', (_, input, path, message) => {
    expect(problems(planningGroupsSchema, input)?.[0]).toEqual({ path, message })
  })
})

const from = { entityId: E, clusterId: K3 }
const item = (over: Record<string, unknown> = {}) => ({ clusterId: K1, plannedPeople: 4, isInterchange: false, interchanges: [], ...over })
const template = (clusters: unknown[] = [item()], over: Record<string, unknown> = {}) => ({
  categoryId: C,
  planningId: P,
  entityId: E,
  roleClusters: [{ roleId: R1, clusters }],
  ...over,
})
const firstProblem = (input: unknown) => problems(templateSaveSchema, input)?.[0] ?? null

describe('templateSaveSchema (Save Template)', () => {
  test('a cluster item is saved with its id as a list, its people and its interchanges', () => {
    const input = template([item({ plannedPeople: 5, isInterchange: true, interchanges: [{ interchangePeople: 2, interchangeFrom: from }] })])
    expect(parsed(templateSaveSchema, input)).toEqual({
      ...input,
      roleClusters: [{ roleId: R1, clusters: [{ clusterId: [K1], plannedPeople: 5, isInterchange: true, interchanges: [{ interchangePeople: 2, interchangeFrom: from }] }] }],
    })
  })

  test('a group is a list of cluster ids', () => {
    expect(parsed(templateSaveSchema, template([item({ clusterId: [K1, K2] })]))).toMatchObject({ roleClusters: [{ clusters: [{ clusterId: [K1, K2] }] }] })
  })

  test.each([
    ['a number', 3, 3],
    ['text', '7', 7],
    ['text with spaces', ' 2 ', 2],
    ['an empty field', '', 0],
    ['null', null, 0],
    ['nothing', undefined, 0],
    ['zero', 0, 0],
  ])('planned people given as %s (%j) is %i', (_, plannedPeople, expected) => {
    const result = parsed(templateSaveSchema, template([item({ plannedPeople })])) as { roleClusters: { clusters: { plannedPeople: number }[] }[] }
    expect(result.roleClusters[0].clusters[0].plannedPeople).toBe(expected)
  })

  test.each([
    ['-1', -1, 'Planned people cannot be negative'],
    ['1.5', 1.5, 'Planned people must be a whole number'],
    ['abc', 'abc', 'Planned people must be a number'],
    ['true', true, 'Planned people must be a number'],
    ['a huge number', 1e9, 'Planned people must be at most 100000'],
  ])('planned people %s is refused', (_, plannedPeople, message) => {
    expect(firstProblem(template([item({ plannedPeople })]))).toEqual({ path: 'roleClusters.0.clusters.0.plannedPeople', message })
  })

  test.each([
    ['no roles', []],
    ['roles without clusters', [{ roleId: R1, clusters: [] }]],
  ])('%s: the schema lets it through, plansSomeCluster (the API) refuses it', (_, roleClusters) => {
    const input = parsed(templateSaveSchema, template(undefined, { roleClusters })) as { roleClusters: { clusters: unknown[] }[] }
    expect(plansSomeCluster(input.roleClusters)).toBe(false)
  })

  test.each([
    ['roles left out', undefined, 'roleClusters'],
    ['roles null', null, 'roleClusters'],
    ["a role's clusters null", [{ roleId: R1, clusters: null }], 'roleClusters.0.clusters'],
  ])('%s: refused, since a forced save would read it as "remove them all" (issue 28)', (_, roleClusters, path) => {
    expect(problems(templateSaveSchema, template(undefined, { roleClusters }))?.[0]).toEqual({ path, message: expect.stringMatching(/^Send the (roles|clusters) as a list$/) })
  })

  test('plansSomeCluster: one role with one cluster is enough', () => {
    expect(plansSomeCluster([{ clusters: [] }, { clusters: [item()] }])).toBe(true)
  })

  test("no planning type or no entity: 'Please select both a planning type and an entity.'", () => {
    expect(firstProblem(template(undefined, { planningId: '' }))).toEqual({ path: 'planningId', message: 'Please select both a planning type and an entity.' })
    expect(firstProblem(template(undefined, { entityId: null }))).toEqual({ path: 'entityId', message: 'Please select both a planning type and an entity.' })
    expect(firstProblem(template(undefined, { categoryId: undefined }))).toEqual({ path: 'categoryId', message: 'Please select a category.' })
  })

  test('the selection is reported before the clusters', () => {
    expect(firstProblem(template(undefined, { planningId: '', roleClusters: [] }))?.message).toBe('Please select both a planning type and an entity.')
  })

  describe('a cluster with Interchange ticked obeys the Manage Interchanges rules', () => {
    const ticked = (plannedPeople: unknown, interchanges: unknown[]) => template([item({ plannedPeople, isInterchange: true, interchanges })])
    const at = 'roleClusters.0.clusters.0.interchanges'

    test('a total equal to planned is accepted', () => {
      expect(firstProblem(ticked(5, [{ interchangePeople: 2, interchangeFrom: from }, { interchangePeople: '3', interchangeFrom: from }]))).toBeNull()
    })

    test("a total over planned: 'Total interchange people cannot exceed planned people.'", () => {
      expect(firstProblem(ticked(5, [{ interchangePeople: 6, interchangeFrom: from }]))).toEqual({ path: at, message: 'Total interchange people cannot exceed planned people.' })
      expect(firstProblem(ticked('', [{ interchangePeople: 1, interchangeFrom: from }]))?.message).toBe('Total interchange people cannot exceed planned people.')
    })

    test("people 0: 'Interchange people must be greater than 0.'", () => {
      expect(firstProblem(ticked(5, [{ interchangePeople: 0, interchangeFrom: from }]))).toEqual({ path: at, message: 'Interchange people must be greater than 0.' })
      expect(firstProblem(ticked(5, [{ interchangePeople: -2, interchangeFrom: from }]))?.message).toBe('Interchange people must be greater than 0.')
    })

    test.each([
      ['no entity', { interchangePeople: 1, interchangeFrom: { clusterId: K3 } }],
      ['no cluster', { interchangePeople: 1, interchangeFrom: { entityId: E, clusterId: '' } }],
      ['no people', { interchangeFrom: from }],
      ['empty people', { interchangePeople: '', interchangeFrom: from }],
      ['no source', { interchangePeople: 1 }],
    ])("%s: 'Please fill all fields for each interchange.'", (_, row) => {
      expect(firstProblem(ticked(5, [row]))).toEqual({ path: at, message: 'Please fill all fields for each interchange.' })
    })

    test('an interchange with a fraction of a person is refused', () => {
      expect(firstProblem(ticked(5, [{ interchangePeople: 1.5, interchangeFrom: from }]))).toEqual({
        path: `${at}.0.interchangePeople`,
        message: 'Interchange people must be a whole number',
      })
    })

    test('with Interchange not ticked the rows are not checked, and not kept', () => {
      const input = template([item({ isInterchange: false, interchanges: [{ interchangePeople: 99, interchangeFrom: {} }] })])
      expect(parsed(templateSaveSchema, input)).toMatchObject({ roleClusters: [{ clusters: [{ isInterchange: false, interchanges: [] }] }] })
    })

    test("a form's checkbox value ('on') ticks it", () => {
      expect(firstProblem(template([item({ isInterchange: 'on', plannedPeople: 1, interchanges: [{ interchangePeople: 2, interchangeFrom: from }] })]))?.message).toBe(
        'Total interchange people cannot exceed planned people.',
      )
    })
  })

  test('what GET answered can be sent back: populated ids ({_id, name}) and item ids are taken', () => {
    const input = template([
      {
        _id: K2,
        clusterId: [{ _id: K1, name: 'Excavation' }],
        plannedPeople: 3,
        isInterchange: true,
        interchanges: [{ interchangePeople: 1, interchangeFrom: { entityId: { _id: E, name: 'Tower' }, clusterId: { _id: K3, name: 'Plinth' } } }],
      },
    ])
    expect(parsed(templateSaveSchema, { ...input, roleClusters: [{ roleId: { _id: R1, name: 'Engineer' }, clusters: input.roleClusters[0].clusters }] })).toMatchObject({
      roleClusters: [{ roleId: R1, clusters: [{ clusterId: [K1], interchanges: [{ interchangePeople: 1, interchangeFrom: from }] }] }],
    })
  })

  test('the same cluster twice in a role is refused; in two roles it is fine', () => {
    expect(firstProblem(template([item(), item({ clusterId: [K2, K1] })]))).toEqual({
      path: 'roleClusters.0.clusters.1.clusterId',
      message: 'Each cluster can appear only once per role',
    })
    const twoRoles = template(undefined, { roleClusters: [{ roleId: R1, clusters: [item()] }, { roleId: R2, clusters: [item()] }] })
    expect(firstProblem(twoRoles)).toBeNull()
  })

  test('a role twice is refused', () => {
    expect(firstProblem(template(undefined, { roleClusters: [{ roleId: R1, clusters: [item()] }, { roleId: R1, clusters: [item({ clusterId: K2 })] }] }))).toEqual({
      path: 'roleClusters.1.roleId',
      message: 'Each role can appear only once',
    })
  })

  test('force, isInterchange and interchangeFrom of the spec payload are accepted', () => {
    expect(parsed(templateSaveSchema, template(undefined, { force: true, isInterchange: false, interchangeFrom: { entityId: E, role: 'Engineer', clusterId: K1 } }))).toMatchObject({
      force: true,
    })
    expect(parsed(templateSaveSchema, template(undefined, { interchangeFrom: null }))).toMatchObject({ interchangeFrom: null })
  })

  test.each([
    ['an unknown key', template(undefined, { extra: 1 }), ''],
    ['an unknown key in a cluster item', template([item({ label: 'x' })]), 'roleClusters.0.clusters.0'],
    ['an unknown key in an interchange', template([item({ isInterchange: true, interchanges: [{ interchangePeople: 1, interchangeFrom: from, note: 'x' }] })]), 'roleClusters.0.clusters.0.interchanges.0'],
    ['a cluster item that is not an object', template(['x']), 'roleClusters.0.clusters.0'],
    ['an empty cluster list', template([item({ clusterId: [] })]), 'roleClusters.0.clusters.0.clusterId'],
    ['force that is not a flag', template(undefined, { force: 'yes' }), 'force'],
  ])('%s is refused', (_, input, path) => {
    expect(firstProblem(input)?.path).toBe(path)
  })

  test('what the schema gives back is itself accepted, unchanged', () => {
    const once = parsed(templateSaveSchema, template([item({ plannedPeople: '3', isInterchange: true, interchanges: [{ interchangePeople: '1', interchangeFrom: from }] })]))
    expect(parsed(templateSaveSchema, once)).toEqual(once)
  })
})

describe('category, entity and project payloads', () => {
  test('names are trimmed and required', () => {
    expect(parsed(categoryCreateSchema, { name: ' Residential ' })).toEqual({ name: 'Residential' })
    expect(problems(categoryCreateSchema, { name: ' ' })).toEqual([{ path: 'name', message: 'Category name is required' }])
    expect(problems(entityUpdateSchema, {})).toEqual([{ path: 'name', message: 'Entity name is required' }])
    expect(firstMessage(projectCreateSchema, { name: '' })).toBe('Project name is required')
  })

  test('an entity needs its category', () => {
    expect(problems(entityCreateSchema, { name: 'Tower' })).toEqual([{ path: 'categoryId', message: 'Please select a category.' }])
    expect(parsed(entityCreateSchema, { name: 'Tower', categoryId: C })).toEqual({ name: 'Tower', categoryId: C })
  })

  test('a project without a global category has null; on update, leaving it out keeps it and null clears it', () => {
    expect(parsed(projectCreateSchema, { name: 'Skyline' })).toEqual({ name: 'Skyline', globalCategory: null })
    expect(parsed(projectCreateSchema, { name: 'Skyline', globalCategory: { _id: C, name: 'Residential' } })).toEqual({ name: 'Skyline', globalCategory: C })
    expect(parsed(projectUpdateSchema, { name: 'Skyline' })).toEqual({ name: 'Skyline' })
    expect(parsed(projectUpdateSchema, { name: 'Skyline', globalCategory: null })).toEqual({ name: 'Skyline', globalCategory: null })
    expect(problems(projectUpdateSchema, { name: 'Skyline', globalCategory: 'Residential' })?.[0].path).toBe('globalCategory')
  })

  test('unknown keys are refused', () => {
    expect(categoryCreateSchema.safeParse({ name: 'x', id: C }).error?.issues[0].code).toBe('unrecognized_keys')
    expect(entityUpdateSchema.safeParse({ name: 'x', categoryId: C }).error?.issues[0].code).toBe('unrecognized_keys')
  })
})

describe('query strings', () => {
  test('cluster filters are optional ids; an empty one is no filter', () => {
    expect(parsed(clustersQuerySchema, { categoryId: '', entityId: E })).toEqual({ categoryId: undefined, entityId: E })
    expect(problems(clustersQuerySchema, { entityId: 'x' })).toEqual([{ path: 'entityId', message: 'entityId must be an id' }])
  })

  test('by-combo needs all three ids', () => {
    expect(problems(templateComboQuerySchema, { categoryId: C })?.map((p) => p.message)).toEqual(['entityId is required', 'planningId is required'])
  })

  test('description ids: comma-joined, each once, in the order given', () => {
    expect(parsed(clusterDescriptionQuerySchema, { ids: `${K2},${K1},${K2}, ` })).toEqual({ ids: [K2, K1] })
    expect(parsed(clusterDescriptionQuerySchema, {})).toEqual({ ids: [] })
    expect(problems(clusterDescriptionQuerySchema, { ids: `${K1},nope` })?.[0].message).toBe('ids must be cluster ids, comma-separated')
  })
})
