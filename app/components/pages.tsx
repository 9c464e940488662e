import { Link, useLocation } from 'react-router'
import { PAGE_SIZE, pageSpan } from '#domain/pages'
import { hrefOf } from '#app/lib/search'

/** Where this page sits in a paged list ("Showing 51–100 of 230 users"), and links to the pages either side. */
export function Pages({ page, count, total, noun, href, size }: { page: number; count: number; total: number; noun: string; href: (page: number) => string; size?: number }) {
  const { first, last, hasPrevious, hasNext } = pageSpan(page, count, total, size)
  return <PageLinks page={page} hasPrevious={hasPrevious} hasNext={hasNext} href={href} status={`Showing ${first}–${last} of ${total} ${noun}`} />
}

/** What a page says of itself, and Previous and Next where there are pages either side: every paged list's navigation. */
export function PageLinks({ page, status, hasPrevious, hasNext, href }: { page: number; status: string; hasPrevious: boolean; hasNext: boolean; href: (page: number) => string }) {
  return (
    <nav className="pages" aria-label="Pages">
      <span role="status">{status}</span>
      {hasPrevious ? (
        <Link to={href(page - 1)} rel="prev" className="button secondary">
          Previous
        </Link>
      ) : null}
      {hasNext ? (
        <Link to={href(page + 1)} rel="next" className="button secondary">
          Next
        </Link>
      ) : null}
    </nav>
  )
}

/**
 * The pages of one of several lists on a screen, each paged by a parameter of its own (`leavePage`)
 * that its links set, keeping the others' and the rest of the address, and landing on `anchor`.
 * Nothing while the list fits on one page: most people's lists do, and say nothing more.
 */
export function ListPages({ param, page, count, total, noun, anchor, size = PAGE_SIZE }: { param: string; page: number; count: number; total: number; noun: string; anchor: string; size?: number }) {
  const { pathname, search } = useLocation()
  if (page === 1 && total <= size) return null
  const href = (to: number) => {
    const params = new URLSearchParams(search)
    params.set(param, String(to))
    return `${hrefOf(pathname, params)}#${anchor}`
  }
  return <Pages page={page} count={count} total={total} noun={noun} href={href} size={size} />
}
