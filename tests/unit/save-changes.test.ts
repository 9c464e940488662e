import { describe, expect, test } from 'vitest'
import {
  CHANGES,
  NO_CHANGES,
  cardChanges,
  cardRemovals,
  changeRefusal,
  changeSet,
  mergeChanges,
  requiredPermissions,
  tagChanges,
  templateChanges,
  type TemplateItemFigures,
} from '#domain/planning/changes'

/**
 * What a whole-set save would add, change and remove of what is stored, and the permissions that
 * takes (DESIGN §4; issue 28): adding needs add, changing edit, removing delete.
 */

const person = (permissions: string[], role = 'Planner') => ({ role, permissions })
const stored = [
  { id: 'a', name: 'Tower A' },
  { id: 'b', name: 'Tower B' },
]
const keep = (id: string, name: string) => ({ name, projectEntityId: id })
const fresh = (name: string) => ({ name, projectEntityId: null })

describe('cardChanges: one card saved whole against its stored instances', () => {
  test('a new card adds the card and its instances', () => {
    expect(cardChanges(null, [fresh('Tower A')])).toEqual({ adds: [CHANGES.addCards, CHANGES.addInstances], changes: [], removes: [] })
  })

  test('every instance kept as it is: nothing', () => {
    expect(cardChanges(stored, [keep('a', 'Tower A'), keep('b', 'Tower B')])).toEqual(NO_CHANGES)
  })

  test('kept instances and a new one: adding only (Number raised)', () => {
    expect(cardChanges(stored, [keep('a', 'Tower A'), keep('b', 'Tower B'), fresh('Tower C')])).toEqual({ adds: [CHANGES.addInstances], changes: [], removes: [] })
  })

  test('the same names sent without their instances replace them: adding and removing', () => {
    expect(cardChanges(stored, [fresh('Tower A'), fresh('Tower B')])).toEqual({ adds: [CHANGES.addInstances], changes: [], removes: [CHANGES.removeInstances] })
  })

  test('a kept instance under a new name is renamed, even when only its case changes', () => {
    expect(cardChanges(stored, [keep('a', 'Tower North'), keep('b', 'Tower B')])).toEqual({ adds: [], changes: [CHANGES.renameInstances], removes: [] })
    expect(cardChanges(stored, [keep('a', 'tower a'), keep('b', 'Tower B')]).changes).toEqual([CHANGES.renameInstances])
  })

  test('kept instances in another order are moved', () => {
    expect(cardChanges(stored, [keep('b', 'Tower B'), keep('a', 'Tower A')])).toEqual({ adds: [], changes: [CHANGES.reorderInstances], removes: [] })
  })

  test('fewer names than instances lowers Number and removes the instances left out', () => {
    expect(cardChanges(stored, [keep('a', 'Tower A')])).toEqual({ adds: [], changes: [CHANGES.lowerNumber], removes: [CHANGES.removeInstances] })
  })

  test('one instance swapped for a new one, Number kept: adding and removing, no change', () => {
    expect(cardChanges(stored, [keep('a', 'Tower A'), fresh('Tower C')])).toEqual({ adds: [CHANGES.addInstances], changes: [], removes: [CHANGES.removeInstances] })
  })

  test('an instance moved behind a new one is not a move: the kept ones keep their order', () => {
    expect(cardChanges(stored, [fresh('Tower Z'), keep('a', 'Tower A'), keep('b', 'Tower B')])).toEqual({ adds: [CHANGES.addInstances], changes: [], removes: [] })
  })
})

describe('tagChanges: the users of one cluster (or group) replaced', () => {
  const tag = (clusterId: string, userId: string) => ({ clusterId, userId })
  test('the same users: nothing; one more: tagging', () => {
    expect(tagChanges([tag('c1', 'u1')], [tag('c1', 'u1')])).toEqual(NO_CHANGES)
    expect(tagChanges([tag('c1', 'u1')], [tag('c1', 'u1'), tag('c1', 'u2')])).toEqual({ adds: [CHANGES.tagUsers], changes: [], removes: [] })
  })
  test('clearing or swapping someone untags them', () => {
    expect(tagChanges([tag('c1', 'u1')], [])).toEqual({ adds: [], changes: [], removes: [CHANGES.untagUsers] })
    expect(tagChanges([tag('c1', 'u1')], [tag('c1', 'u2')])).toEqual({ adds: [CHANGES.tagUsers], changes: [], removes: [CHANGES.untagUsers] })
  })
  test('a group: a person tagged on one of its clusters and now on both is tagging only', () => {
    expect(tagChanges([tag('c1', 'u1')], [tag('c1', 'u1'), tag('c2', 'u1')])).toEqual({ adds: [CHANGES.tagUsers], changes: [], removes: [] })
  })
})

