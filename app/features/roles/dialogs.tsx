import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigate, useSearchParams } from 'react-router'
import { PERMISSIONS } from '#domain/constants'
import { roleFormSchema } from '#domain/roles'
import { ErrorList, Field, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { shown } from '#app/lib/display'
import { useSubmitting } from '#app/lib/submitting'
import { parseWithSchema } from '#app/lib/validation'
import { permissionLabel, USERS_DIALOG_KEPT, type RoleMember } from './form'

/** The two dialogs of Role & Permissions: Add New Role, and the users of a role at a location. */

export function AddRoleModal({ closeTo, lastResult }: { closeTo: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigate = useNavigate()
  const saving = useSubmitting()
  const [form, fields] = useForm({
    id: 'add-role',
    lastResult,
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
                <input type="checkbox" name={fields.permissions.name} value={permission} /> {permissionLabel(permission)}
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

export function UsersModal({ title, users, closeTo }: { title: string; users: RoleMember[]; closeTo: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  return (
    <Modal title={title} onClose={() => navigate(closeTo)} width={720}>
      <Form method="get" className="inline-search">
        {USERS_DIALOG_KEPT.map((key) =>
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
                  {permissionLabel(permission)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {users.map((holder) => (
              <tr key={holder._id}>
                <td>{holder.fullName ?? holder.email}</td>
                <td>{holder.email}</td>
                <td>{shown(holder.designation)}</td>
                {/* Each person's own list: a role picked on one's profile grants nothing until confirmed. */}
                {PERMISSIONS.map((permission) => (
                  <td key={permission}>
                    <input
                      type="checkbox"
                      checked={holder.permissions.includes(permission)}
                      readOnly
                      disabled
                      aria-label={`${permissionLabel(permission)} permission of ${holder.fullName ?? holder.email}`}
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
