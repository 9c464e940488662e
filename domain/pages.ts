/**
 * Lists read a page at a time (User management, Role history): the query's bounds, a page number
 * read from an address, and which rows a page shows. One place, so every paged list agrees.
 */

/** Rows per page: what a phone renders at once, whatever the number of rows. */
export const PAGE_SIZE = 50
/** Pages past this are no list anyone has; the bound keeps the offset a number the API accepts. */
const PAGE_MAX = 20_000

/** The rows of one page of a list held whole: `offset` on, at most `limit`. */
export const slice = <Row>(rows: readonly Row[], offset = 0, limit = PAGE_SIZE) => rows.slice(offset, offset + limit)

/** The API query of a page of each list of an answer (1 being the first), `size` rows each: `{ limit: '10', leaveOffset: '10' }`; first pages' offsets are left out. */
export const offsetsOf = (pages: Record<string, number>, size = PAGE_SIZE) => ({
  limit: String(size),
  ...Object.fromEntries(Object.entries(pages).flatMap(([list, page]) => (page > 1 ? [[`${list}Offset`, String((page - 1) * size)]] : []))),
})

/** The page an address asks for (by `page`, or the list's own parameter): anything but a page number (or one past any list) reads as the first. */
export const readPage = (params: URLSearchParams, name = 'page') => Math.min(Math.max(1, Number.parseInt(params.get(name) ?? '', 10) || 1), PAGE_MAX)

/** The API query of a page (1 being the first), of `size` rows. */
export const pageOf = (page: number, size = PAGE_SIZE) => ({ limit: String(size), offset: String((page - 1) * size) })

/** The pages line: which rows of the list this page (of `size` rows) shows, and whether pages follow. */
export function pageSpan(page: number, shown: number, total: number, size = PAGE_SIZE) {
  const first = (page - 1) * size + 1
  const last = first + shown - 1
  return { first, last, hasPrevious: page > 1, hasNext: last < total }
}

/** One page of a list held whole (the page past the last reads as the last), with the list's length. */
export function pageOfList<Row>(rows: readonly Row[], page: number) {
  const shown = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)))
  return { page: shown, rows: rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE), total: rows.length }
}
