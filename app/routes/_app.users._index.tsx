import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { DEFAULT_ACCOUNT_ROLE, PRODUCT_NAME } from '#domain/constants'
import { roleFilterOptions } from '#domain/roles'
import { USERS_PAGE_SIZE } from '#domain/users'
import { formatDate } from '#domain/dates'
import { ActionsMenu } from '#app/components/actions-menu'
import { api } from '#app/lib/api/http.server'
import { useHydrated } from '#app/lib/hydrated'
import { requirePermission } from '#app/lib/session.server'
import { fetchUsers, userFilters, type ListedUser } from '#app/lib/users.server'
import { shown } from '#app/lib/display'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

export const meta: MetaFunction = () => [{ title: `User management · ${PRODUCT_NAME}` }]

const VIEWS = { table: 'Table', board: 'Board', list: 'List' } as const
type View = keyof typeof VIEWS
const isView = (value: string | null): value is View => value !== null && Object.hasOwn(VIEWS, value)

/** What a row, card or list item shows: role and status with the spec's defaults, dates formatted. */
const rowOf = (user: ListedUser) => ({
  _id: user._id,
  fullName: user.fullName,
  email: user.email,
  role: user.role || DEFAULT_ACCOUNT_ROLE,
  status: user.status || 'Active',
  joined: formatDate(user.createdAt),
  employId: user.profile?.professional?.employId ?? null,
  designation: user.profile?.professional?.designation ?? null,
})
type Row = ReturnType<typeof rowOf>

/** Search, role filter, view mode and the filter panel are GET parameters (DESIGN §6). */
export async function loader(args: LoaderFunctionArgs) {
  await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const filters = userFilters(args.request)
  const view = params.get('view')
  // Anything but a page number (or one past any list) reads as the first page.
  const page = Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1), 20_000)
  const [result, roles] = await Promise.all([fetchUsers(args, filters, page), api<{ roles: { name: string }[] }>(args, '/roles')])
  return json({
    ...filters,
    view: isView(view) ? view : 'table',
    filtersHidden: params.get('filters') === 'hidden',
    page,
    // Administration document §8: a failed load shows an empty list.
    users: result.ok ? result.data.users.map(rowOf) : [],
    total: result.ok ? result.data.total : 0,
    roleOptions: roleFilterOptions(roles.ok ? roles.data.roles.map((role) => role.name) : []),
  })
}

type PageState = { q: string; role: string; view: View; filtersHidden: boolean; page: number }

/** The address of this page with some of its state changed (the rest kept). */
function usersHref(state: PageState, change: Partial<PageState> = {}) {
  const next = { ...state, ...change }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.role) params.set('role', next.role)
  if (next.view !== 'table') params.set('view', next.view)
  if (next.filtersHidden) params.set('filters', 'hidden')
  if (next.page > 1) params.set('page', String(next.page))
  const query = params.toString()
  return query ? `/users?${query}` : '/users'
}

function exportHref({ q, role }: PageState) {
  const params = new URLSearchParams()
  if (q) params.set('q', q)
  if (role) params.set('role', role)
  const query = params.toString()
  return query ? `/users/export?${query}` : '/users/export'
}

export default function UserManagement() {
  const { users, total, roleOptions, ...state } = useLoaderData<typeof loader>()
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
      {loading || users.length === 0 ? null : <Pages state={state} shown={users.length} total={total} />}
    </div>
  )
}

/** Where this page sits in the list, and links to the pages either side of it. */
function Pages({ state, shown, total }: { state: PageState; shown: number; total: number }) {
  const first = (state.page - 1) * USERS_PAGE_SIZE + 1
  const last = first + shown - 1
  return (
    <nav className="pages" aria-label="Pages">
      <span role="status">
        Showing {first}–{last} of {total} users
      </span>
      {state.page > 1 ? (
        <Link to={usersHref(state, { page: state.page - 1 })} rel="prev" className="button secondary">
          Previous
        </Link>
      ) : null}
      {last < total ? (
        <Link to={usersHref(state, { page: state.page + 1 })} rel="next" className="button secondary">
          Next
        </Link>
      ) : null}
    </nav>
  )
}


function RowActions({ user }: { user: Row }) {
  return (
    <ActionsMenu label={`Actions for ${user.fullName || user.email}`}>
      <Link to={`/users/${user._id}/profile`}>View Profile</Link>
    </ActionsMenu>
  )
}

const StatusBadge = ({ status }: { status: string }) => <span className={`badge ${status === 'Active' ? 'success' : 'muted'}`}>{status}</span>

function UserTable({ users }: { users: Row[] }) {
  return (
    <div className="card table-card">
      <table className="table" aria-label="Users">
        <thead>
          <tr>
            <th scope="col">Employee ID</th>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id}>
              <td>{shown(user.employId)}</td>
              <td>{shown(user.fullName)}</td>
              <td>{user.email}</td>
              <td>{user.role}</td>
              <td>
                <StatusBadge status={user.status} />
              </td>
              <td>{shown(user.joined)}</td>
              <td className="cell-actions">
                <RowActions user={user} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function UserBoard({ users }: { users: Row[] }) {
  return (
    <ul className="user-board" aria-label="Users">
      {users.map((user) => (
        <li key={user._id} className="card user-card">
          <div className="user-card-head">
            <strong>{shown(user.fullName)}</strong>
            <RowActions user={user} />
          </div>
          <span className="muted-text">{user.email}</span>
          <dl className="details">
            <dt>Employee ID</dt>
            <dd>{shown(user.employId)}</dd>
            <dt>Designation</dt>
            <dd>{shown(user.designation)}</dd>
            <dt>Role</dt>
            <dd>{user.role}</dd>
            <dt>Joined</dt>
            <dd>{shown(user.joined)}</dd>
          </dl>
          <StatusBadge status={user.status} />
        </li>
      ))}
    </ul>
  )
}

function UserList({ users }: { users: Row[] }) {
  return (
    <ul className="card user-list" aria-label="Users">
      {users.map((user) => (
        <li key={user._id}>
          <div className="user-list-main">
            <strong>{shown(user.fullName)}</strong>
            <span className="muted-text">{user.email}</span>
          </div>
          <span>{user.role}</span>
          <StatusBadge status={user.status} />
          <RowActions user={user} />
        </li>
      ))}
    </ul>
  )
}
