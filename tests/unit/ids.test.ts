import { describe, expect, test } from 'vitest'
import { canonicalId, isUuid, sameId } from '#domain/ids'

/** Ids are compared canonically, in one place (DESIGN §4): lower case, as the database answers them. */
const id = '5B0C1D2E-3F40-4A5B-8C6D-7E8F90A1B2C3'

describe('canonical ids', () => {
  test('canonicalId is the lower-case id, without surrounding spaces', () => {
    expect(canonicalId(id)).toBe('5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3')
    expect(canonicalId(` ${id}\n`)).toBe('5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3')
    expect(canonicalId(canonicalId(id))).toBe(canonicalId(id))
  })
  test('sameId: one id in upper, lower or mixed case is one id', () => {
    expect(sameId(id, id.toLowerCase())).toBe(true)
    expect(sameId('5b0C1d2E-3f40-4A5b-8c6d-7e8f90a1b2c3', id)).toBe(true)
    expect(sameId(id, '0f9e8d7c-6b5a-4938-a726-1504f3e2d1c0')).toBe(false)
  })
  test('a missing or blank id is the same as nothing, not even another missing one', () => {
    expect(sameId(null, null)).toBe(false)
    expect(sameId(undefined, id)).toBe(false)
    expect(sameId('', '')).toBe(false)
    expect(sameId(' ', ' ')).toBe(false)
  })
  test('isUuid takes either case', () => {
    expect(isUuid(id)).toBe(true)
    expect(isUuid(id.toLowerCase())).toBe(true)
    expect(isUuid(`${id}x`)).toBe(false)
  })
})
