import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { useHydrated } from '#app/lib/hydrated'
import { requirePermission } from '#app/lib/session.server'
import { loadUsersPage } from '#app/features/users/api.server'
import { exportHref, readPageState, rowOf, usersHref, VIEWS, type View } from '#app/features/users/query'
import { UserBoard, UserList, UserTable } from '#app/features/users/views'
import { Pages } from '#app/components/pages'
import type { Route } from './+types/_app.users._index'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

export const meta: Route.MetaFunction = () => [{ title: `User management · ${PRODUCT_NAME}` }]

/** Search, role filter, view mode and the filter panel are GET parameters (DESIGN §6). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const state = readPageState(args.url.searchParams)
  const { users, total, roleOptions } = await loadUsersPage(args, state, state.page)
  return { ...state, users: users.map(rowOf), total, roleOptions }
}

export default function UserManagement({ loaderData }: Route.ComponentProps) {
  const { users, total, roleOptions, ...state } = loaderData
  const { q, role, view, filtersHidden } = state
  const navigation = useNavigation()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/users'

  return (
    <div className="stack users-page">
      <header className="page-head">
        <div>
          <h1>User management</h1>
          <p className="subtitle">Manage your team members and their account permissions here.</p>
        </div>
        <div className="page-header-actions">
          <Link to="/role-history" className="button secondary">
            History
          </Link>
          {/* A plain link: the resource route answers the file itself, with or without JavaScript. */}
          <a href={exportHref(state)} className="button primary" download>
            Export
          </a>
        </div>
      </header>

      <div className="users-toolbar">
        <Form method="get" action="/users" id="user-search" role="search" className="search-form">
          <input type="search" name="q" placeholder="Search" aria-label="Search users" defaultValue={q} key={q} />
          {view !== 'table' ? <input type="hidden" name="view" value={view} /> : null}
          {filtersHidden ? (
            <>
              <input type="hidden" name="filters" value="hidden" />
              {role ? <input type="hidden" name="role" value={role} /> : null}
            </>
          ) : null}
          <button type="submit" className="button secondary">
            Search
          </button>
        </Form>
        <nav className="view-modes" aria-label="View mode">
          {(Object.keys(VIEWS) as View[]).map((mode) => (
            <Link key={mode} to={usersHref(state, { view: mode })} aria-current={mode === view ? 'page' : undefined} className="view-mode">
              {VIEWS[mode]}
            </Link>
          ))}
        </nav>
        <Link to={usersHref(state, { filtersHidden: !filtersHidden })} className="button ghost" aria-expanded={!filtersHidden} aria-controls="user-filters">
          {filtersHidden ? 'Show filters' : 'Hide filters'}
        </Link>
      </div>

      {filtersHidden ? null : (
        <section id="user-filters" className="card filter-panel" aria-label="Filters">
          <div className="field">
            <label htmlFor="role-filter">Role</label>
            <select
              id="role-filter"
              name="role"
              form="user-search"
              defaultValue={role}
              key={role}
              onChange={(event) => submit(event.currentTarget.form)}
            >
              <option value="">All roles</option>
              {roleOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          {/* With JavaScript a change applies at once. */}
          {hydrated ? null : (
            <button type="submit" form="user-search" className="button secondary">
              Apply
            </button>
          )}
        </section>
      )}

      {loading ? (
        <section className="card loading-card" role="status">
          Loading users...
        </section>
      ) : users.length === 0 ? (
        <section className="card empty-state" role="status">
          No users found matching your criteria.
        </section>
      ) : view === 'board' ? (
        <UserBoard users={users} />
      ) : view === 'list' ? (
        <UserList users={users} />
      ) : (
        <UserTable users={users} />
      )}
      {loading || users.length === 0 ? null : <Pages page={state.page} count={users.length} total={total} noun="users" href={(page) => usersHref(state, { page })} />}
    </div>
  )
}
