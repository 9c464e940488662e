import { describe, expect, test } from 'vitest'
import { byPerson, conflicts, withLeave, type Assignment, type Leave } from '#domain/schedule/assignments'
import { overlaps } from '#domain/schedule/calendar'
import { overlapMessage, removedMessage } from '#domain/schedule/leave'
import { leaveCreateSchema, leaveRemovalSchema } from '#domain/schedule/schemas'
import { safeParse } from 'zod/v4/core'

/** Leave that cannot slow everyone down (issue 28): the rules the API applies, without a database. */

const assignment = (id: string, personId: string, start: string, end: string): Assignment => ({
  id,
  personId,
  projectId: 'skyline',
  instanceId: 'tower-a',
  roleId: 'engineer',
  clusterIds: [id],
  dates: { start, end },
})
const period = (id: string, personId: string, start: string, end: string): Leave => ({ id, personId, range: { start, end }, note: '' })

describe("a person's leave periods never overlap", () => {
  test('a period overlaps one that shares a day with it, the same one repeated, one inside or around it; not the day after', () => {
    const existing = { start: '2026-03-02', end: '2026-03-06' }
    expect(overlaps(existing, { start: '2026-03-02', end: '2026-03-06' })).toBe(true)
    expect(overlaps(existing, { start: '2026-03-06', end: '2026-03-09' })).toBe(true)
    expect(overlaps(existing, { start: '2026-02-27', end: '2026-03-02' })).toBe(true)
    expect(overlaps(existing, { start: '2026-03-03', end: '2026-03-04' })).toBe(true)
    expect(overlaps(existing, { start: '1900-01-01', end: '2100-12-31' })).toBe(true)
    expect(overlaps(existing, { start: '2026-03-07', end: '2026-03-09' })).toBe(false)
    expect(overlaps(existing, { start: '2026-02-27', end: '2026-03-01' })).toBe(false)
  })

  test('the refusal names the period already recorded, in the spec\'s dates, as yours or as theirs', () => {
    expect(overlapMessage({ start: '2026-03-02', end: '2026-03-06' }, 'own')).toBe('This overlaps your leave from 3/2/2026 to 3/6/2026.')
    expect(overlapMessage({ start: '2026-03-02', end: '2026-03-06' }, 'theirs')).toBe('This overlaps their leave from 3/2/2026 to 3/6/2026.')
    expect(overlapMessage({ start: '2026-12-31', end: '2026-12-31' }, 'own')).toBe('This overlaps your leave on 12/31/2026.')
  })

  test('a removal says how many periods went', () => {
    expect([0, 1, 3].map(removedMessage)).toEqual(['0 leave periods removed', '1 leave period removed', '3 leave periods removed'])
  })
})

describe('leave is read apart from the plans', () => {
  test("everyone's conflicts with leave, from the conflicts among assignments alone, are those found with leave from the start", () => {
    const rows = [
      assignment('a1', 'ana', '2030-03-01', '2030-04-15'),
      assignment('a2', 'ana', '2030-04-10', '2030-06-01'),
      assignment('b1', 'ben', '2030-03-01', '2030-03-31'),
      assignment('c1', 'cai', '2030-05-01', '2030-05-31'),
    ]
    const leave = [period('l1', 'ben', '2030-03-10', '2030-03-12'), period('l2', 'ana', '2030-05-20', '2030-05-21'), period('l3', 'cai', '2031-01-01', '2031-01-05'), period('l4', 'dee', '2030-03-01', '2030-03-02')]
    const among = conflicts(rows, [])
    expect([...among.keys()]).toEqual(['ana'])
    const found = withLeave(among, byPerson(rows), byPerson(leave))
    expect(found).toEqual(conflicts(rows, leave))
    expect([...found.keys()].sort()).toEqual(['ana', 'ben'])
    // The kept reading is not changed: it serves the next leave write too.
    expect([...among.keys()]).toEqual(['ana'])
    expect(among.get('ana')!.flatMap((conflict) => conflict.clashes.map((clash) => clash.kind))).toEqual(['assignment', 'assignment'])
  })
})

describe('what the leave form shows', () => {
  const problem = (input: unknown) => {
    const result = safeParse(leaveCreateSchema, input)
    return result.success ? null : { path: result.error.issues[0]!.path.join('.'), message: result.error.issues[0]!.message }
  }

  test('readable sentences naming the date in words, never a field key', () => {
    expect(problem({ endDate: '2030-05-01' })).toEqual({ path: 'startDate', message: 'Enter a start date' })
    expect(problem({ startDate: '2030-02-30', endDate: '2030-03-01' })).toEqual({ path: 'startDate', message: 'Enter a valid start date (YYYY-MM-DD)' })
    expect(problem({ startDate: '2030-03-01', endDate: 'soon' })).toEqual({ path: 'endDate', message: 'Enter a valid end date (YYYY-MM-DD)' })
    expect(problem({ startDate: '2030-05-09', endDate: '2030-05-01' })).toEqual({ path: 'endDate', message: 'End date cannot be before start date' })
  })

  test('dates lie between 1900 and 2100', () => {
    expect(problem({ startDate: '1899-12-31', endDate: '1900-01-01' })).toEqual({ path: 'startDate', message: 'Enter a start date between 1900 and 2100' })
    expect(problem({ startDate: '2100-12-31', endDate: '9999-12-31' })).toEqual({ path: 'endDate', message: 'Enter an end date between 1900 and 2100' })
    expect(problem({ startDate: '1900-01-01', endDate: '2100-12-31' })).toBeNull()
  })

  test('a note with a bidirectional override or another control character is refused, as names are', () => {
    for (const note of ['\u202egnp.exe', 'a\u2066b', 'tab\there', 'bell\u0007']) expect(problem({ startDate: '2030-05-01', endDate: '2030-05-01', note })).toEqual({ path: 'note', message: 'The note cannot contain control characters' })
    expect(problem({ startDate: '2030-05-01', endDate: '2030-05-01', note: 'Ärzttermin 😀 (שלום)' })).toBeNull()
  })

  test('a removal is all of a person\'s leave or a range; a misspelt bound is refused, not read as none', () => {
    const id = '00000000-0000-4000-8000-000000000000'
    expect(safeParse(leaveRemovalSchema, { userId: id }).success).toBe(true)
    expect(safeParse(leaveRemovalSchema, { userId: id, from: '2030-01-01', to: '' }).success).toBe(true)
    expect(safeParse(leaveRemovalSchema, { userId: id, form: '2030-01-01' }).success).toBe(false)
    expect(safeParse(leaveRemovalSchema, { userId: id, from: '2030-02-01', to: '2030-01-31' }).success).toBe(false)
  })
})
