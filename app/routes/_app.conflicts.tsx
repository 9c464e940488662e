import { Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { Pages } from '#app/components/pages'
import { RouteErrorBoundary } from '#app/components/route-error'
import { readPage } from '#domain/pages'
import { ConflictPeople, HandOverTable } from '#app/features/attention/conflicts'
import { listConflicts, listHandOvers } from '#app/lib/api/schedule.server'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.conflicts'
import { listOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Conflicts · ${PRODUCT_NAME}` }]

/** The GET toggle of past conflicts: read only when asked for, as most visits want what is ahead. */
const PAST_PARAM = 'past'
/** Each list is paged (50 people a page, domain/pages.ts): at a thousand people, everyone at once is a page nobody reads. */
const PAST_PAGE_PARAM = 'pastPage'

/**
 * /conflicts: everyone booked twice at once or during their leave, the
 * conflicts not yet over first; hand-overs apart; past conflicts behind ?past=1.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const params = args.url.searchParams
  const showPast = params.get(PAST_PARAM) === '1'
  const page = readPage(params)
  const pastPage = readPage(new URLSearchParams({ page: params.get(PAST_PAGE_PARAM) ?? '' }))
  const [upcoming, handOvers, past] = await Promise.all([listConflicts(args, page), listHandOvers(args), showPast ? listConflicts(args, pastPage, 'past') : null])
  return {
    upcoming: upcoming.ok ? { ...upcoming.data, page } : { people: [], total: 0, page },
    handOvers: listOr(handOvers),
    past: past?.ok ? { ...past.data, page: pastPage } : null,
    showPast,
    failed: !upcoming.ok || !handOvers.ok || (past !== null && !past.ok),
  }
}

export default function ConflictsPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, handOvers, past, showPast, failed } = loaderData
  const href = (pages: { page: number; pastPage?: number }) =>
    `/conflicts?${new URLSearchParams({ ...(pages.page > 1 && { page: String(pages.page) }), ...(pages.pastPage && { [PAST_PARAM]: '1', ...(pages.pastPage > 1 && { [PAST_PAGE_PARAM]: String(pages.pastPage) }) }) })}`
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Conflicts</h1>
        <p className="subtitle">People with two assignments on the same days, or an assignment during their leave. Planners may double-book on purpose; this is where it shows.</p>
      </header>
      {failed ? (
        <p className="card form-message error" role="alert">
          Failed to load conflicts
        </p>
      ) : null}
      <section className="stack" aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming conflicts</h2>
        <p className="help">Not over yet, the soonest first. Change the tags in User Entity Mapping (the cluster&apos;s link), or the leave on the person&apos;s profile.</p>
        {upcoming.total === 0 ? (
          <p className="card empty">Nobody has a conflict.</p>
        ) : (
          <>
            <ConflictPeople people={upcoming.people} label="upcoming" />
            <Pages page={upcoming.page} count={upcoming.people.length} total={upcoming.total} noun="people" href={(page) => href({ page, pastPage: past?.page })} />
          </>
        )}
      </section>
      <section className="card stack" aria-labelledby="hand-overs-heading">
        <h2 id="hand-overs-heading">Hand-overs</h2>
        <p className="help">One assignment ends on the day the next one starts. Planned, so not counted as a conflict.</p>
        <HandOverTable rows={handOvers} />
      </section>
      <section className="stack" aria-labelledby="past-heading">
        <h2 id="past-heading">Past conflicts</h2>
        {past ? (
          <>
            <Link to={href({ page: upcoming.page })}>Hide past conflicts</Link>
            {past.total === 0 ? (
              <p className="card empty">No past conflicts.</p>
            ) : (
              <>
                <ConflictPeople people={past.people} label="past" />
                <Pages page={past.page} count={past.people.length} total={past.total} noun="people" href={(pastPage) => href({ page: upcoming.page, pastPage })} />
              </>
            )}
          </>
        ) : showPast ? null : (
          <Link to={href({ page: upcoming.page, pastPage: 1 })}>Show past conflicts</Link>
        )}
      </section>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
