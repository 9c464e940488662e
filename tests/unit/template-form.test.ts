import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import { readIntent } from '#app/lib/intents'
import type { Cluster } from '#domain/contracts/catalog'
import type { Planning, Template } from '#domain/contracts/planning'
import { planningMessages } from '#domain/planning/messages'
import {
  EMPTY_ITEM,
  deletion,
  dialogField,
  dialogStep,
  draftFor,
  field,
  isRowKey,
  openDialog,
  pagePath,
  INTENTS,
  POSTED,
  readCombo,
  readPage,
  rolesOf,
  rowKey,
  templatePayload,
  withConfirmDelete,
  type Combo,
  type Draft,
} from '#app/features/template/form'

/** The Resource Planning Template page form read back from a post, and the template it describes (no browser needed). */

const id = uuid
const [category, entity, planning, engineer, developer, north, south, east, west, other, garden, template] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(id)
const combo: Combo = { categoryId: category, entityId: entity, planningId: planning }
const northKey = rowKey(engineer, [north])
const groupKey = rowKey(developer, [east, west])
const item = (planned: string, interchange = false, interchanges: Draft[string]['interchanges'] = []) => ({ planned, interchange, interchanges })
const fromGarden = (people: string) => ({ people, entityId: other, clusterId: garden })

const readDraft = (form: FormData) => readPage(form).draft
const readDialogRows = (form: FormData) => readPage(form).dialog.rows
const readDeletion = (form: FormData) => {
  const posted = readIntent(POSTED, form)
  return posted?.intent === 'delete' && posted.submission.status === 'success' ? posted.submission.value : null
}

describe('readDraft', () => {
  test('reads every row as typed: planned people as text, Interchange ticked or not, its interchanges in order', () => {
    const draft = readDraft(
      postedForm([
        [field.key(0), northKey],
        [field.planned(0), '5'],
        [field.interchange(0), 'on'],
        [field.people(0, 0), '2'],
        [field.entity(0, 0), other],
        [field.cluster(0, 0), garden],
        [field.people(0, 1), ''],
        [field.entity(0, 1), ''],
        [field.cluster(0, 1), ''],
        [field.key(1), groupKey],
        [field.planned(1), ''],
      ]),
    )
    expect(draft).toEqual({
      [northKey]: item('5', true, [fromGarden('2'), { people: '', entityId: '', clusterId: '' }]),
      [groupKey]: item(''),
    })
    // The order of the rows is the order of the page.
    expect(Object.keys(draft)).toEqual([northKey, groupKey])
  })

  test("only 'on' ticks Interchange; a row without its planned field reads empty", () => {
    const draft = readDraft(postedForm([[field.key(0), northKey], [field.interchange(0), 'true']]))
    expect(draft[northKey]).toEqual(EMPTY_ITEM)
  })

  test('a row whose key the page did not write is left out; rows stop at the first missing index', () => {
    const draft = readDraft(
      postedForm([
        [field.key(0), `${engineer}/not-an-id`],
        [field.planned(0), '3'],
        [field.key(1), `${engineer}/${north},,${south}`],
        [field.key(2), 'no slash'],
        [field.key(3), northKey],
        [field.planned(3), '1'],
        [field.key(5), groupKey],
      ]),
    )
    expect(draft).toEqual({ [northKey]: item('1') })
  })

  test('interchanges past one over the limit are not read (the schema refuses the one over by name)', () => {
    const entries: [string, string][] = [[field.key(0), northKey]]
    for (let at = 0; at < 80; at++) entries.push([field.people(0, at), '1'])
    expect(readDraft(postedForm(entries))[northKey].interchanges).toHaveLength(51)
  })
})

describe('row keys, the choice, the dialog rows, a deletion', () => {
  test('a row key is the role id, then its cluster ids joined by commas', () => {
    expect(groupKey).toBe(`${developer}/${east},${west}`)
    expect(isRowKey(northKey)).toBe(true)
    expect(isRowKey(groupKey)).toBe(true)
    expect(isRowKey(`${engineer}/`)).toBe(false)
    expect(isRowKey(`${engineer}/${north}/${south}`)).toBe(false)
    expect(isRowKey(`x/${north}`)).toBe(false)
  })

  test('the choice keeps ids and drops what is not one', () => {
    expect(readCombo(postedForm(combo as unknown as Record<string, string>))).toEqual(combo)
    expect(readCombo(new URLSearchParams({ categoryId: category, entityId: "'; drop table entities; --" }))).toEqual({ categoryId: category, entityId: '', planningId: '' })
  })

  test("the dialog's rows are read in order until the first missing index", () => {
    const rows = readDialogRows(
      postedForm([
        [dialogField.people(0), '1'],
        [dialogField.entity(0), other],
        [dialogField.cluster(0), garden],
        [dialogField.people(1), '2'],
        [dialogField.people(3), '9'],
      ]),
    )
    expect(rows).toEqual([fromGarden('1'), { people: '2', entityId: '', clusterId: '' }])
  })

  test('a deletion is read trimmed', () => {
    expect(readDeletion(postedForm({ intent: 'delete', templateId: ` ${template} `, roleId: engineer, clusterItemId: '' }))).toEqual({ templateId: template, roleId: engineer, clusterItemId: '' })
  })
})

