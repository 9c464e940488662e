import * as z from 'zod/mini'

/**
 * Lists read a page at a time (User management, Role history): the query's bounds, a page number
 * read from an address, and which rows a page shows. One place, so every paged list agrees.
 */

/** Rows per page: what a phone renders at once, whatever the number of rows. */
export const PAGE_SIZE = 50
/** Pages past this are no list anyone has; the bound keeps the offset a number the API accepts. */
const PAGE_MAX = 20_000
const OFFSET_MAX = 1_000_000

/** `limit` and `offset` of a GET query, at most `max` rows at once. */
export const pageQuery = (max: number) => ({
  limit: z.optional(z.coerce.number('limit must be a number').check(z.int('limit must be a whole number'), z.minimum(1, 'limit must be at least 1'), z.maximum(max, `limit must be at most ${max}`))),
  /** Rows to skip: with limit, one page of the list; the answer's total counts every row. */
  offset: z.optional(z.coerce.number('offset must be a number').check(z.int('offset must be a whole number'), z.minimum(0, 'offset must be at least 0'), z.maximum(OFFSET_MAX, `offset must be at most ${OFFSET_MAX}`))),
})

/** The page an address asks for: anything but a page number (or one past any list) reads as the first. */
export const readPage = (params: URLSearchParams) => Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1), PAGE_MAX)

/** The API query of a page (1 being the first). */
export const pageOf = (page: number) => ({ limit: String(PAGE_SIZE), offset: String((page - 1) * PAGE_SIZE) })

/** The pages line: which rows of the list this page shows, and whether pages follow. */
export function pageSpan(page: number, shown: number, total: number) {
  const first = (page - 1) * PAGE_SIZE + 1
  const last = first + shown - 1
  return { first, last, hasPrevious: page > 1, hasNext: last < total }
}

/** One page of a list held whole (the page past the last reads as the last), with the list's length. */
export function pageOfList<Row>(rows: readonly Row[], page: number) {
  const shown = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)))
  return { page: shown, rows: rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE), total: rows.length }
}
