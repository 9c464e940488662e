import { Form, Link, useSearchParams, useSubmit } from 'react-router'
import { can } from '#domain/access'
import { PRODUCT_NAME } from '#domain/constants'
import { roleFormSchema } from '#domain/roles'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import { createRole, listRolesWithUsers } from '#app/lib/api/people.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { requirePermission } from '#app/lib/session.server'
import { parseWithSchema } from '#app/lib/validation'
import { AddRoleModal, UsersModal } from '#app/features/roles/dialogs'
import { keepHref, LOAD_FAILED, permissionLabel, ROLES_PATH, rolesView, type RoleMember } from '#app/features/roles/form'
import type { Route } from './+types/_app.roles'
import { listOr } from '#app/lib/api/http.server'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

export const meta: Route.MetaFunction = () => [{ title: `Role & Permissions · ${PRODUCT_NAME}` }]

/** Search and filters run here on the server, so the screen works the same without JavaScript. */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const result = await listRolesWithUsers(args)
  const view = rolesView(listOr(result, (data) => data.roles), args.url.searchParams, can(user, 'add'))
  return { loadError: result.ok ? null : LOAD_FAILED, ...view }
}

export async function action(args: Route.ActionArgs) {
  await requirePermission(args, 'add')
  const submission = parseWithSchema(await readForm(args.request), { schema: roleFormSchema })
  if (submission.status !== 'success') return { result: submission.reply() }
  const created = await createRole(args, submission.value)
  if (!created.ok) return { result: submission.reply({ formErrors: [messageOr(created.error, FALLBACK_MESSAGE)] }) }
  return redirectWithToast(ROLES_PATH, { title: 'Role saved' })
}

export default function Roles({ loaderData: data, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const submit = useSubmit()
  const keep = (extra?: Record<string, string>) => keepHref(params, extra)
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
      {[...data.groups.map((group) => ({ location: group.location, rows: group.roles })), ...(data.unheld.length ? [{ location: '', rows: data.unheld.map((role) => ({ role, users: [] as RoleMember[] })) }] : [])].map(
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
                          {permissionLabel(permission)}
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
      {data.addOpen ? <AddRoleModal closeTo={keep()} lastResult={actionData?.result} /> : null}
      {data.usersModal ? <UsersModal {...data.usersModal} closeTo={keep()} /> : null}
    </div>
  )
}
