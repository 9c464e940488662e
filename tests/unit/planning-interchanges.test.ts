import { describe, expect, test } from 'vitest'
import { canAddInterchange, direct, interchangeProblem, peopleOf, totalInterchange, type InterchangeRow } from '#domain/planning/interchanges'
import { planningMessages } from '#domain/planning/messages'

const from = { entityId: 'entity-1', clusterId: 'cluster-1' }
const row = (interchangePeople: InterchangeRow['interchangePeople'], source: InterchangeRow['interchangeFrom'] = from): InterchangeRow => ({
  interchangePeople,
  interchangeFrom: source,
})

describe("the spec's interchange messages", () => {
  test('are word for word', () => {
    expect(planningMessages.interchangeFieldsRequired).toBe('Please fill all fields for each interchange.')
    expect(planningMessages.interchangePeopleMin).toBe('Interchange people must be greater than 0.')
    expect(planningMessages.interchangeExceedsPlanned).toBe('Total interchange people cannot exceed planned people.')
  })
})

describe('direct: planned minus the interchange total, minimum 0', () => {
  test.each([
    [10, [], 10],
    [10, [row(3)], 7],
    [10, [row(3), row(2)], 5],
    [10, [row(10)], 0],
    [10, [row(4), row(8)], 0],
    [0, [row(1)], 0],
  ])('planned %i with %j: %i', (planned, rows, expected) => {
    expect(direct(planned, rows)).toBe(expected)
  })

  test('rows still being typed (empty, text) count as nothing; typed numbers count', () => {
    expect(direct(10, [row(null), row(''), row('abc'), row('4')])).toBe(6)
  })

  test('a negative row does not raise Direct above planned', () => {
    expect(direct(5, [row(-3)])).toBe(5)
    expect(totalInterchange([row(-3), row(2)])).toBe(2)
  })
})

describe('interchangeProblem: the first rule broken, or null', () => {
  test('complete rows within planned: no problem', () => {
    expect(interchangeProblem(5, [row(2), row(3)])).toBeNull()
    expect(interchangeProblem(5, [])).toBeNull()
  })

  test('a total equal to planned is allowed', () => {
    expect(interchangeProblem(5, [row(5)])).toBeNull()
    expect(interchangeProblem(5, [row(2), row(3)])).toBeNull()
  })

  test("a total over planned: 'Total interchange people cannot exceed planned people.'", () => {
    expect(interchangeProblem(5, [row(6)])).toBe('Total interchange people cannot exceed planned people.')
    expect(interchangeProblem(5, [row(3), row(3)])).toBe('Total interchange people cannot exceed planned people.')
    expect(interchangeProblem(0, [row(1)])).toBe('Total interchange people cannot exceed planned people.')
  })

  test("people 0 or below: 'Interchange people must be greater than 0.'", () => {
    expect(interchangeProblem(5, [row(0)])).toBe('Interchange people must be greater than 0.')
    expect(interchangeProblem(5, [row(2), row(-1)])).toBe('Interchange people must be greater than 0.')
    expect(interchangeProblem(5, [row('0')])).toBe('Interchange people must be greater than 0.')
  })

  test.each([
    ['no entity', row(1, { clusterId: 'cluster-1' })],
    ['an empty entity', row(1, { entityId: '', clusterId: 'cluster-1' })],
    ['no cluster', row(1, { entityId: 'entity-1' })],
    ['a null cluster', row(1, { entityId: 'entity-1', clusterId: null })],
    ['no source at all', row(1, null)],
    ['no people', row(null)],
    ['empty people', row('')],
    ['people that are not a number', row('two')],
    ['missing people key', { interchangeFrom: from }],
  ])("a row with %s: 'Please fill all fields for each interchange.'", (_, bad) => {
    expect(interchangeProblem(5, [row(1), bad])).toBe('Please fill all fields for each interchange.')
  })

  test('missing fields are reported before people below 1, and that before a total over planned', () => {
    expect(interchangeProblem(1, [row(0), row(5), row(1, { entityId: 'e' })])).toBe('Please fill all fields for each interchange.')
    expect(interchangeProblem(1, [row(5), row(0)])).toBe('Interchange people must be greater than 0.')
  })

  test('typed text is read as a number', () => {
    expect(peopleOf(row(' 3 '))).toBe(3)
    expect(interchangeProblem(3, [row('3')])).toBeNull()
    expect(interchangeProblem(3, [row('4')])).toBe('Total interchange people cannot exceed planned people.')
  })
})

describe('canAddInterchange: Add Interchange is disabled when the total is at or above planned', () => {
  test.each([
    [5, [], true],
    [5, [row(4)], true],
    [5, [row(5)], false],
    [5, [row(3), row(3)], false],
    [0, [], false],
  ])('planned %i with %j: %s', (planned, rows, expected) => {
    expect(canAddInterchange(planned, rows)).toBe(expected)
  })
})
