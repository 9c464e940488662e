import * as z from 'zod/mini'
import { storable } from '../text'
import { planningOwnMessages } from '../planning/messages'
import { optionalId, queryId, requiredQueryId } from '../planning/schemas'
import { UUID_PATTERN } from '../ids'
import { LEAD_MONTHS_MAX, LEAVE_NOTE_MAX } from './limits'

/** The payloads and queries of people over time (issue 13), shared by the API and the web's forms. */

/** The longest capacity view: five years of months keeps the page and the export readable. */
export const CAPACITY_MONTHS_MAX = 60

const day = (label: string) =>
  z.iso.date(`${label}: Enter a valid date (YYYY-MM-DD)`).check(z.regex(/^(19|[2-9]\d)\d\d-/, `${label}: Enter a date from 1900 on`))
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const optionalDay = (label: string) => z.pipe(z.transform(blankToUndefined), z.optional(day(label)))

/** POST /api/leave: for oneself, or for `userId` with `edit`; inclusive dates, the end not before the start. */
export const leaveCreateSchema = z
  .strictObject({
    userId: optionalId('userId must be an id'),
    startDate: z.pipe(z.transform(blankToUndefined), day('startDate')),
    endDate: z.pipe(z.transform(blankToUndefined), day('endDate')),
    note: z.pipe(
      z.transform((value: unknown) => (value == null ? '' : value)),
      z.string('note must be text').check(z.trim(), z.maxLength(LEAVE_NOTE_MAX, `note must be at most ${LEAVE_NOTE_MAX} characters`), storable),
    ),
  })
  .check(
    z.superRefine((data, ctx) => {
      if (data.endDate < data.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: planningOwnMessages.endBeforeStart })
    }),
  )
export type LeaveCreate = z.infer<typeof leaveCreateSchema>

export const leaveQuerySchema = z.object({ userId: queryId('userId') })

/** PUT /roles/{id}: the role's lead time in whole calendar months. */
export const roleLeadSchema = z.strictObject({
  leadMonths: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)),
    z.number('Lead time must be a whole number of months').check(
      z.int('Lead time must be a whole number of months'),
      z.minimum(0, 'Lead time cannot be negative'),
      z.maximum(LEAD_MONTHS_MAX, `Lead time must be at most ${LEAD_MONTHS_MAX} months`),
    ),
  ),
})

/** GET /api/capacity and /api/hire-queue: a period of months (both ends optional) and two filters. */
export const capacityQuerySchema = z.object({
  from: optionalDay('from'),
  to: optionalDay('to'),
  projectId: queryId('projectId'),
  roleId: queryId('roleId'),
})
export type CapacityQuery = z.infer<typeof capacityQuerySchema>

export const timelineQuerySchema = z.object({ projectId: requiredQueryId('projectId') })

/** The most candidates one availability call answers for: Assign Users shows fewer. */
export const AVAILABILITY_USERS_MAX = 200

const idList = (label: string, max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean) : value)),
    z.array(z.string().check(z.regex(UUID_PATTERN, `${label} must be ids separated by commas`))).check(z.maxLength(max, `${label}: at most ${max}`)),
  )

/** GET /api/availability: one slot (project, instance, role, cluster item) and the candidates. */
export const availabilityQuerySchema = z.object({
  projectId: requiredQueryId('projectId'),
  instanceId: requiredQueryId('instanceId'),
  roleId: requiredQueryId('roleId'),
  clusterIds: idList('clusterIds', 20).check(z.minLength(1, 'clusterIds is required')),
  userIds: idList('userIds', AVAILABILITY_USERS_MAX),
})
