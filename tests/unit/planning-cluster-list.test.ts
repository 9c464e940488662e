import { describe, expect, test } from 'vitest'
import {
  clusterLabel,
  flatten,
  groupClusters,
  isGroup,
  sameClusterSet,
  singleClusters,
  unwrapSingletons,
  usesEachClusterOnce,
  type ClusterList,
} from '#domain/planning/cluster-list'
import { UNAVAILABLE_CLUSTER } from '#domain/planning/messages'

describe('groupClusters: "the selected clusters are merged into one new group, existing groups stay, and ungrouped clusters not selected stay single"', () => {
  test('two selected singles become one group where the first of them stood; the others stay single', () => {
    expect(groupClusters(['a', 'b', 'c', 'd'], ['b', 'd'])).toEqual(['a', ['b', 'd'], 'c'])
  })

  test('existing groups stay as they are, in place', () => {
    expect(groupClusters([['x', 'y'], 'a', 'b', ['z', 'w'], 'c'], ['a', 'c'])).toEqual([['x', 'y'], ['a', 'c'], 'b', ['z', 'w']])
  })

  test('a second grouping makes a second group; the first group is untouched', () => {
    const once = groupClusters(['a', 'b', 'c', 'd'], ['a', 'b'])
    expect(groupClusters(once, ['c', 'd'])).toEqual([['a', 'b'], ['c', 'd']])
  })

  test('every single selected: one group of all of them', () => {
    expect(groupClusters(['a', 'b', 'c'], ['c', 'b', 'a'])).toEqual([['a', 'b', 'c']])
  })

  test('ids inside existing groups cannot be selected: they are ignored', () => {
    expect(groupClusters([['x', 'y'], 'a', 'b'], ['x', 'a', 'b'])).toEqual([['x', 'y'], ['a', 'b']])
  })

  test('ids inside groups do not count towards the two needed: one single and a grouped id change nothing', () => {
    expect(groupClusters([['x', 'y'], 'a', 'b'], ['x', 'a'])).toEqual([['x', 'y'], 'a', 'b'])
  })

  test('selecting one single changes nothing (a group of one is a single cluster)', () => {
    expect(groupClusters(['a', 'b', 'c'], ['b'])).toEqual(['a', 'b', 'c'])
  })

  test('selecting nothing changes nothing', () => {
    expect(groupClusters(['a', ['b', 'c']], [])).toEqual(['a', ['b', 'c']])
  })

  test('ids that are not in the list are ignored', () => {
    expect(groupClusters(['a', 'b'], ['a', 'zzz'])).toEqual(['a', 'b'])
    expect(groupClusters(['a', 'b', 'c'], ['a', 'zzz', 'c'])).toEqual([['a', 'c'], 'b'])
  })

  test('the new group lists its clusters in the order of the list, not the order they were selected in', () => {
    expect(groupClusters(['a', 'b', 'c'], ['c', 'a'])).toEqual([['a', 'c'], 'b'])
  })

  test('an id selected twice counts once', () => {
    expect(groupClusters(['a', 'b', 'c'], ['b', 'b'])).toEqual(['a', 'b', 'c'])
    expect(groupClusters(['a', 'b', 'c'], ['a', 'b', 'a'])).toEqual([['a', 'b'], 'c'])
  })

  test('takes any iterable of ids (a Set of ticked boxes)', () => {
    expect(groupClusters(['a', 'b'], new Set(['a', 'b']))).toEqual([['a', 'b']])
  })

  test('never changes the list it was given, and its groups are copies', () => {
    const group = ['x', 'y']
    const list: ClusterList = ['a', group, 'b']
    const result = groupClusters(list, ['a', 'b'])
    expect(list).toEqual(['a', ['x', 'y'], 'b'])
    expect(result[1]).toEqual(['x', 'y'])
    expect(result[1]).not.toBe(group)
    expect(groupClusters(list, [])[1]).not.toBe(group)
  })

  test('an empty list stays empty', () => {
    expect(groupClusters([], ['a', 'b'])).toEqual([])
  })
})

