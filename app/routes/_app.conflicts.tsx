import { Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { RouteErrorBoundary } from '#app/components/route-error'
import { AssignmentTable } from '#app/features/schedule/assignments'
import { listConflicts } from '#app/lib/api/schedule.server'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.conflicts'

export const meta: Route.MetaFunction = () => [{ title: `Conflicts · ${PRODUCT_NAME}` }]

/** /conflicts (issue 13): everyone booked twice at once or during their leave, with the clashing assignments. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const result = await listConflicts(args)
  return { people: result.ok ? result.data : [], failed: !result.ok }
}

export default function ConflictsPage({ loaderData }: Route.ComponentProps) {
  const { people, failed } = loaderData
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
      ) : people.length === 0 ? (
        <p className="card empty">Nobody has a conflict.</p>
      ) : (
        people.map(({ user, assignments }) => (
          <section key={user._id} className="card stack" aria-labelledby={`person-${user._id}`}>
            <h2 id={`person-${user._id}`}>
              <Link to={`/users/${user._id}/profile`}>{user.fullName ?? user.email}</Link>
            </h2>
            <AssignmentTable rows={assignments} empty="" caption={`Conflicting assignments of ${user.fullName ?? user.email}`} />
          </section>
        ))
      )}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
