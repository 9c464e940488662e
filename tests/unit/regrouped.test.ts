import { describe, expect, test } from 'vitest'
import type { Assignment } from '#domain/schedule/assignments'
import type { Slot } from '#domain/schedule/capacity'
import { regrouped } from '#api/read-model/answers'
import type { EveryPlan } from '#api/read-model/every-plan'
import type { PlanPart } from '#api/schedule/load'

/**
 * The kept grouping of everyone's assignments after a change: the people whose rows moved are
 * regrouped, everyone else keeps their very list, and the answer is the one a whole grouping gives.
 */

const DATES = { start: '2030-03-01', end: '2030-03-31' }

/** A project's part with one slot per [instance, people] (one role, one cluster), its assignments in slot order, as planSlots makes them. */
function part(projectId: string, slots: [string, string[]][]): PlanPart {
  const made: Slot[] = []
  const assignments: Assignment[] = []
  for (const [instanceId, people] of slots) {
    made.push({ roleId: 'role', projectId, instanceId, clusterKey: 'c', clusterIds: ['c'], requirement: 3, tagged: people.length, dates: DATES })
    for (const personId of people) assignments.push({ id: `${instanceId}/role/c/${personId}`, personId, projectId, instanceId, roleId: 'role', clusterIds: ['c'], dates: DATES })
  }
  return { projectId, slots: made, assignments } as unknown as PlanPart
}

const reading = (parts: PlanPart[]) => ({ parts }) as unknown as EveryPlan
/** The grouping a reading gives with nothing kept. */
const whole = (parts: PlanPart[]) => regrouped(parts)
const byValue = (map: ReadonlyMap<string, readonly Assignment[]>) => [...map].sort(([a], [b]) => a.localeCompare(b))

describe('regrouped: a change regroups the people it moved', () => {
  const a = part('a', [
    ['i1', ['ann', 'bob']],
    ['i2', ['cy']],
  ])
  const b = part('b', [['i3', ['ann', 'dee']]])
  // Projects no change touches: most stay as they were, as after any change but a whole reading.
  const others = [part('c', [['i4', ['eve']]]), part('d', [['i5', ['fay']]]), part('e', [['i6', ['gus']]])]
  const kept = { perProject: reading([a, b, ...others]), ...whole([a, b, ...others]) }

  test("a tag that only moved in its slot's order regroups nobody: the very maps are kept", () => {
    const a2 = part('a', [
      ['i1', ['bob', 'ann']],
      ['i2', ['cy']],
    ])
    const after = regrouped([a2, b, ...others], kept)
    expect(after.assignmentsOf).toBe(kept.assignmentsOf)
    expect(after.ofProject).toBe(kept.ofProject)
    expect(after.moved?.people.size).toBe(0)
    expect(byValue(after.assignmentsOf)).toEqual(byValue(whole([a2, b, ...others]).assignmentsOf))
  })

  test('a person tagged to a slot: only they move, and everyone else keeps their very list', () => {
    const a2 = part('a', [
      ['i1', ['ann', 'bob']],
      ['i2', ['cy', 'dee']],
    ])
    const after = regrouped([a2, b, ...others], kept)
    expect([...after.moved!.people]).toEqual(['dee'])
    for (const personId of ['ann', 'bob', 'cy']) expect(after.assignmentsOf.get(personId)).toBe(kept.assignmentsOf.get(personId))
    expect(byValue(after.assignmentsOf)).toEqual(byValue(whole([a2, b, ...others]).assignmentsOf))
    // In the order of the parts: project a's row first, then b's.
    expect(after.assignmentsOf.get('dee')!.map((row) => row.projectId)).toEqual(['a', 'b'])
  })

  test('a person untagged from their only slot, and a project gone: they go, the others move', () => {
    const a2 = part('a', [
      ['i1', ['ann']],
      ['i2', ['cy']],
    ])
    const after = regrouped([a2, ...others], kept)
    expect(new Set(after.moved!.people)).toEqual(new Set(['ann', 'bob', 'dee']))
    expect(after.assignmentsOf.has('bob')).toBe(false)
    expect(after.assignmentsOf.get('cy')).toBe(kept.assignmentsOf.get('cy'))
    expect(byValue(after.assignmentsOf)).toEqual(byValue(whole([a2, ...others]).assignmentsOf))
  })

  test('slots that differ (a card or a date moved) are compared person by person', () => {
    const a2 = part('a', [['i1', ['ann', 'bob']]])
    const after = regrouped([a2, b, ...others], kept)
    expect([...after.moved!.people]).toEqual(['cy'])
    expect(byValue(after.assignmentsOf)).toEqual(byValue(whole([a2, b, ...others]).assignmentsOf))
  })
})