describe('templateChanges: a template forced over the stored one', () => {
  const item = (roleId: string, clusterIds: string[], plannedPeople: number, interchanges: TemplateItemFigures['interchanges'] = []): TemplateItemFigures => ({
    roleId,
    clusterIds,
    plannedPeople,
    isInterchange: interchanges.length > 0,
    interchanges,
  })
  const from = (people: number, clusterId = 'k9') => ({ interchangePeople: people, interchangeFrom: { entityId: 'e1', clusterId } })
  const saved = [item('r1', ['k1'], 2), item('r1', ['k2', 'k3'], 3, [from(1)])]

  test('the same items, a group in another order included: nothing', () => {
    expect(templateChanges(saved, [item('r1', ['k1'], 2), item('r1', ['k3', 'k2'], 3, [from(1)])])).toEqual(NO_CHANGES)
  })
  test('a new cluster beside the others: adding', () => {
    expect(templateChanges(saved, [...saved, item('r1', ['k4'], 1)])).toEqual({ adds: [CHANGES.addTemplateClusters], changes: [], removes: [] })
  })
  test('other planned people or interchanges: changing', () => {
    expect(templateChanges(saved, [item('r1', ['k1'], 5), saved[1]])).toEqual({ adds: [], changes: [CHANGES.changeTemplateClusters], removes: [] })
    expect(templateChanges(saved, [saved[0], item('r1', ['k2', 'k3'], 3, [from(1, 'k8')])]).changes).toEqual([CHANGES.changeTemplateClusters])
    expect(templateChanges(saved, [saved[0], item('r1', ['k2', 'k3'], 3)]).changes).toEqual([CHANGES.changeTemplateClusters])
  })
  test('a cluster left out, or the same clusters under another role: removing', () => {
    expect(templateChanges(saved, [saved[0]])).toEqual({ adds: [], changes: [], removes: [CHANGES.removeTemplateClusters] })
    expect(templateChanges(saved, [item('r2', ['k1'], 2), saved[1]])).toEqual({ adds: [CHANGES.addTemplateClusters], changes: [], removes: [CHANGES.removeTemplateClusters] })
  })
})

describe('the permissions a change set needs, and the refusal naming what is missing', () => {
  const everything = mergeChanges(
    cardChanges(stored, [keep('a', 'Tower North'), fresh('Tower C'), fresh('Tower D')]),
    cardChanges(stored, [keep('a', 'Tower A')]),
    cardRemovals(1),
  )

  test('merged sets name each part once, in the order met', () => {
    expect(everything).toEqual({
      adds: [CHANGES.addInstances],
      changes: [CHANGES.renameInstances, CHANGES.lowerNumber],
      removes: [CHANGES.removeInstances, CHANGES.removeCards],
    })
    expect(cardRemovals(0)).toEqual(NO_CHANGES)
    expect(changeSet({ adds: [false], removes: ['X', 'X'] })).toEqual({ adds: [], changes: [], removes: ['X'] })
  })

  test('adding needs add, changing edit, removing delete', () => {
    expect(requiredPermissions(everything)).toEqual(['add', 'edit', 'delete'])
    expect(requiredPermissions(cardChanges(stored, [keep('a', 'Tower A'), keep('b', 'Tower B'), fresh('C')]))).toEqual(['add'])
    expect(requiredPermissions(NO_CHANGES)).toEqual([])
  })

  test('one holding every permission needed, or an administrator whatever their list: no refusal', () => {
    expect(changeRefusal(person(['add', 'edit', 'delete']), everything)).toBeNull()
    expect(changeRefusal(person([], 'Admin'), everything)).toBeNull()
    expect(changeRefusal(person([]), NO_CHANGES)).toBeNull()
  })

  test('one sentence per missing permission, naming the parts that need it', () => {
    expect(changeRefusal(person(['add']), cardChanges(stored, [fresh('Tower A'), fresh('Tower B')]))).toBe('Removing instances needs the delete permission.')
    expect(changeRefusal(person(['add', 'edit']), everything)).toBe('Removing instances and removing cards need the delete permission.')
    expect(changeRefusal(person(['add']), everything)).toBe(
      "Renaming instances and lowering a card's Number need the edit permission. Removing instances and removing cards need the delete permission.",
    )
    expect(changeRefusal(person(['view']), tagChanges([], [{ clusterId: 'c', userId: 'u' }]))).toBe('Tagging users needs the add permission.')
  })
})
