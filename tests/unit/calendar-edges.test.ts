import { describe, expect, test } from 'vitest'
import { FIRST_DAY, LAST_DAY, addDays, addMonths, daysBetween, monthRange, monthsBefore, monthsBetween, monthsFrom } from '#domain/schedule/calendar'
import { hireBy } from '#domain/schedule/capacity'
import { deployedBy } from '#domain/planning/project-plan'

/**
 * Month arithmetic at the edges (issue 28): the API answered a month "10000-01" once a cluster
 * reached December 9999. Every answer is a four-digit year; a step past 0001 or 9999 stops there.
 */

describe('the years four digits write', () => {
  test('a month after December 9999 is December 9999; before January 0001, January 0001', () => {
    expect(addMonths('9999-12', 1)).toBe('9999-12')
    expect(addMonths('9999-01', 11)).toBe('9999-12')
    expect(addMonths('9999-12', 120)).toBe('9999-12')
    expect(addMonths('0001-01', -1)).toBe('0001-01')
    expect(addMonths('2100-12', 1)).toBe('2101-01')
    expect(addMonths('1900-01', -1)).toBe('1899-12')
  })

  test('twelve months from December 9999 (the capacity default) stay in 9999', () => {
    expect(monthsBefore('9999-12-01', -11)).toBe(LAST_DAY)
    expect(monthsBefore('9999-12-31', -1)).toBe(LAST_DAY)
    expect(monthsBefore('9999-11-30', -1)).toBe('9999-12-30')
    expect(monthsBefore('0001-01-31', 1)).toBe(FIRST_DAY)
    expect(hireBy('0001-03-31', 24)).toBe(FIRST_DAY)
    expect(deployedBy('0001-01-15')).toBe(FIRST_DAY)
  })

  test('the months of a period stop at December 9999 and start at January 0001', () => {
    expect(monthsFrom('9999-11-01', '9999-12-31')).toEqual(['9999-11', '9999-12'])
    expect(monthsFrom('9999-12-01', LAST_DAY).every((month) => /^\d{4}-\d\d$/.test(month))).toBe(true)
    expect(monthsFrom('0001-01-01', '0001-02-01')).toEqual(['0001-01', '0001-02'])
  })

  test('days past the last day stop at it; days before the first at it', () => {
    expect(addDays('9999-12-31', 1)).toBe(LAST_DAY)
    expect(addDays('9999-12-30', 1)).toBe(LAST_DAY)
    expect(addDays('0001-01-01', -1)).toBe(FIRST_DAY)
    expect(addDays('2099-12-31', 1)).toBe('2100-01-01')
  })

  test('the first years are not read as 1900s (Date.UTC reads 0–99 so): February of year 4 has 29 days, of 1900 28', () => {
    expect(monthRange('0004-02')).toEqual({ start: '0004-02-01', end: '0004-02-29' })
    expect(monthRange('1900-02')).toEqual({ start: '1900-02-01', end: '1900-02-28' })
    expect(monthRange('2000-02').end).toBe('2000-02-29')
    expect(monthRange('2100-02').end).toBe('2100-02-28')
    expect(monthsBefore('0004-03-31', 1)).toBe('0004-02-29')
    expect(daysBetween('0004-02-28', '0004-03-01')).toBe(2)
  })

  test('the product years end to end: 1900-01-01 to 2100-12-31 is 2,412 months and 73,413 days apart', () => {
    expect(monthsFrom('1900-01-01', '2100-12-31')).toHaveLength(2412)
    expect(monthsBetween('1900-01', '2100-12')).toBe(2411)
    expect(daysBetween('1900-01-01', '2100-12-31')).toBe(73_413)
  })
})
