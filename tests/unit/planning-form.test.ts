import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import type { Planning } from '#domain/contracts/planning'
import { planningMessages } from '#domain/planning/messages'
import {
  addClusterFormSchema,
  createTypeFormSchema,
  INTENTS,
  planningFilter,
  planningHref,
  POSTED,
  selectionOf,
  tickedOf,
} from '#app/features/planning/form'
import { groupDialogOf, labelOf, rowsOf } from '#app/features/planning/table'
import { permissionsOf, readIntent } from '#app/lib/intents'
import { parseWithSchema } from '#app/lib/validation'

/** The Planning screen's forms, address and table, read without a browser. */

/** A refused submission's messages by field ('' for the whole form); undefined when it passed. */
const errorsOf = (submission: ReturnType<typeof parseWithSchema>) => (submission.status === 'error' ? (submission.error ?? {}) : undefined)

const [category, entity, planner, driver, c1, c2, c3, planningId] = [1, 2, 3, 4, 5, 6, 7, 8].map(uuid)

describe('Create New Planning Type', () => {
  const parse = (entries: [string, string][]) => parseWithSchema(postedForm(entries), { schema: createTypeFormSchema })

  test('each role.<id> checkbox list becomes that role’s clusters; one tick is a list of one', () => {
    const submission = parse([
      ['intent', 'create-type'],
      ['categoryId', category],
      ['entityId', entity],
      ['typeName', '  Phase 1 '],
      [`role.${planner}`, c1],
      [`role.${planner}`, c2],
      [`role.${driver}`, c3],
    ])
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      categoryId: category,
      entityId: entity,
      typeName: 'Phase 1',
      roleClusters: [
        { roleId: planner, clusters: [c1, c2] },
        { roleId: driver, clusters: [c3] },
      ],
    })
  })

  test('a cluster ticked twice counts once', () => {
    const submission = parse([
      ['categoryId', category],
      ['entityId', entity],
      ['typeName', 'Phase 1'],
      [`role.${planner}`, c1],
      [`role.${planner}`, c1],
    ])
    expect(submission.status === 'success' && submission.value.roleClusters).toEqual([{ roleId: planner, clusters: [c1] }])
  })

  test('an empty form asks for the name and a cluster, beside their fields', () => {
    const submission = parse([
      ['categoryId', category],
      ['entityId', entity],
      ['typeName', ''],
    ])
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)?.typeName).toEqual([planningMessages.typeNameRequired])
    expect(errorsOf(submission)?.roleClusters).toEqual([planningMessages.clusterRequired])
  })

  test('a cluster or role that is no id is refused', () => {
    expect(parse([['categoryId', category], ['entityId', entity], ['typeName', 'T'], [`role.${planner}`, 'not-an-id']]).status).toBe('error')
    expect(parse([['categoryId', category], ['entityId', entity], ['typeName', 'T'], ['role.someone', c1]]).status).toBe('error')
  })

  test('without an entity the form says to select one first', () => {
    const submission = parse([
      ['categoryId', category],
      ['typeName', 'T'],
      [`role.${planner}`, c1],
    ])
    expect(errorsOf(submission)?.entityId).toEqual([planningMessages.selectEntityFirst])
  })

  test('a refused post’s ticks come back per role', () => {
    expect(tickedOf({ role: { [planner]: [c1, c2], [driver]: c3 } })).toEqual({ [planner]: [c1, c2], [driver]: [c3] })
    expect(tickedOf({ role: 'junk' })).toEqual({})
    expect(tickedOf(undefined)).toEqual({})
  })
})

describe('Add Cluster', () => {
  test('the form’s own fields are left out of the payload', () => {
    const form = postedForm({ intent: 'add-cluster', inPage: '1', category, entityType: entity, name: ' North ', description: 'The north block' })
    const submission = parseWithSchema(form, { schema: addClusterFormSchema })
    expect(submission.status === 'success' && submission.value).toEqual({ category, entityType: entity, name: 'North', description: 'The north block' })
  })

  test('no name says the spec’s sentence for the whole form', () => {
    const submission = parseWithSchema(postedForm({ category, entityType: entity, name: '' }), { schema: addClusterFormSchema })
    expect(submission.status).toBe('error')
    expect(errorsOf(submission)?.['']).toEqual([planningMessages.clusterFieldsRequired])
  })
})

