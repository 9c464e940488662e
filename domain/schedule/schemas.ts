import * as z from 'zod/mini'
import { queryId, requiredId, requiredQueryId } from '../planning/schemas'
import { UUID_PATTERN } from '../ids'
import { listsQuery, pageQuery } from '../page-query'
import { WITHIN_YEARS, WITHIN_YEARS_MESSAGE } from '../dates'
import { LEAD_MONTHS_MAX } from './limits'
import { blankToUndefined } from './leave-schema'
import { SCHEDULE_ZOOMS, SPAN_MAX } from './grid'

/** The payloads and queries of people over time, shared by the API and the web's forms. */

/** The longest capacity view: five years of months keeps the page and the export readable. */
export const CAPACITY_MONTHS_MAX = 60

/**
 * A date of the product's years (domain/dates.ts). Its messages name no field: the API's error
 * names it once (api/http/errors.ts), and a screen shows the sentence beside the field, never a key.
 */
const day = z.iso.date('Enter a valid date (YYYY-MM-DD)').check(z.regex(WITHIN_YEARS, WITHIN_YEARS_MESSAGE))
const optionalDay = z.pipe(z.transform(blankToUndefined), z.optional(day))
/** A month (YYYY-MM) of the product's years: the timeline's window. */
const optionalMonth = z.pipe(
  z.transform(blankToUndefined),
  z.optional(z.string('Enter a valid month (YYYY-MM)').check(z.trim(), z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a valid month (YYYY-MM)'), z.regex(WITHIN_YEARS, WITHIN_YEARS_MESSAGE))),
)

// POST /api/leave's schema lives apart, so the browser's leave form builds no other schema of this module.
export { leaveCreateSchema, type LeaveCreate } from './leave-schema'

export const leaveQuerySchema = z.object({ userId: queryId('userId') })

/**
 * DELETE /api/leave: an editor removes a person's leave in one request: all of it, or the periods
 * lying wholly within from–to (either end may be left out; docs/decisions.md). Strict: a
 * misspelt bound is refused rather than read as no bound, which would remove everything.
 */
export const leaveRemovalSchema = z
  .strictObject({
    userId: requiredId('Name the person whose leave to remove', 'The person must be an id'),
    from: optionalDay,
    to: optionalDay,
  })
  .check(
    z.superRefine((data, ctx) => {
      if (data.from && data.to && data.to < data.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end of the range cannot be before its start' })
    }),
  )
export type LeaveRemoval = z.infer<typeof leaveRemovalSchema>

/**
 * PUT /roles/{id}: the role's lead time in whole calendar months: a JSON integer, or text of digits
 * alone (a form's field, spaces around allowed). Number() would also read "0x10" as 16 and "1e1" as 10.
 */
export const roleLeadSchema = z.strictObject({
  leadMonths: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
    z.number('Lead time must be a whole number of months').check(
      z.int('Lead time must be a whole number of months'),
      z.minimum(0, 'Lead time cannot be negative'),
      z.maximum(LEAD_MONTHS_MAX, `Lead time must be at most ${LEAD_MONTHS_MAX} months`),
    ),
  ),
})

/**
 * GET /api/capacity and /api/hire-queue: a period of months (both ends optional) and two filters.
 * Capacity counts the months of the period; the hire-by queue, given a period, the lines whose
 * clusters fall in it (docs/decisions.md).
 */
export const capacityQuerySchema = z.object({
  from: optionalDay,
  to: optionalDay,
  projectId: queryId('projectId'),
  roleId: queryId('roleId'),
})
export type CapacityQuery = z.infer<typeof capacityQuerySchema>

/** GET /api/timeline: the project, and the first month of the window to draw (domain/schedule/window.ts; left out: the default window). */
export const timelineQuerySchema = z.object({ projectId: requiredQueryId('projectId'), from: optionalMonth })

const when = z.pipe(z.transform(blankToUndefined), z.optional(z.enum(['upcoming', 'past'], 'Choose upcoming or past')))

/** GET /api/hand-overs: those not yet over (the default), or with when=past those over. */
export const handOversQuerySchema = z.object({ when })

/** The most people one GET /api/conflicts answers at once: the people of an organisation, as the users list allows. */
export const CONFLICTS_LIMIT = 1000

/**
 * GET /api/conflicts: as hand-overs, and a page of the people (`limit`, 50 unless asked, and
 * `offset`): at a thousand people, everyone in conflict at once is a page nobody reads.
 */
export const conflictsQuerySchema = z.object({ when, ...pageQuery(CONFLICTS_LIMIT) })

/** The most rows of one of a person's lists (their leave, their assignments) one call answers at once. */
export const PERSON_LIST_LIMIT = 200

/**
 * GET /api/dashboard: a page of each of the person's lists that can grow (50 rows unless asked):
 * past assignments, leave not yet over, leave over; the next assignments are five already. Whatever
 * one person holds, their dashboard stays small.
 */
export const dashboardQuerySchema = z.object(listsQuery(PERSON_LIST_LIMIT, ['pastAssignments', 'leave', 'pastLeave']))

/** GET /api/users/{id}/assignments: a page of each of the person's lists, as the dashboard's. */
export const personScheduleQuerySchema = z.object(listsQuery(PERSON_LIST_LIMIT, ['assignments', 'leave', 'pastLeave']))

/** The most candidates one availability call answers for: Assign Users shows fewer. */
export const AVAILABILITY_USERS_MAX = 200

const idList = (label: string, max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean) : value)),
    z.array(z.string().check(z.regex(UUID_PATTERN, `${label} must be ids separated by commas`))).check(z.maxLength(max, `At most ${max} ids`)),
  )

