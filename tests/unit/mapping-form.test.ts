import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import type { Card, Mapping } from '#domain/contracts/projects'
import type { Template } from '#domain/contracts/planning'
import { taggingMessages } from '#domain/planning/project-plan'
import { assignKey } from '#app/features/mappings/assign'
import { readAssignForm, readAssignSearch, rowPath } from '#app/features/mappings/form'
import { findRow, instanceView, ONE_AT_A_TIME_ROWS, planOf, shownPlan, totalsOf } from '#domain/planning/mapping'

/** The User Entity Mapping forms and plan, read without a browser. */

const id = uuid
const [project, instance, role, north, south, alice, bob, category, entity, type] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(id)

describe('readAssignForm', () => {
  const key = assignKey(instance, role, [north, south])
  test('reads the row, the project and the ticked users once each', () => {
    const posted = readAssignForm(
      postedForm([
        ['assign', key],
        ['projectId', ` ${project} `],
        ['userIds', alice],
        ['userIds', bob],
        ['userIds', alice],
        ['inPage', '1'],
      ]),
    )
    expect(posted).toEqual({
      key,
      userIds: [alice, bob],
      inPage: true,
      problem: null,
      body: { projectId: project, projectEntityId: instance, roleId: role, clusterIds: [north, south], userIds: [alice, bob] },
      instance: undefined,
    })
  })

  test('no project, or a row without its instance, is refused with spec/administration-planning.md §5’s words', () => {
    expect(readAssignForm(postedForm([['assign', key]])).problem).toBe(taggingMessages.selectProject)
    expect(readAssignForm(postedForm([['assign', `:${role}:${north}`], ['projectId', project]])).problem).toBe(taggingMessages.projectEntityMissing)
    expect(readAssignForm(postedForm([['assign', key], ['projectId', project]])).inPage).toBe(false)
  })

  test('a save without JavaScript lands at its row, on the instance the one-at-a-time view had open', () => {
    expect(rowPath(project, key)).toBe(`/user-entity-mapping?${new URLSearchParams({ projectId: project })}#tags-${key.replace(/[^A-Za-z0-9-]/g, '-')}`)
    expect(readAssignForm(postedForm([['assign', key], ['projectId', project], ['instance', instance]])).instance).toBe(instance)
    expect(readAssignForm(postedForm([['assign', key], ['projectId', project], ['instance', 'all']])).instance).toBeUndefined()
    expect(rowPath(project, key, instance)).toBe(`/user-entity-mapping?${new URLSearchParams({ projectId: project, instance })}#tags-${key.replace(/[^A-Za-z0-9-]/g, '-')}`)
  })
})

describe('readAssignSearch', () => {
  const tagged = [{ _id: alice, label: 'Alice', email: 'alice@example.com' }]
  test('the tagged users are ticked, and the search is trimmed and capped', () => {
    expect(readAssignSearch(new URLSearchParams({ q: `  ${'a'.repeat(300)} ` }), tagged)).toEqual({ q: 'a'.repeat(200), selected: [alice] })
  })
  test('a search without JavaScript carries the ticked users along, ids only, once each', () => {
    const params = new URLSearchParams([['picked', '1'], ['userIds', bob], ['userIds', bob], ['userIds', 'not-an-id']])
    expect(readAssignSearch(params, tagged)).toEqual({ q: '', selected: [bob] })
  })
})

