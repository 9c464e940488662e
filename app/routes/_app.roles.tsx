import { getFormProps, useForm } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams, useSubmit } from '@remix-run/react'
import { PERMISSIONS, PRODUCT_NAME } from '#domain/constants'
import { roleFormSchema } from '#domain/roles'
import { compareLocations, groupByLocation, locationOf } from '#domain/work-locations'
import { ChoiceSelect, ErrorList, Field, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { RouteErrorBoundary } from '#app/components/route-error'
import { api } from '#app/lib/api/http.server'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import { parseWithSchema } from '#app/lib/validation'
import { readForm } from '#app/lib/form.server'

export const meta: MetaFunction = () => [{ title: `Role & Permissions · ${PRODUCT_NAME}` }]

interface Holder {
  _id: string
  fullName: string | null
  email: string
  designation: string | null
  workLocation: string | null
  permissions: string[]
}
interface RoleWithUsers {
  _id: string
  name: string
  permissions: string[]
  users: Holder[]
}

const label = (permission: string) => permission[0].toUpperCase() + permission.slice(1)
const includes = (value: string | null | undefined, needle: string) => Boolean(value?.toLowerCase().includes(needle))

/** Search and filters run here on the server, so the screen works the same without JavaScript. */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const q = params.get('q')?.trim().toLowerCase() ?? ''
  const location = params.get('location') ?? ''
  const roleName = params.get('role') ?? ''
  const result = await api<{ roles: RoleWithUsers[] }>(args, '/roles/with-users')
  const roles = result.ok ? result.data.roles : []

  const matches = (role: RoleWithUsers, holder: Holder) =>
    !q || [holder.fullName, holder.email, role.name, locationOf(holder), ...holder.permissions].some((value) => includes(value, q))
  const shown = roles
    .filter((role) => !roleName || role.name === roleName)
    .map((role) => ({ ...role, users: role.users.filter((holder) => (!location || locationOf(holder) === location) && matches(role, holder)) }))
  const groups = groupByLocation(shown.filter((role) => role.users.length > 0))
  // Roles nobody holds yet are still listed (with 0 users) unless a filter or search excludes them:
  // they have no location, and a search finds them by their name or a permission.
  const unheld = location
    ? []
    : shown.filter(
        (role) => roles.find((r) => r._id === role._id)?.users.length === 0 && (!q || [role.name, ...role.permissions].some((value) => includes(value, q))),
      )

  const modalRole = roles.find((role) => role._id === params.get('users'))
  const at = params.get('at') ?? ''
  const uq = params.get('uq')?.trim().toLowerCase() ?? ''
  const modalUsers = modalRole?.users.filter((holder) => locationOf(holder) === at) ?? []
  return json({
    loadError: result.ok ? null : 'Failed to load roles/projects',
    groups,
    unheld,
    locations: [...new Set(roles.flatMap((role) => role.users.map(locationOf)))].sort(compareLocations),
    roleNames: roles.map((role) => role.name),
    canAdd: can(user, 'add'),
    addOpen: params.has('add') && can(user, 'add'),
    usersModal: modalRole
      ? {
          title: `${at} • ${modalRole.name} — Users (${modalUsers.length})`,
          users: modalUsers.filter((holder) => !uq || includes(holder.fullName, uq) || includes(holder.email, uq)),
        }
      : null,
  })
}

export async function action(args: ActionFunctionArgs) {
  await requirePermission(args, 'add')
  const submission = parseWithSchema(await readForm(args.request), { schema: roleFormSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() })
  const created = await api(args, '/roles', { method: 'POST', body: submission.value })
  if (!created.ok) return json({ result: submission.reply({ formErrors: [created.error.message] }) })
  return redirect('/roles')
}