describe('flatten, singleClusters, isGroup', () => {
  test('flatten opens the groups, keeping the order', () => {
    expect(flatten(['a', ['b', 'c'], 'd', ['e']])).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(flatten([])).toEqual([])
  })

  test('singleClusters lists only the ungrouped ids (the ones the dialog can select)', () => {
    expect(singleClusters(['a', ['b', 'c'], 'd'])).toEqual(['a', 'd'])
  })

  test('isGroup tells a group from a single id', () => {
    expect(isGroup(['a'])).toBe(true)
    expect(isGroup('a')).toBe(false)
  })

  test('unwrapSingletons makes a group of one a single cluster and keeps the rest', () => {
    expect(unwrapSingletons([['a'], 'b', ['c', 'd']])).toEqual(['a', 'b', ['c', 'd']])
  })
})

describe('sameClusterSet', () => {
  test('the same clusters grouped differently or in another order are the same set', () => {
    expect(sameClusterSet(['a', 'b', 'c'], [['c', 'a'], 'b'])).toBe(true)
  })

  test('a missing or an extra cluster makes another set', () => {
    expect(sameClusterSet(['a', 'b', 'c'], [['a', 'b']])).toBe(false)
    expect(sameClusterSet(['a', 'b'], ['a', 'b', 'c'])).toBe(false)
  })

  test('repeats do not matter to the set', () => {
    expect(sameClusterSet(['a', 'b'], ['a', ['a', 'b']])).toBe(true)
  })

  test('two empty lists are the same set', () => {
    expect(sameClusterSet([], [])).toBe(true)
  })
})

describe("usesEachClusterOnce: a proposed grouping uses exactly the role's clusters, each once", () => {
  const role: ClusterList = ['a', 'b', ['c', 'd']]

  test.each([
    ['the list as it is', ['a', 'b', ['c', 'd']]],
    ['everything ungrouped', ['a', 'b', 'c', 'd']],
    ['regrouped', [['a', 'c'], ['b', 'd']]],
    ['reordered', [['d', 'c'], 'b', 'a']],
    ['one group of all', [['a', 'b', 'c', 'd']]],
  ])('accepts %s', (_, proposed) => {
    expect(usesEachClusterOnce(role, proposed as ClusterList)).toBe(true)
  })

  test.each([
    ['a cluster left out', ['a', ['c', 'd']]],
    ['a cluster that is not the role’s', ['a', 'b', ['c', 'd'], 'e']],
    ['a cluster twice', ['a', 'b', ['c', 'd', 'a']]],
    ['a cluster twice as singles', ['a', 'a', 'b', ['c', 'd']]],
    ['an empty group', ['a', 'b', ['c', 'd'], []]],
    ['nothing', []],
  ])('refuses %s', (_, proposed) => {
    expect(usesEachClusterOnce(role, proposed as ClusterList)).toBe(false)
  })
})

describe('clusterLabel', () => {
  const names = new Map([
    ['a', 'Excavation'],
    ['b', 'Foundation'],
    ['c', 'Plinth'],
  ])

  test('a single cluster reads its name', () => {
    expect(clusterLabel('a', names)).toBe('Excavation')
  })

  test('a group shows one combined label: the names joined with " + ", in order', () => {
    expect(clusterLabel(['c', 'a', 'b'], names)).toBe('Plinth + Excavation + Foundation')
  })

  test("a cluster no longer available is labelled '(Unavailable Cluster)'", () => {
    expect(UNAVAILABLE_CLUSTER).toBe('(Unavailable Cluster)')
    expect(clusterLabel('gone', names)).toBe('(Unavailable Cluster)')
    expect(clusterLabel(['a', 'gone'], names)).toBe('Excavation + (Unavailable Cluster)')
  })

  test('takes a plain object of names too, without reading inherited keys', () => {
    expect(clusterLabel(['a', 'b'], { a: 'Excavation', b: 'Foundation' })).toBe('Excavation + Foundation')
    expect(clusterLabel('toString', { a: 'Excavation' })).toBe('(Unavailable Cluster)')
  })
})