describe('planOf', () => {
  const ref = (_id: string, name: string) => ({ _id, name })
  const card: Card = {
    _id: id(20),
    projectId: project,
    categoryId: category,
    entityId: entity,
    typeId: type,
    number: 1,
    names: [{ _id: instance, name: 'Tower A', projectEntityId: instance }],
    projectName: 'P',
    categoryName: 'C',
    entityName: 'E',
    typeName: 'T',
  }
  const template: Template = {
    _id: id(21),
    categoryId: ref(category, 'C'),
    entityId: ref(entity, 'E'),
    planningId: { _id: type, typeName: 'T' },
    roleClusters: [{ roleId: ref(role, 'Surveyor'), clusters: [{ clusterId: [ref(north, 'North'), ref(south, 'South')], plannedPeople: 3, isInterchange: false, interchanges: [] }] }],
  }
  const user = (_id: string, fullName: string | null) => ({ _id, fullName, email: `${_id}@example.com` })
  // A group's user is tagged to each of its clusters, and counts once.
  const mappings: Mapping[] = [
    { projectEntityId: instance, roleId: role, clusterId: north, user: user(alice, 'Alice') },
    { projectEntityId: instance, roleId: role, clusterId: south, user: user(alice, 'Alice') },
    { projectEntityId: instance, roleId: role, clusterId: north, user: user(bob, null) },
  ]
  const plan = planOf([card], [template], mappings)

  test('a card with its title, roles, rows and each instance’s tagged users', () => {
    expect(plan).toHaveLength(1)
    expect(plan[0].title).toBe('C / E / T')
    expect(plan[0].roles[0].rows[0]).toMatchObject({ clusterIds: [north, south], remaining: 3, requirement: { direct: 3, interchange: 0, total: 3 } })
    expect(plan[0].instances[0].tagged[0][0].map((person) => person.label)).toEqual(['Alice', `${bob}@example.com`])
  })

  test('the totals count every row of every instance', () => {
    expect(totalsOf(plan)).toEqual({ totalRequirement: 3, totalTagged: 2, yetToBeRecruited: 1 })
  })

  test('a small plan shows every instance unless one is asked for; past ONE_AT_A_TIME_ROWS rows it opens the first, or the one being tagged', () => {
    const two = planOf([{ ...card, number: 2, names: [...card.names, { _id: id(30), name: 'Tower B', projectEntityId: id(30) }] }], [template], mappings)
    const view = (query: Record<string, string>, of = two) => instanceView(of, query)
    expect(view({})).toEqual({ mode: 'all' })
    expect(view({ instance: id(30) })).toEqual({ mode: 'one', open: id(30) })
    expect(view({ instance: id(99) })).toEqual({ mode: 'one', open: instance })
    expect(view({ instance: 'all' })).toEqual({ mode: 'all' })
    // Rows over every instance: one per instance here, so a card of ONE_AT_A_TIME_ROWS + 1 instances is large.
    const names = Array.from({ length: ONE_AT_A_TIME_ROWS + 1 }, (_, at) => ({ _id: id(100 + at), name: `Bay ${at}`, projectEntityId: id(100 + at) }))
    const large = planOf([{ ...card, number: names.length, names }], [template], [])
    expect(view({}, large)).toEqual({ mode: 'one', open: id(100) })
    expect(view({ assign: assignKey(id(105), role, [north, south]) }, large)).toEqual({ mode: 'one', open: id(105) })
    expect(view({ instance: 'all' }, large)).toEqual({ mode: 'all' })
  })

  test('shownPlan keeps the open instance whole and the others as a name with their counts', () => {
    const two = planOf([{ ...card, number: 2, names: [...card.names, { _id: id(30), name: 'Tower B', projectEntityId: id(30) }] }], [template], mappings)
    const [shown] = shownPlan(two, { mode: 'one', open: id(30) })
    expect(shown!.instances.map((row) => [row.name, row.tagged === null, row.counts])).toEqual([
      ['Tower A', true, { requirement: 3, tagged: 2 }],
      ['Tower B', false, { requirement: 3, tagged: 0 }],
    ])
    expect(shownPlan(two, { mode: 'all' })[0]!.instances.every((row) => row.tagged !== null)).toBe(true)
  })

  test('findRow finds the row ?assign= names, its clusters in any order, and nothing else', () => {
    const found = findRow(plan, assignKey(instance, role, [south, north]))
    expect(found?.context).toEqual({ cluster: expect.stringContaining('North'), role: 'Surveyor', instance: 'Tower A' })
    expect(found?.row.tagged).toHaveLength(2)
    expect(findRow(plan, assignKey(instance, role, [north]))).toBeNull()
    expect(findRow(plan, assignKey(id(99), role, [north, south]))).toBeNull()
  })
})
