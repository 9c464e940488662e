import * as z from 'zod/mini'
import { FIRST_YEAR, LAST_YEAR, END_BEFORE_START, WITHIN_YEARS } from '../dates'
import { optionalId } from '../id-schemas'
import { isReadable } from '../text'
import { storable } from '../text-checks'
import { LEAVE_NOTE_MAX } from './limits'

/**
 * POST /api/leave's payload, apart from the other people-over-time schemas (./schemas.ts, which
 * re-exports it for the API): the leave form on a worker's dashboard and profile checks it in the
 * browser, and this module imports no planning schema, so the phone downloads only this form's.
 */

export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/**
 * A leave date, its messages naming it in words: the leave form shows the API's sentence above the
 * form, not beside a field ("Enter a valid start date"). Of the product's years, like every date.
 */
const leaveDay = (name: string) => {
  const some = `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`
  return z.pipe(
    z.transform(blankToUndefined),
    z.iso.date({ error: (issue) => (issue.input === undefined ? `Enter ${some}` : `Enter a valid ${name} (YYYY-MM-DD)`) }).check(z.regex(WITHIN_YEARS, `Enter ${some} between ${FIRST_YEAR} and ${LAST_YEAR}`)),
  )
}

/** POST /api/leave: for oneself, or for `userId` with `edit`; inclusive dates, the end not before the start. */
export const leaveCreateSchema = z
  .strictObject({
    userId: optionalId('The person must be an id'),
    startDate: leaveDay('start date'),
    endDate: leaveDay('end date'),
    note: z.pipe(
      z.transform((value: unknown) => (value == null ? '' : value)),
      z
        .string('The note must be text')
        .check(
          z.trim(),
          z.maxLength(LEAVE_NOTE_MAX, `The note must be at most ${LEAVE_NOTE_MAX} characters`),
          storable,
          // What names refuse (domain/text.ts): a note shows beside the person's leave to others.
          z.refine<string>(isReadable, 'The note cannot contain control characters'),
        ),
    ),
  })
  .check(
    z.superRefine((data, ctx) => {
      if (data.endDate < data.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START })
    }),
  )
export type LeaveCreate = z.infer<typeof leaveCreateSchema>
