import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { can } from '#domain/access'
import { PRODUCT_NAME } from '#domain/constants'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { assertCan, requireUser } from '#app/lib/session.server'
import { parseWithSchema } from '#app/lib/validation'
import { loadProfile, saveProfileEdit } from '#app/features/profile/api.server'
import { isEditing, LOAD_FAILED, neededToOpen, profileEditSchema, profilePath, saveFailed, USER_NOT_FOUND } from '#app/features/profile/form'
import { EditProfile } from '#app/features/profile/profile-edit'
import { ViewProfile } from '#app/features/profile/profile-view'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

export const meta: MetaFunction = () => [{ title: `User profile · ${PRODUCT_NAME}` }]

/** The signed-in user, if they may open this profile (their own always; someone else's with `view`, and `edit` to edit). */
async function requireAccess(args: LoaderFunctionArgs | ActionFunctionArgs, editing: boolean) {
  const { user: me } = await requireUser(args)
  const own = me._id === args.params.userId
  assertCan(me, ...neededToOpen(own, editing))
  return { me, own }
}

export async function loader(args: LoaderFunctionArgs) {
  const userId = args.params.userId ?? ''
  const editing = isEditing(args.request.url)
  const { me, own } = await requireAccess(args, editing)
  const canViewUsers = can(me, 'view')
  const loaded = await loadProfile(args, userId, { me, own, editing })
  if (!loaded.ok) {
    const notFound = loaded.error.status === 404
    return json(
      { state: 'error' as const, message: notFound ? USER_NOT_FOUND : messageOr(loaded.error, LOAD_FAILED), canViewUsers },
      { status: notFound ? 404 : 502 },
    )
  }
  return json({ state: 'ready' as const, canViewUsers, ...loaded.view })
}

export async function action(args: ActionFunctionArgs) {
  const userId = args.params.userId ?? ''
  const { own } = await requireAccess(args, true)
  const submission = parseWithSchema(await readForm(args.request), { schema: profileEditSchema })
  if (submission.status !== 'success') return json({ result: submission.reply() })
  const saved = await saveProfileEdit(args, userId, submission.value, own)
  if (saved.ok) return redirect(profilePath(userId), { headers: saved.headers })
  return json({ result: submission.reply({ formErrors: [saveFailed(messageOr(saved.error, ''))] }) }, { headers: saved.headers })
}

export default function UserProfile() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const backLink = data.canViewUsers ? (
    <Link to="/users" className="button secondary">
      Back to Users
    </Link>
  ) : (
    <Link to="/dashboard" className="button secondary">
      Back to Dashboard
    </Link>
  )
  if (data.state === 'error') {
    return (
      <section className="card error-state" role="alert">
        <h1>{data.message}</h1>
        <div className="actions start">{backLink}</div>
      </section>
    )
  }
  return data.editing ? <EditProfile data={data} backLink={backLink} lastResult={actionData?.result} /> : <ViewProfile data={data} backLink={backLink} />
}
