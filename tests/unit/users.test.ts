import { describe, expect, test } from 'vitest'
import { USER_LIST_LIMIT } from '#domain/constants'
import { userListQuerySchema, usernameOf } from '#domain/users'

const parsed = (input: unknown) => {
  const result = userListQuerySchema.safeParse(input)
  return result.success ? result.data : null
}
const messages = (input: unknown) => userListQuerySchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? []

describe('usernameOf: the username shown on a profile', () => {
  test("is the full name in lower case, spaces as underscores, after an @: 'Asha Rao' -> '@asha_rao'", () => {
    expect(usernameOf('Asha Rao')).toBe('@asha_rao')
  })

  test('a single name is kept whole', () => {
    expect(usernameOf('Priya')).toBe('@priya')
  })

  test('runs of spaces, tabs and outer spaces collapse to one underscore or none', () => {
    expect(usernameOf('  Asha   Devi\tRao  ')).toBe('@asha_devi_rao')
  })

  test('letters outside ASCII are kept, lower-cased', () => {
    expect(usernameOf('Émile Zoë')).toBe('@émile_zoë')
  })

  test.each([null, undefined, '', '   ', '\t\n'])('no name (%j) gives no username', (name) => {
    expect(usernameOf(name)).toBeNull()
  })
})

describe('userListQuerySchema: GET /users?limit&q&role', () => {
  test('every parameter is optional', () => {
    expect(parsed({})).toEqual({})
  })

  test(`the spec's list limit is ${USER_LIST_LIMIT}`, () => {
    expect(USER_LIST_LIMIT).toBe(1000)
  })

  test('limit arrives as text and is read as a number, from 1 to 1000', () => {
    expect(parsed({ limit: '1' })).toEqual({ limit: 1 })
    expect(parsed({ limit: '1000' })).toEqual({ limit: 1000 })
    expect(parsed({ limit: 250 })).toEqual({ limit: 250 })
  })

  test.each([
    ['0', 'limit must be at least 1'],
    ['-5', 'limit must be at least 1'],
    ['1001', 'limit must be at most 1000'],
    ['1e6', 'limit must be at most 1000'],
    ['2.5', 'limit must be a whole number'],
    ['abc', 'limit must be a number'],
  ])('limit %j is refused: %s', (limit, message) => {
    expect(parsed({ limit })).toBeNull()
    expect(messages({ limit })).toEqual([message])
  })

  test('q and role are trimmed', () => {
    expect(parsed({ q: '  asha  ', role: ' PMO ' })).toEqual({ q: 'asha', role: 'PMO' })
  })

  test('q keeps the characters a database pattern would treat specially: they are searched for literally by the API', () => {
    expect(parsed({ q: '50%_off' })).toEqual({ q: '50%_off' })
  })

  test('q of at most 200 characters, role of at most 60', () => {
    expect(parsed({ q: 'x'.repeat(200), role: 'r'.repeat(60) })).not.toBeNull()
    expect(messages({ q: 'x'.repeat(201) })).toEqual(['q must be at most 200 characters'])
    expect(messages({ role: 'r'.repeat(61) })).toEqual(['role must be at most 60 characters'])
  })

  test('a parameter given twice (a list) is refused, not searched', () => {
    expect(parsed({ q: ['a', 'b'] })).toBeNull()
    expect(parsed({ role: ['PMO', 'Admin'] })).toBeNull()
  })

  test('parameters it does not know are ignored', () => {
    expect(parsed({ q: 'a', view: 'board' })).toEqual({ q: 'a' })
  })
})
