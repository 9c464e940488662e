import { describe, expect, test } from 'vitest'
import { formatDate } from '#domain/dates'

describe('formatDate', () => {
  test("reads as en-US's numeric date in UTC: month/day/year, no leading zeros", () => {
    expect(formatDate('1990-04-12')).toBe('4/12/1990')
    expect(formatDate('2026-11-05')).toBe('11/5/2026')
    // A timestamp late in the UTC day stays on that day, whatever the machine's time zone.
    expect(formatDate('2025-12-31T23:59:59Z')).toBe('12/31/2025')
  })

  test('gives the text Intl.DateTimeFormat en-US gives, for every day of every fourth year 1000 to 9999', () => {
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' })
    const differing: string[] = []
    for (let year = 1000; year <= 9999; year += 4) {
      for (let time = Date.UTC(year, 0, 1); new Date(time).getUTCFullYear() === year; time += 86_400_000) {
        const iso = new Date(time).toISOString()
        if (formatDate(iso) !== intl.format(new Date(time))) differing.push(iso)
      }
    }
    expect(differing).toEqual([])
  })

  test('none for no date or an invalid one', () => {
    expect([formatDate(null), formatDate(undefined), formatDate(''), formatDate('not a date')]).toEqual([null, null, null, null])
  })
})
