import { Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { RouteErrorBoundary } from '#app/components/route-error'
import { ConflictPeople, HandOverTable } from '#app/features/attention/conflicts'
import { listConflicts, listHandOvers } from '#app/lib/api/schedule.server'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.conflicts'

export const meta: Route.MetaFunction = () => [{ title: `Conflicts · ${PRODUCT_NAME}` }]

/** The GET toggle of past conflicts: read only when asked for, as most visits want what is ahead. */
const PAST_PARAM = 'past'

/**
 * /conflicts (issue 13, issue 29): everyone booked twice at once or during their leave, the
 * conflicts not yet over first; hand-overs apart; past conflicts behind ?past=1.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const showPast = new URL(args.request.url).searchParams.get(PAST_PARAM) === '1'
  const [upcoming, handOvers, past] = await Promise.all([listConflicts(args), listHandOvers(args), showPast ? listConflicts(args, 'past') : null])
  return {
    people: upcoming.ok ? upcoming.data : [],
    handOvers: handOvers.ok ? handOvers.data : [],
    past: past?.ok ? past.data : null,
    showPast,
    failed: !upcoming.ok || !handOvers.ok || (past !== null && !past.ok),
  }
}

export default function ConflictsPage({ loaderData }: Route.ComponentProps) {
  const { people, handOvers, past, showPast, failed } = loaderData
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
        {people.length === 0 ? <p className="card empty">Nobody has a conflict.</p> : <ConflictPeople people={people} label="upcoming" />}
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
            <Link to="/conflicts">Hide past conflicts</Link>
            {past.length === 0 ? <p className="card empty">No past conflicts.</p> : <ConflictPeople people={past} label="past" />}
          </>
        ) : showPast ? null : (
          <Link to={`/conflicts?${PAST_PARAM}=1`}>Show past conflicts</Link>
        )}
      </section>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