describe('INTENTS', () => {
  const permissionsFor = (intent: string) => {
    const changing = readIntent(POSTED, postedForm({ intent }))
    return changing ? INTENTS[changing.intent].permission : []
  }
  test('Save and its confirmed overwrite need add (the API asks edit or delete for what an overwrite changes or drops), Delete delete; the dialog steps only view', () => {
    expect(permissionsFor('save')).toEqual(['add'])
    expect(permissionsFor('save-force')).toEqual(['add'])
    expect(permissionsFor('delete')).toEqual(['delete'])
    expect(permissionsFor(`open:${northKey}`)).toEqual([])
    expect(permissionsFor('dialog-save')).toEqual([])
    expect(permissionsFor('cancel')).toEqual([])
  })
})

describe('templatePayload: Save Template (spec/administration-planning.md §5)', () => {
  test('rows of a role go together; a group is a list of clusters; an empty row without Interchange is left out; unticked interchanges are dropped', () => {
    const checked = templatePayload(combo, {
      [northKey]: item('5', true, [fromGarden('2')]),
      [rowKey(engineer, [south])]: item('3', false, [fromGarden('1')]),
      [rowKey(engineer, [west])]: item(''),
      [groupKey]: item('4'),
    })
    expect(checked).toEqual({
      ok: true,
      payload: {
        ...combo,
        roleClusters: [
          {
            roleId: engineer,
            clusters: [
              { clusterId: [north], plannedPeople: 5, isInterchange: true, interchanges: [{ interchangePeople: 2, interchangeFrom: { entityId: other, clusterId: garden } }] },
              { clusterId: [south], plannedPeople: 3, isInterchange: false, interchanges: [] },
            ],
          },
          { roleId: developer, clusters: [{ clusterId: [east, west], plannedPeople: 4, isInterchange: false, interchanges: [] }] },
        ],
      },
    })
  })

  test("no type or no entity: 'Please select both a planning type and an entity.'", () => {
    expect(templatePayload({ ...combo, planningId: '' }, { [northKey]: item('1') })).toEqual({ ok: false, message: planningMessages.selectTypeAndEntity })
    expect(templatePayload({ ...combo, entityId: '' }, { [northKey]: item('1') })).toEqual({ ok: false, message: planningMessages.selectTypeAndEntity })
  })

  test('nothing planned is sent as it is: the API alone refuses it', () => {
    expect(templatePayload(combo, { [northKey]: item('') })).toEqual({ ok: true, payload: { ...combo, roleClusters: [] } })
  })

  test.each([
    ['planned people that are not a number', item('four'), 'Planned people must be a number'],
    ['negative planned people', item('-1'), 'Planned people cannot be negative'],
    ['interchanges over planned', item('2', true, [fromGarden('3')]), planningMessages.interchangeExceedsPlanned],
    ['an interchange without its cluster', item('2', true, [{ people: '1', entityId: other, clusterId: '' }]), planningMessages.interchangeFieldsRequired],
    ['Interchange ticked with nobody planned', item('', true, [fromGarden('1')]), planningMessages.interchangeExceedsPlanned],
  ])('%s is refused with the schema’s words', (_, row, message) => {
    expect(templatePayload(combo, { [northKey]: row })).toEqual({ ok: false, message })
  })
})

