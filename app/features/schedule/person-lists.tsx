import { readPage } from '#domain/pages'
import { ListPages } from '#app/components/pages'

/**
 * A person's lists that can grow (their assignments, their leave), a page at a time on the
 * dashboard and on a profile: the address parameter of each list's page, so every list pages on
 * its own and keeps the others' pages. Client-safe.
 */
/**
 * Rows a page of each list: fewer than other lists' 50, because a row here can be large (a leave
 * note of 200 characters; an assignment naming its clashes, each with its note) and the dashboard
 * and a profile hold several lists at once, yet stay under 100 KB whatever one person holds.
 */
export const PERSON_PAGE_SIZE = 10

export const LIST_PAGES = { assignments: 'assignmentsPage', pastAssignments: 'pastPage', leave: 'leavePage', pastLeave: 'pastLeavePage' } as const
export type PersonList = keyof typeof LIST_PAGES

/** The page of each list the address asks for (1 unless it says). */
export function pagesOf<List extends PersonList>(search: string | URLSearchParams, lists: readonly List[]) {
  const params = new URLSearchParams(search)
  return Object.fromEntries(lists.map((list) => [list, readPage(params, LIST_PAGES[list])])) as Record<List, number>
}

/** The pages line of one of a person's lists, when it has more than one page: Previous and Next keep the other lists' pages. */
export function PersonListPages({ list, page, count, total, noun, anchor }: { list: PersonList; page: number; count: number; total: number; noun: string; anchor: string }) {
  return <ListPages param={LIST_PAGES[list]} page={page} count={count} total={total} noun={noun} anchor={anchor} size={PERSON_PAGE_SIZE} />
}
