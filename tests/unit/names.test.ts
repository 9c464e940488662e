import { describe, expect, test } from 'vitest'
import { sameName } from '#api/names'
import { roleCreateSchema } from '#domain/roles'
import { tidyName } from '#domain/text'

describe('tidyName: a name as it is kept', () => {
  test.each([
    ['  Site Engineer  ', 'Site Engineer'],
    ['\u200bAdmin\ufeff', 'Admin'],
    ['\u3000Planner\u00a0', 'Planner'],
    ['Cafe\u0301', 'Café'],
    ['Ad\u200bmin', 'Ad\u200bmin'],
    ['\u200b\u2800\u3164', ''],
  ])('%j is kept as %j', (typed, kept) => {
    expect(tidyName(typed)).toBe(kept)
  })
})

describe('sameName: what makes two names one', () => {
  test.each([
    ['Admin', 'admin'],
    ['Admin', 'ADMIN'],
    ['Admin', '\u0391dmin'], // Greek capital alpha
    ['Admin', '\u0410dmin'], // Cyrillic capital a
    ['Admin', 'Ad\u200bmin'], // zero-width space inside
    ['Admin', '\uff21\uff44\uff4d\uff49\uff4e'], // full-width
    ['Admin', '\ud835\udc00dmin'], // mathematical bold A
    ['Café', 'Cafe\u0301'], // composed and decomposed
    ['Office', '0ffice'], // a digit standing for a letter
    ['PMO', '\u0420\u041c\u041e'], // Cyrillic capitals
    ['pmo', '\u0420\u041c\u041e'], // whatever the case of either
    ['straße', 'STRASSE'],
    ['Il', 'll'], // capital I and small l, as written
  ])('%j and %j are one name', (a, b) => {
    expect(sameName(a, b)).toBe(true)
    expect(sameName(b, a)).toBe(true)
  })

  test.each([
    ['Admin', 'Admins'],
    ['Café', 'Cafe'],
    ['Site Engineer', 'Site Engineers'],
    ['राम', 'रोम'],
    ['田中', '中田'],
    ['Mail', 'MALL'], // `I` looks like `l`, but a name is not read in mixed case
    ['Mail', 'Mall'],
  ])('%j and %j are two names', (a, b) => {
    expect(sameName(a, b)).toBe(false)
  })
})

describe('a role name', () => {
  const nameError = (name: string) => roleCreateSchema.safeParse({ name, permissions: ['view'] }).error?.issues[0]?.message
  test.each([
    ['Bad\u0007name', 'Role name cannot contain control characters'],
    ['Bad\u202ename', 'Role name cannot contain control characters'],
    ['Bad\u0085name', 'Role name cannot contain control characters'],
    ['Bad\ufffdname', 'Role name contains characters that could not be read (not UTF-8): type it again'],
    ['Bad\ud800name', 'Role name contains characters that cannot be saved'],
    ['\u200b\u200d', 'Role name is required'],
    ['user', '"User" means no role: choose another name'],
  ])('%j is refused: %s', (name, message) => {
    expect(nameError(name)).toBe(message)
  })

  test('is kept tidied and NFC', () => {
    expect(roleCreateSchema.parse({ name: '\u200b Cafe\u0301 ', permissions: ['view'] }).name).toBe('Café')
  })
})
