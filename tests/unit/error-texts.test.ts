import { describe, expect, test } from 'vitest'
import { safeParse } from 'zod/v4/core'
import { normalizeError, splitField } from '#app/lib/errors'
import { WITHIN_YEARS_MESSAGE } from '#domain/dates'
import { clusterDatesSchema } from '#domain/planning/schemas'
import { siteOverrideSchema } from '#domain/planning/project-schemas'
import { availabilityQuerySchema, capacityQuerySchema, roleLeadSchema, timelineQuerySchema } from '#domain/schedule/schemas'

/**
 * Issue 28, "from: from: …": the API names the field of a 400 once, in front of the sentence; the
 * schemas' sentences name none; a screen shows the sentence without the key.
 */

const messages = (schema: Parameters<typeof safeParse>[0], input: unknown) => {
  const result = safeParse(schema, input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}
const FIELD_KEY = /^[a-z][\w$]*(\.[\w$]+)*: /
const ids = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'

describe('schema sentences name no field', () => {
  test.each([
    ['capacity from', capacityQuerySchema, { from: '2030-02-30' }, 'Enter a valid date (YYYY-MM-DD)'],
    ['capacity to outside the years', capacityQuerySchema, { to: '9999-12-31' }, WITHIN_YEARS_MESSAGE],
    ['capacity from before 1900', capacityQuerySchema, { from: '1899-12-01' }, WITHIN_YEARS_MESSAGE],
    ['a cluster date after 2100', clusterDatesSchema, { startDate: '2101-01-01', endDate: null }, WITHIN_YEARS_MESSAGE],
    ['a cluster date of year 9999', clusterDatesSchema, { startDate: '2030-01-01', endDate: '9999-12-31' }, WITHIN_YEARS_MESSAGE],
    ['a Site override before 1900', siteOverrideSchema, { projectId: ids, categoryId: ids, entityId: ids, clusterId: ids, startDate: '1899-12-31', endDate: null }, WITHIN_YEARS_MESSAGE],
    ['a timeline window', timelineQuerySchema, { projectId: ids, from: '9999-12' }, WITHIN_YEARS_MESSAGE],
    ['a timeline window that is no month', timelineQuerySchema, { projectId: ids, from: '2030-13' }, 'Enter a valid month (YYYY-MM)'],
    ['too many candidates', availabilityQuerySchema, { projectId: ids, instanceId: ids, roleId: ids, clusterIds: ids, userIds: Array(201).fill(ids).join(',') }, 'At most 200 ids'],
  ])('%s', (_, schema, input, message) => {
    const said = messages(schema, input)
    expect(said[0]).toBe(message)
    for (const text of said) expect(text).not.toMatch(FIELD_KEY)
  })

  test('the product years end to end are dates: 1900-01-01 to 2100-12-31', () => {
    expect(messages(clusterDatesSchema, { startDate: '1900-01-01', endDate: '2100-12-31' })).toEqual([])
    expect(messages(capacityQuerySchema, { from: '1900-01-01', to: '2100-12-31' })).toEqual([])
  })
})

describe('a lead time is a plain whole number', () => {
  const lead = (leadMonths: unknown) => {
    const result = safeParse(roleLeadSchema, { leadMonths })
    return result.success ? result.data.leadMonths : result.error.issues[0]!.message
  }

  test('digits, spaces around them allowed, or a JSON integer', () => {
    expect([lead('3'), lead(' 12 '), lead('0'), lead(7), lead('024')]).toEqual([3, 12, 0, 7, 24])
  })

  test('hexadecimal, exponents, signs, decimals and blanks are refused, not read as numbers', () => {
    for (const text of ['0x10', '1e1', '+3', '-1', '1.0', '1.5', '', ' ', '0b11', '0o7', 'Infinity', '١٢']) {
      expect(lead(text), JSON.stringify(text)).toBe('Lead time must be a whole number of months')
    }
    expect(lead(1.5)).toBe('Lead time must be a whole number of months')
    expect(lead('25')).toBe('Lead time must be at most 24 months')
  })
})

describe('the web shows the sentence, not the key', () => {
  test('a 400 of the API: the key is taken off the message and kept as the field', () => {
    expect(normalizeError(400, { error: 'endDate: End date cannot be before start date' })).toEqual({
      status: 400,
      message: 'End date cannot be before start date',
      field: 'endDate',
      raw: { error: 'endDate: End date cannot be before start date' },
    })
    expect(splitField('roleClusters.0.clusters.1.clusterId: Choose a cluster from the list')).toEqual({ field: 'roleClusters.0.clusters.1.clusterId', message: 'Choose a cluster from the list' })
    expect(splitField('hours, minutes: Unknown field')).toEqual({ field: 'hours, minutes', message: 'Unknown field' })
  })

  test('a sentence is left whole, colon or not', () => {
    for (const text of ['Please log in to continue.', 'Error: something', 'Too many attempts: wait a minute', 'Something went wrong']) {
      expect(splitField(text)).toEqual({ message: text })
    }
    expect(normalizeError(null, null, new Error('fetch failed')).message).toBe('fetch failed')
  })
})