export default function Roles() {
  const data = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const submit = useSubmit()
  const keep = (extra: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const key of ['add', 'users', 'at', 'uq']) next.delete(key)
    for (const [key, value] of Object.entries(extra)) next.set(key, value)
    const query = next.toString()
    return query ? `?${query}` : '/roles'
  }
  const empty = data.groups.length === 0 && data.unheld.length === 0

  return (
    <div className="stack">
      <header className="page-head">
        <div>
          <h1>Role &amp; Permissions</h1>
          <p className="subtitle">View users grouped by work location and role.</p>
        </div>
        {data.canAdd ? (
          <Link to={keep({ add: '1' })} className="button primary">
            Add Role
          </Link>
        ) : null}
      </header>
      <Form method="get" className="filters card" onChange={(event) => submit(event.currentTarget, { replace: true })}>
        <div className="field">
          <label htmlFor="roles-q">Search</label>
          <input id="roles-q" type="search" name="q" defaultValue={params.get('q') ?? ''} placeholder="Search user, role, location, permission" />
        </div>
        <ChoiceSelect id="roles-location" label="Location" name="location" placeholder="All locations" options={data.locations} value={params.get('location') ?? ''} />
        <ChoiceSelect id="roles-role" label="Role" name="role" placeholder="All roles" options={data.roleNames} value={params.get('role') ?? ''} />
        <button type="submit" className="button secondary">
          Apply
        </button>
      </Form>
      {data.loadError ? <FormMessage tone="error">{data.loadError}</FormMessage> : null}
      {empty ? <p className="card empty">No roles found. Create your first role to get started.</p> : null}
      {[...data.groups.map((group) => ({ location: group.location, rows: group.roles })), ...(data.unheld.length ? [{ location: '', rows: data.unheld.map((role) => ({ role, users: [] as Holder[] })) }] : [])].map(
        ({ location, rows }) => (
          <section key={location || 'unheld'} className="card" aria-labelledby={`loc-${location || 'unheld'}`}>
            <h2 id={`loc-${location || 'unheld'}`}>{location || 'Not held by anyone yet'}</h2>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Roles</th>
                  <th scope="col">Users</th>
                  <th scope="col">Permissions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ role, users }) => (
                  <tr key={role._id}>
                    <th scope="row">{role.name}</th>
                    <td>
                      <span className="count">{users.length}</span>{' '}
                      {users.length > 0 ? (
                        <Link to={keep({ users: role._id, at: location })} className="button ghost" aria-label={`View users of ${role.name} at ${location}`}>
                          View users
                        </Link>
                      ) : (
                        <button type="button" className="button ghost" disabled>
                          View users
                        </button>
                      )}
                    </td>
                    <td>
                      {role.permissions.map((permission) => (
                        <span key={permission} className="badge">
                          {label(permission)}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ),
      )}
      {data.addOpen ? <AddRoleModal closeTo={keep({})} /> : null}
      {data.usersModal ? <UsersModal {...data.usersModal} closeTo={keep({})} /> : null}
    </div>
  )
}

function AddRoleModal({ closeTo }: { closeTo: string }) {
  const actionData = useActionData<typeof action>()
  const navigate = useNavigate()
  const saving = useSubmitting()
  const [form, fields] = useForm({
    id: 'add-role',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: roleFormSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <Modal title="Add New Role" onClose={() => navigate(closeTo)}>
      <Form method="post" {...getFormProps(form)}>
        <Field label="Role Name" meta={fields.name} inputProps={{ autoFocus: true }} />
        <fieldset className="field" aria-describedby={fields.permissions.errors ? fields.permissions.errorId : undefined}>
          <legend>Permissions</legend>
          <div className="checkbox-grid">
            {PERMISSIONS.map((permission) => (
              <label key={permission} className="checkbox">
                <input type="checkbox" name={fields.permissions.name} value={permission} /> {label(permission)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.permissions.errorId} errors={fields.permissions.errors} />
        </fieldset>
        <FormMessage id={form.errorId} tone="error">
          {form.errors?.[0]}
        </FormMessage>
        <div className="actions">
          <Link to={closeTo} className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={saving}>
            Save Role
          </button>
        </div>
      </Form>
    </Modal>
  )
}

function UsersModal({ title, users, closeTo }: { title: string; users: Holder[]; closeTo: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  return (
    <Modal title={title} onClose={() => navigate(closeTo)} width={720}>
      <Form method="get" className="inline-search">
        {['q', 'location', 'role', 'users', 'at'].map((key) =>
          params.get(key) ? <input key={key} type="hidden" name={key} value={params.get(key)!} /> : null,
        )}
        <label htmlFor="role-users-q" className="visually-hidden">
          Search users
        </label>
        <input id="role-users-q" type="search" name="uq" defaultValue={params.get('uq') ?? ''} placeholder="Search users by name or email" />
        <button type="submit" className="button secondary">
          Search
        </button>
      </Form>
      {users.length === 0 ? (
        <p className="empty">No users found.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Email</th>
              <th scope="col">Designation</th>
              {PERMISSIONS.map((permission) => (
                <th key={permission} scope="col">
                  {label(permission)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.map((holder) => (
              <tr key={holder._id}>
                <td>{holder.fullName ?? holder.email}</td>
                <td>{holder.email}</td>
                <td>{holder.designation ?? 'Not provided'}</td>
                {/* Each person's own list: a role picked on one's profile grants nothing until confirmed. */}
                {PERMISSIONS.map((permission) => (
                  <td key={permission}>
                    <input
                      type="checkbox"
                      checked={holder.permissions.includes(permission)}
                      readOnly
                      disabled
                      aria-label={`${label(permission)} permission of ${holder.fullName ?? holder.email}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <Link to={closeTo} className="button secondary">
          Close
        </Link>
      </div>
    </Modal>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
