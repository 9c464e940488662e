import { describe, expect, test } from 'vitest'
import { postedForm, uuid } from '../support/forms'
import { leadTimeFormSchema } from '#app/features/capacity/lead-times'
import { leaveFormSchema } from '#app/features/schedule/leave.server'
import { parseWithSchema } from '#app/lib/validation'

/** The leave and lead-time forms, read through conform as the browser and the action read them (issue 31 §4). */

const errorsOf = (submission: ReturnType<typeof parseWithSchema>) => (submission.status === 'error' ? submission.error : null)

describe('Record leave', () => {
  test('a period is read with its intent set aside, the note trimmed', () => {
    const submission = parseWithSchema(postedForm({ intent: 'add-leave', startDate: '2030-12-01', endDate: '2030-12-05', note: '  Wedding ' }), { schema: leaveFormSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ userId: null, startDate: '2030-12-01', endDate: '2030-12-05', note: 'Wedding' })
  })

  test('an end before the start is refused on To, in the API’s words', () => {
    const submission = parseWithSchema(postedForm({ intent: 'add-leave', startDate: '2030-03-09', endDate: '2030-03-04', note: '' }), { schema: leaveFormSchema })
    expect(errorsOf(submission)).toEqual({ endDate: ['End date cannot be before start date'] })
  })

  test('a missing start is named in words, and what was typed comes back', () => {
    const submission = parseWithSchema(postedForm({ intent: 'add-leave', startDate: '', endDate: '2030-03-04', note: 'Course' }), { schema: leaveFormSchema })
    expect(errorsOf(submission)).toEqual({ startDate: ['Enter a start date'] })
    expect(submission.reply().initialValue).toMatchObject({ endDate: '2030-03-04', note: 'Course' })
  })

  test('recording for someone else carries their id', () => {
    const submission = parseWithSchema(postedForm({ intent: 'add-leave', userId: uuid(7), startDate: '2030-03-02', endDate: '2030-03-02', note: '' }), { schema: leaveFormSchema })
    expect(submission.status === 'success' && submission.value.userId).toBe(uuid(7))
  })
})

describe('Lead time', () => {
  test.each([
    ['3', null],
    [' 24 ', null],
    ['25', 'Lead time must be at most 24 months'],
    ['-1', 'Lead time must be a whole number of months'],
    ['1.5', 'Lead time must be a whole number of months'],
    ['0x10', 'Lead time must be a whole number of months'],
  ])('%j months: %s', (typed, refusal) => {
    const submission = parseWithSchema(postedForm({ roleId: uuid(3), leadMonths: typed }), { schema: leadTimeFormSchema })
    expect(errorsOf(submission)).toEqual(refusal ? { leadMonths: [refusal] } : null)
  })
})