/** GET /api/availability: one slot (project, instance, role, cluster item) and the candidates. */
export const availabilityQuerySchema = z.object({
  projectId: requiredQueryId('projectId'),
  instanceId: requiredQueryId('instanceId'),
  roleId: requiredQueryId('roleId'),
  clusterIds: idList('clusterIds', 20).check(z.minLength(1, 'clusterIds is required')),
  userIds: idList('userIds', AVAILABILITY_USERS_MAX),
})

/** A GET switch of the Schedule's filter form: a ticked box sends 1; left out or blank, off. */
const flag = z.pipe(
  z.transform(blankToUndefined),
  z.pipe(z.optional(z.enum(['1', 'true', 'on', '0', 'false'], 'Must be 1 or 0')), z.transform((value) => value === '1' || value === 'true' || value === 'on')),
)
/** A whole number from `min` to `max` of a GET address; blank: not asked. */
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.coerce.number('Must be a number').check(z.int('Must be a whole number'), z.minimum(min, `Must be at least ${min}`), z.maximum(max, `Must be at most ${max}`))),
  )

/**
 * GET /api/schedule: the window (a date within its first column, `span` columns of
 * `zoom`), the grouping, the filters and the page of people (50 a page, domain/pages.ts).
 */
export const scheduleQuerySchema = z.object({
  from: optionalDay,
  zoom: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(SCHEDULE_ZOOMS, 'Choose weeks or months'))),
  span: wholeNumber(1, SPAN_MAX),
  group: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(['role', 'project'], 'Choose role or project'))),
  projectId: queryId('projectId'),
  roleId: queryId('roleId'),
  location: z.pipe(z.transform(blankToUndefined), z.optional(z.string('Must be text').check(z.trim(), z.maxLength(200, 'Must be at most 200 characters')))),
  conflictsOnly: flag,
  unfilledOnly: flag,
  page: wholeNumber(1, 20_000),
})
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>

/** GET /api/capacity/screen: GET /api/capacity's query and the page of the hire-by queue (50 a page, domain/pages.ts). */
export const capacityScreenQuerySchema = z.object({ ...capacityQuerySchema.def.shape, page: wholeNumber(1, 20_000) })
