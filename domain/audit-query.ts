import * as z from 'zod/mini'
import { AUDIT_ENTITY_TYPES } from './contracts/audit'
import { WITHIN_YEARS, WITHIN_YEARS_MESSAGE } from './dates'
import { PAGE_SIZE } from './pages'
import { queryId } from './planning/schemas'

/** The audit log's queries: GET /api/audit and GET /api/users/{id}/audit, shared by the API and /audit. */

/** Pages past this are no log anyone reads; the bound keeps the offset a number the database takes. */
const PAGE_MAX = 20_000
/**
 * The most entries one answer holds: the .xlsx export asks for this many at once (a page is
 * PAGE_SIZE). Past it the export holds the newest ones and says so (docs/decisions.md).
 */
export const AUDIT_EXPORT_MAX = 10_000

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const day = z.pipe(z.transform(blankToUndefined), z.optional(z.iso.date('Enter a valid date (YYYY-MM-DD)').check(z.regex(WITHIN_YEARS, WITHIN_YEARS_MESSAGE))))
const whole = (name: string, max: number) =>
  z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.coerce.number(`${name} must be a number`).check(z.int(`${name} must be a whole number`), z.minimum(1, `${name} must be at least 1`), z.maximum(max, `${name} must be at most ${max}`))),
  )

const ENTITY_TYPE_MESSAGE = `entityType must be one of: ${AUDIT_ENTITY_TYPES.join(', ')}`

const paging = { page: whole('page', PAGE_MAX), limit: whole('limit', AUDIT_EXPORT_MAX) }

/**
 * GET /api/audit: a page (1-based, `limit` entries, PAGE_SIZE when not asked) of the entries
 * matching every filter given. `person`: entries they made or that are about them; `from`–`to`:
 * days, inclusive, in the organisation's time zone.
 */
export const auditQuerySchema = z
  .object({
    person: queryId('person'),
    entityType: z.pipe(z.transform(blankToUndefined), z.optional(z.enum(AUDIT_ENTITY_TYPES, ENTITY_TYPE_MESSAGE))),
    projectId: queryId('projectId'),
    from: day,
    to: day,
    ...paging,
  })
  .check(
    z.superRefine((query, ctx) => {
      if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date cannot be before the start date' })
    }),
  )
export type AuditQuery = z.infer<typeof auditQuerySchema>

/** GET /api/users/{id}/audit: a page of the changes made to one person and their assignments. */
export const personAuditQuerySchema = z.object(paging)

/** Which rows a page is: `limit` (PAGE_SIZE unless asked) from the page's first. */
export const auditWindow = (query: { page?: number; limit?: number }) => {
  const limit = query.limit ?? PAGE_SIZE
  return { limit, offset: ((query.page ?? 1) - 1) * limit }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()
/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string) {
  let format = partsFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    partsFormats.set(timeZone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]))
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a day (YYYY-MM-DD) begins in `timeZone`: its midnight there. Read twice, so a day
 * whose offset differs from the day before's (a change to or from summer time) begins right.
 */
export function startOfDayIn(dayText: string, timeZone: string) {
  const [year, month, date] = dayText.split('-').map(Number)
  const midnight = Date.UTC(year!, month! - 1, date!)
  const first = midnight - offsetAt(midnight, timeZone)
  return new Date(midnight - offsetAt(first, timeZone))
}

/** The day after a day (YYYY-MM-DD). */
export const nextDay = (dayText: string) => new Date(Date.parse(`${dayText}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** `from`–`to` (inclusive days in `timeZone`) as instants: from the first day's start to before the day after the last. */
export const dayRangeIn = (range: { from?: string; to?: string }, timeZone: string) => ({
  since: range.from ? startOfDayIn(range.from, timeZone) : undefined,
  before: range.to ? startOfDayIn(nextDay(range.to), timeZone) : undefined,
})
