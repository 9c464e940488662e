import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PRODUCT_NAME } from '#domain/constants'
import { RouteErrorBoundary } from '#app/components/route-error'
import { listRoleHistories } from '#app/lib/api/people.server'
import { shown } from '#app/lib/display'
import { requirePermission } from '#app/lib/session.server'

export const meta: MetaFunction = () => [{ title: `Role History · ${PRODUCT_NAME}` }]

export async function loader(args: LoaderFunctionArgs) {
  await requirePermission(args, 'view')
  const result = await listRoleHistories(args)
  return json({ histories: result.ok ? result.data.histories : [] })
}

// One formatter for the whole history: toLocaleString would build one per row.
const whenFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' })
const when = (iso: string) => whenFormat.format(new Date(iso))

export default function RoleHistory() {
  const { histories } = useLoaderData<typeof loader>()
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
          <table className="table">
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
                  <td>{shown(row.user.fullName)}</td>
                  <td>{row.initialRole.name}</td>
                  <td>{row.newRole.name}</td>
                  <td>{shown(row.updatedBy.fullName)}</td>
                  <td>{when(row.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
