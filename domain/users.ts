import * as z from 'zod/mini'
import { ACCOUNT_STATUSES } from './constants'
import { UUID_PATTERN } from './ids'
import { storable } from './text'

export const USER_LIST_LIMIT = 1000
/** Rows per page of User management: a page a phone renders at once, whatever the staff count. */
export const USERS_PAGE_SIZE = 50

/** GET /users query: search, role filter and a bounded page (the spec's screens ask for 1000). */
export const userListQuerySchema = z.object({
  limit: z.optional(z.coerce.number('limit must be a number').check(z.int('limit must be a whole number'), z.minimum(1, 'limit must be at least 1'), z.maximum(USER_LIST_LIMIT, `limit must be at most ${USER_LIST_LIMIT}`))),
  /** Rows to skip: with limit, one page of the list; the answer's total counts every match. */
  offset: z.optional(z.coerce.number('offset must be a number').check(z.int('offset must be a whole number'), z.minimum(0, 'offset must be at least 0'), z.maximum(1_000_000, 'offset must be at most 1000000'))),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200, 'q must be at most 200 characters'), storable)),
  role: z.optional(z.string().check(z.trim(), z.maxLength(60, 'role must be at most 60 characters'), storable)),
  /** Only these accounts (comma-joined ids): a screen names several users in one call, not one call each. */
  ids: z.optional(
    z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? [...new Set(value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))] : value)),
      z.array(z.string().check(z.regex(UUID_PATTERN, 'ids must be user ids, comma-separated')), 'ids must be user ids, comma-separated').check(z.maxLength(USER_LIST_LIMIT, `At most ${USER_LIST_LIMIT} ids`)),
    ),
  ),
  status: z.optional(z.enum(ACCOUNT_STATUSES, `status must be one of ${ACCOUNT_STATUSES.join(', ')}`)),
})
export type UserListQuery = z.infer<typeof userListQuerySchema>

/** The username shown on a profile: the full name, lower case, spaces as underscores, after an @. */
export const usernameOf = (fullName: string | null | undefined) =>
  fullName?.trim() ? `@${fullName.trim().toLowerCase().replace(/\s+/g, '_')}` : null
