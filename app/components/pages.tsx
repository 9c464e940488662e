import { Link } from 'react-router'
import { pageSpan } from '#domain/pages'

/** Where this page sits in a paged list ("Showing 51–100 of 230 users"), and links to the pages either side. */
export function Pages({ page, count, total, noun, href }: { page: number; count: number; total: number; noun: string; href: (page: number) => string }) {
  const { first, last, hasPrevious, hasNext } = pageSpan(page, count, total)
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
