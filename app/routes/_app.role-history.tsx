import { Link, redirect } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { RouteErrorBoundary } from '#app/components/route-error'
import { listRoleHistories } from '#app/lib/api/people.server'
import { shown } from '#app/lib/display'
import { PersonShown } from '#app/features/audit/entries'
import { shownText } from '#domain/text'
import { TIME_ZONE } from '#app/lib/time-zone.server'
import { formatDateTime } from '#domain/dates'
import { Pages } from '#app/components/pages'
import { PAGE_SIZE, readPage } from '#domain/pages'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.role-history'
import { listOr, okOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Role History · ${PRODUCT_NAME}` }]

/** ?page= : fifty changes a page, newest first. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const page = readPage(args.url.searchParams)
  const result = await listRoleHistories(args, page)
  // A page past the end (the history is shorter than the address remembers) is the last one.
  if (result.ok && result.data.histories.length === 0 && result.data.total > 0) throw redirect(pageHref(Math.ceil(result.data.total / PAGE_SIZE)))
  return { page, histories: listOr(result, (data) => data.histories), total: okOr(result, { total: 0 }).total, timeZone: TIME_ZONE }
}

const pageHref = (page: number) => (page > 1 ? `/role-history?page=${page}` : '/role-history')

export default function RoleHistory({ loaderData }: Route.ComponentProps) {
  const { page, histories, total, timeZone } = loaderData
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Role History</h1>
        <Link to="/users" className="button secondary">
          Users
        </Link>
      </header>
      <section className="card">
        {histories.length === 0 ? (
          <p className="empty">No role changes yet.</p>
        ) : (
          <table className="table stacked-table">
            <thead>
              <tr>
                <th scope="col">User Name</th>
                <th scope="col">Previous Role</th>
                <th scope="col">New Role</th>
                <th scope="col">Updated By</th>
                <th scope="col">Updated At</th>
              </tr>
            </thead>
            <tbody>
              {histories.map((row) => (
                <tr key={row._id}>
                  <td data-label="User Name">{shownText(shown(row.user.fullName))}</td>
                  <td data-label="Previous Role">{row.initialRole.name}</td>
                  <td data-label="New Role">{row.newRole.name}</td>
                  <td data-label="Updated By">
                    <PersonShown person={{ name: row.updatedBy.fullName, email: row.updatedBy.email }} />
                  </td>
                  <td data-label="Updated At">{shown(formatDateTime(row.updatedAt, timeZone))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {histories.length > 0 ? <Pages page={page} count={histories.length} total={total} noun="changes" href={pageHref} /> : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
