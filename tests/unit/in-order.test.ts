import { describe, expect, test } from 'vitest'
import type { PlanPart } from '#api/schedule/load'
import { linesInOrder } from '#api/read-model/in-order'

/**
 * linesInOrder merges the moved projects' lines into the kept list while the projects moved and
 * dropped are at most half of them, and sorts every line again beyond that. Both give the order a
 * whole stable sort gives; which was taken shows in whose lines were asked for.
 */

interface Line {
  project: string
  at: number
}

const part = (projectId: string) => ({ projectId }) as PlanPart
const linesByProject: Record<string, number[]> = { a: [1, 5], b: [2, 6], c: [3, 7], d: [4, 8] }

function run(parts: PlanPart[], before?: { parts: PlanPart[]; lines: Line[] }) {
  const asked: string[] = []
  const linesOf = (one: PlanPart) => {
    asked.push(one.projectId)
    return linesByProject[one.projectId]!.map((at) => ({ project: one.projectId, at }))
  }
  const lines = linesInOrder(parts, linesOf, (line) => line.project, (x, y) => x.at - y.at, before)
  return { lines, asked }
}

describe('linesInOrder', () => {
  const kept = ['a', 'b', 'c', 'd'].map(part)
  const before = { parts: kept, lines: run(kept).lines }
  const whole = (parts: PlanPart[]) => parts.flatMap((one) => linesByProject[one.projectId]!.map((at) => ({ project: one.projectId, at }))).sort((x, y) => x.at - y.at)

  test('one project of four moved (moved and dropped exactly half): only its lines are read and merged in', () => {
    const parts = [kept[0]!, part('b'), kept[2]!, kept[3]!]
    const { lines, asked } = run(parts, before)
    expect(asked).toEqual(['b'])
    expect(lines).toEqual(whole(parts))
  })

  test('two of four moved (moved and dropped over half): every line is read and sorted again', () => {
    const parts = [kept[0]!, part('b'), part('c'), kept[3]!]
    const { lines, asked } = run(parts, before)
    expect(asked).toEqual(['a', 'b', 'c', 'd'])
    expect(lines).toEqual(whole(parts))
  })

  test('a project gone counts as dropped: one moved and one gone of three left is over half', () => {
    const parts = [kept[0]!, part('b'), kept[2]!]
    const { lines, asked } = run(parts, before)
    expect(asked).toEqual(['a', 'b', 'c'])
    expect(lines).toEqual(whole(parts))
  })
})
