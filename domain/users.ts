import * as z from 'zod/mini'
import { ACCOUNT_STATUSES, USER_LIST_LIMIT } from './constants'
import { UUID_PATTERN } from './ids'
import { storable } from './text-checks'
import { PAGE_SIZE } from './pages'
import { pageQuery } from './page-query'

/** Rows per page of User management. */
export const USERS_PAGE_SIZE = PAGE_SIZE

/** GET /users query: search, role filter and a bounded page (the spec's screens ask for 1000). */
export const userListQuerySchema = z.object({
  ...pageQuery(USER_LIST_LIMIT),
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

export { usernameOf } from './username'