describe('the buttons', () => {
  const intentOf = (form: FormData) => readIntent(POSTED, form)?.intent ?? null
  test('each intent needs its own permission', () => {
    expect(intentOf(postedForm({ intent: 'group' }))).toBe('group')
    expect(intentOf(postedForm({ intent: 'create-type' }))).toBe('create-type')
    expect(permissionsOf(INTENTS)).toEqual({ 'create-type': ['add'], 'add-cluster': ['add'], group: ['edit'] })
  })

  test('a post no button of the page makes is none', () => {
    expect(intentOf(postedForm({ intent: 'delete' }))).toBeNull()
    expect(intentOf(postedForm({ intent: 'hasOwnProperty' }))).toBeNull()
    expect(intentOf(postedForm({}))).toBeNull()
  })

  test('Group Clusters needs a planning, a role and two clusters; what is not an id is dropped', () => {
    const groups = (clusters: string[], ids = { planningId, roleId: planner }) => {
      const posted = readIntent(POSTED, postedForm([['intent', 'group'], ...Object.entries(ids), ...clusters.map((id): [string, string] => ['clusters', id])]))
      return posted?.intent === 'group' && posted.submission.status === 'success' ? posted.submission.value : null
    }
    expect(groups([c1, 'x', c2])).toEqual({ planningId, roleId: planner, selected: [c1, c2] })
    expect(groups([c1, 'x'])).toBeNull()
    expect(groups([c1, c2], { planningId: 'p', roleId: planner })).toBeNull()
    expect(groups([c1, c2], { planningId, roleId: '' })).toBeNull()
  })

  test('Add Cluster reads its payload and whether the dialog shows the success itself', () => {
    const posted = readIntent(POSTED, postedForm({ intent: 'add-cluster', category, entityType: entity, name: ' North ', description: '', inPage: '1' }))
    expect(posted?.intent).toBe('add-cluster')
    expect(posted?.submission.status === 'success' && posted.submission.value).toMatchObject({ category, entityType: entity, inPage: true })
    const refused = readIntent(POSTED, postedForm({ intent: 'add-cluster', category, entityType: entity, name: '' }))
    expect(refused && 'error' in refused.submission && refused.submission.error?.['']).toEqual([planningMessages.clusterFieldsRequired])
  })
})

describe('the address', () => {
  test('keeps the choices and adds the parameters', () => {
    expect(planningHref({ categoryId: category, entityId: entity }, { dialog: 'create-type' })).toBe(`/planning?categoryId=${category}&entityId=${entity}&dialog=create-type`)
    expect(planningHref({ categoryId: category, entityId: null })).toBe(`/planning?categoryId=${category}`)
    expect(planningHref({})).toBe('/planning')
  })

  test('reads the choices back; only ids filter the table', () => {
    const selection = selectionOf(new URLSearchParams({ categoryId: category, entityId: 'junk' }))
    expect(selection).toEqual({ categoryId: category, entityId: 'junk' })
    expect(planningFilter(selection)).toEqual({ categoryId: category, entityId: undefined })
    expect(planningFilter(selectionOf(new URLSearchParams()))).toEqual({ categoryId: undefined, entityId: undefined })
  })
})

describe('Saved Planning Types', () => {
  const planning: Planning = {
    _id: planningId,
    categoryId: { _id: category, name: 'Building' },
    entityId: { _id: entity, name: 'Site' },
    typeName: 'Phase 1',
    createdAt: '2024-03-05T10:00:00.000Z',
    roleClusters: [{ roleId: { _id: planner, name: 'Planner' }, clusters: [c1, [c2, c3]] }],
  }
  const label = labelOf([
    { _id: c1, name: 'North' },
    { _id: c2, name: 'East' },
    { _id: c3, name: 'West' },
  ])

  test('a role’s clusters by name, a group as one label', () => {
    const [row] = rowsOf([planning], label)
    expect(row?.roles).toEqual([{ _id: planner, name: 'Planner', clusters: ['North', label([c2, c3])] }])
    expect(label([c2, c3])).toContain('East')
    expect(label([c2, c3])).toContain('West')
  })

  test('Group Clusters offers the single clusters and names the groups; an unknown role opens nothing', () => {
    expect(groupDialogOf([planning], { planningId, roleId: planner }, label)).toEqual({
      planningId,
      roleId: planner,
      roleName: 'Planner',
      singles: [{ _id: c1, name: 'North' }],
      groups: [label([c2, c3])],
    })
    expect(groupDialogOf([planning], { planningId, roleId: driver }, label)).toBeNull()
    expect(groupDialogOf([planning], { planningId: null, roleId: planner }, label)).toBeNull()
  })
})
