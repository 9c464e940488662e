import * as z from 'zod/mini'

/**
 * The API's paging parameters (`limit`, `offset`, one offset per list), apart from domain/pages.ts:
 * a screen that only reads a page number from its address ships no zod.
 */

/** The largest offset the API accepts: past any list anyone has. */
const OFFSET_MAX = 1_000_000

/** Rows to skip: with limit, one page of the list; the answer's total counts every row. */
const offsetField = (name: string) =>
  z.optional(z.coerce.number(`${name} must be a number`).check(z.int(`${name} must be a whole number`), z.minimum(0, `${name} must be at least 0`), z.maximum(OFFSET_MAX, `${name} must be at most ${OFFSET_MAX}`)))

/** `limit` and `offset` of a GET query, at most `max` rows at once. */
export const pageQuery = (max: number) => ({
  limit: z.optional(z.coerce.number('limit must be a number').check(z.int('limit must be a whole number'), z.minimum(1, 'limit must be at least 1'), z.maximum(max, `limit must be at most ${max}`))),
  offset: offsetField('offset'),
})

/**
 * Several lists of one answer paged at once (a person's leave and assignments): one `limit` for
 * each, and an offset per list, named for it (`leaveOffset`); the answer's `totals` count each.
 */
export const listsQuery = <List extends string>(max: number, lists: readonly List[]) => ({
  limit: pageQuery(max).limit,
  ...(Object.fromEntries(lists.map((list) => [`${list}Offset`, offsetField(`${list}Offset`)])) as Record<`${List}Offset`, ReturnType<typeof offsetField>>),
})
