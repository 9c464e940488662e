import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime, isTimeZone } from '#domain/dates'

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
    // 822,000 days through Intl: about 2 s alone, several times that on a CI machine that is also building.
  }, 60_000)

  test('none for no date or an invalid one', () => {
    expect([formatDate(null), formatDate(undefined), formatDate(''), formatDate('not a date')]).toEqual([null, null, null, null])
  })
})

describe("formatDateTime: times in the organisation's time zone", () => {
  const moment = '2026-04-12T21:35:00Z'

  test('the date en-US numeric and the time in the given zone, the zone named', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('4/12/2026, 9:35 PM UTC')
    expect(formatDateTime(moment, 'America/New_York')).toBe('4/12/2026, 5:35 PM EDT')
  })

  test("late in the UTC day is the next day where the organisation is: the date follows the zone", () => {
    expect(formatDateTime(moment, 'Asia/Kolkata')).toBe('4/13/2026, 3:05 AM GMT+5:30')
  })

  test('summer and winter time are applied', () => {
    expect(formatDateTime('2026-01-12T21:35:00Z', 'America/New_York')).toBe('1/12/2026, 4:35 PM EST')
  })

  test('nothing, or not a time, is null', () => {
    expect(formatDateTime(null, 'UTC')).toBeNull()
    expect(formatDateTime('', 'UTC')).toBeNull()
    expect(formatDateTime('yesterday', 'UTC')).toBeNull()
  })
})

describe('isTimeZone', () => {
  test('knows IANA names and refuses anything else', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'Europe/London', 'America/Sao_Paulo']) expect(isTimeZone(zone)).toBe(true)
    for (const zone of ['Mars/Olympus_Mons', 'IST+5:30', 'Asia/Kolkata ']) expect(isTimeZone(zone)).toBe(false)
  })
})