describe('the interchange dialog without JavaScript', () => {
  const clusters = [
    { _id: north, name: 'North', entityId: entity },
    { _id: garden, name: 'Garden', entityId: other },
  ]
  const draft: Draft = { [northKey]: item('3', true, [fromGarden('1')]) }

  test('opens only on a row with Interchange ticked', () => {
    expect(openDialog(draft, northKey)).toEqual({ key: northKey, rows: [fromGarden('1')], message: null })
    expect(openDialog({ [northKey]: item('3') }, northKey)).toBeNull()
    expect(openDialog(draft, groupKey)).toBeNull()
  })

  test('Add adds a row below the planned total, not at it', () => {
    expect(dialogStep('dialog-add', draft, northKey, [fromGarden('1')], clusters).dialog?.rows).toEqual([fromGarden('1'), { people: '', entityId: '', clusterId: '' }])
    expect(dialogStep('dialog-add', draft, northKey, [fromGarden('3')], clusters).dialog?.rows).toEqual([fromGarden('3')])
  })

  test('Remove takes the row out, down to one', () => {
    expect(dialogStep('dialog-remove:0', draft, northKey, [fromGarden('1'), fromGarden('2')], clusters).dialog?.rows).toEqual([fromGarden('2')])
    expect(dialogStep('dialog-remove:0', draft, northKey, [fromGarden('1')], clusters).dialog?.rows).toEqual([fromGarden('1')])
  })

  test("a cluster not of the row's entity is cleared; without the clusters nothing is", () => {
    const moved = { people: '1', entityId: entity, clusterId: garden }
    expect(dialogStep('dialog-refresh', draft, northKey, [moved], clusters).dialog?.rows).toEqual([{ ...moved, clusterId: '' }])
    expect(dialogStep('dialog-refresh', draft, northKey, [moved], null).dialog?.rows).toEqual([moved])
  })

  test('Save keeps the rows in the row and closes; rows that break a rule stay open with the rule', () => {
    expect(dialogStep('dialog-save', draft, northKey, [fromGarden('2')], clusters)).toEqual({ draft: { [northKey]: item('3', true, [fromGarden('2')]) }, dialog: null })
    expect(dialogStep('dialog-save', draft, northKey, [fromGarden('4')], clusters)).toEqual({
      draft,
      dialog: { key: northKey, rows: [fromGarden('4')], message: planningMessages.interchangeExceedsPlanned },
    })
  })

  test('Cancel, or a row the form does not hold, closes it with the draft as it was', () => {
    expect(dialogStep('dialog-cancel', draft, northKey, [fromGarden('2')], clusters)).toEqual({ draft, dialog: null })
    expect(dialogStep('dialog-save', draft, groupKey, [fromGarden('2')], clusters)).toEqual({ draft, dialog: null })
  })
})

describe('the rows of a planning type and the saved template in them', () => {
  const ref = (_id: string, name = _id) => ({ _id, name })
  const cluster = (_id: string, name: string, description: string | null = null) => ({ _id, name, description, category, entityType: entity }) as Cluster
  const plan = {
    _id: planning,
    categoryId: ref(category),
    entityId: ref(entity),
    typeName: 'Type',
    createdAt: '',
    roleClusters: [
      { roleId: ref(engineer, 'Engineer'), clusters: [north, south] },
      { roleId: ref(developer, 'Developer'), clusters: [[east, west]] },
    ],
  } satisfies Planning
  const roles = rolesOf(plan, [cluster(north, 'North', 'Floors 1 to 10'), cluster(east, 'East'), cluster(west, 'West')])

  test('each role lists its clusters, a group as one row with one label, numbered across roles; a cluster gone reads (Unavailable Cluster)', () => {
    expect(roles.map((role) => role.rows.map((row) => [row.index, row.key, row.label]))).toEqual([
      [
        [0, northKey, 'North'],
        [1, rowKey(engineer, [south]), '(Unavailable Cluster)'],
      ],
      [[2, groupKey, 'East + West']],
    ])
    expect(roles[0].rows[0].descriptions).toEqual([{ _id: north, name: 'North', description: 'Floors 1 to 10' }])
    expect(rolesOf(null, [])).toEqual([])
  })

  test('the saved template fills the rows with the same role and cluster set; the others start empty', () => {
    const saved: Template = {
      _id: template,
      categoryId: ref(category),
      entityId: ref(entity),
      planningId: { _id: planning, typeName: 'Type' },
      roleClusters: [
        {
          roleId: ref(engineer),
          clusters: [{ _id: id(20), clusterId: [ref(north)], plannedPeople: 5, isInterchange: true, interchanges: [{ interchangePeople: 2, interchangeFrom: { entityId: ref(other), clusterId: ref(garden) } }] }],
        },
        { roleId: ref(developer), clusters: [{ _id: id(21), clusterId: [ref(west), ref(east)], plannedPeople: 4, isInterchange: false, interchanges: [] }] },
      ],
    }
    expect(draftFor(roles, saved)).toEqual({ [northKey]: item('5', true, [fromGarden('2')]), [rowKey(engineer, [south])]: EMPTY_ITEM, [groupKey]: item('4') })
    expect(draftFor(roles, null)[northKey]).toEqual(EMPTY_ITEM)

    expect(deletion(`${template}:${developer}:${id(21)}`, [saved])).toEqual({ templateId: template, roleId: developer, clusterItemId: id(21), description: `${west} + ${east} · ${developer} · ${entity} / Type` })
    expect(deletion(`${template}:${developer}:${id(99)}`, [saved]).description).toBeNull()
  })
})

describe('addresses', () => {
  test('the page carries the choices made, and the delete confirmation when open', () => {
    expect(pagePath({ ...combo, planningId: '' })).toBe(`/resource-planning-template?categoryId=${category}&entityId=${entity}`)
    expect(pagePath({})).toBe('/resource-planning-template')
    const params = new URLSearchParams({ categoryId: category })
    expect(withConfirmDelete(params, 'a:b:c')).toBe(`/resource-planning-template?categoryId=${category}&confirmDelete=a%3Ab%3Ac`)
    expect(withConfirmDelete(new URLSearchParams({ confirmDelete: 'a:b:c' }), null)).toBe('/resource-planning-template')
  })
})
