import { data, Link } from 'react-router'
import { lazy } from 'react'
import { can, isSelf } from '#domain/access'
import { PRODUCT_NAME } from '#domain/constants'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { assertOwnerOr, requireUser } from '#app/lib/session.server'
import { parseWithSchema } from '#app/lib/validation'
import { loadProfile, saveProfileEdit } from '#app/features/profile/api.server'
import { isEditing, LOAD_FAILED, neededToOpen, profilePath, saveFailed, USER_NOT_FOUND } from '#app/features/profile/form'
import { profileEditSchema } from '#app/features/profile/form.server'
import { ViewProfile } from '#app/features/profile/profile-view'
import { AssignmentTable } from '#app/features/schedule/assignments'
import { PersonListPages, pagesOf } from '#app/features/schedule/person-lists'
import { LeaveSection } from '#app/features/schedule/leave'
import { LEAVE_INTENTS, LEAVE_POSTED, leaveAction } from '#app/features/schedule/leave.server'
import { readIntent } from '#app/lib/intents'
import { assertIntent } from '#app/lib/intents.server'
import { getAssignments } from '#app/lib/api/schedule.server'
import { loadPersonChanges } from '#app/features/audit/person-changes.server'
import { PersonChangesSection } from '#app/features/audit/person-changes'
import type { Route } from './+types/_app.users.$userId.profile'
import { listOr } from '#app/lib/api/http.server'

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/route-error'

/**
 * The edit form, loaded when the page is in edit mode: a profile opened to be read (a worker's own,
 * most of the time) does not download it. On the server the loader loads it before the page
 * renders, and the lazy component is handed the module at once: React renders the form in place,
 * as before, so the page without JavaScript is unchanged. In the browser the form's module follows
 * the page's, and the page, already on screen, hydrates once it is in.
 */
const loadEditForm = () => import('#app/features/profile/profile-edit')
let editForm: Awaited<ReturnType<typeof loadEditForm>> | undefined
type EditForm = { default: (typeof import('#app/features/profile/profile-edit'))['EditProfile'] }
const EditProfile = lazy(() => {
  const loaded = editForm
  if (loaded) return { then: (resolve: (module: EditForm) => void) => resolve({ default: loaded.EditProfile }) } as unknown as Promise<EditForm>
  return loadEditForm().then((module) => ({ default: module.EditProfile }))
})

export const meta: Route.MetaFunction = () => [{ title: `User profile · ${PRODUCT_NAME}` }]

/** The signed-in user, if they may open this profile (their own always; someone else's with `view`, and `edit` to edit). */
async function requireAccess(args: Route.LoaderArgs | Route.ActionArgs, editing: boolean) {
  const { user: me } = await requireUser(args)
  const userId = args.params.userId ?? ''
  assertOwnerOr(me, userId, ...neededToOpen(editing))
  return { me, own: isSelf(me, userId) }
}

export async function loader(args: Route.LoaderArgs) {
  const userId = args.params.userId ?? ''
  const editing = isEditing(args.url.href)
  const { me } = await requireAccess(args, editing)
  const canViewUsers = can(me, 'view')
  if (editing) editForm ??= await loadEditForm()
  const loaded = await loadProfile(args, userId, { me, editing })
  if (!loaded.ok) {
    const notFound = loaded.error.status === 404
    return data(
      { state: 'error' as const, message: notFound ? USER_NOT_FOUND : messageOr(loaded.error, LOAD_FAILED), canViewUsers },
      { status: notFound ? 404 : 502 },
    )
  }
  // Where the person is booked, conflicts flagged, and their leave (the view only).
  // The changes made to the person and their assignments, for them and the administrators.
  // A page of each list (50 rows, LIST_PAGES): the profile stays small whatever the person holds.
  const pages = pagesOf(args.url.search, ['assignments', 'leave', 'pastLeave'])
  const [schedule, changes] = editing ? [null, null] : await Promise.all([getAssignments(args, userId, pages), loadPersonChanges(args, me, userId)])
  return {
    state: 'ready' as const,
    canViewUsers,
    ...loaded.view,
    assignments: listOr(schedule, (data) => data.assignments),
    leave: listOr(schedule, (data) => data.leave),
    pastLeave: listOr(schedule, (data) => data.pastLeave),
    totals: schedule?.ok ? schedule.data.totals : { assignments: 0, leave: 0, pastLeave: 0 },
    assignmentsPage: pages.assignments,
    changes,
  }
}

export async function action(args: Route.ActionArgs) {
  const userId = args.params.userId ?? ''
  const { me, own } = await requireAccess(args, true)
  const form = await readForm(args.request)
  const leave = readIntent(LEAVE_POSTED, form)
  if (leave) {
    assertIntent(me, LEAVE_INTENTS, leave.intent)
    const { answer, init } = await leaveAction(args, leave)
    return data({ leave: answer }, init)
  }
  const submission = parseWithSchema(form, { schema: profileEditSchema })
  if (submission.status !== 'success') return { result: submission.reply() }
  const saved = await saveProfileEdit(args, userId, submission.value, own)
  if (saved.ok) return redirectWithToast(profilePath(userId), { title: 'Profile updated' }, { headers: saved.headers })
  return data({ result: submission.reply({ formErrors: [saveFailed(messageOr(saved.error, ''))] }) }, { headers: saved.headers })
}

export default function UserProfile({ loaderData: data, actionData }: Route.ComponentProps) {
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
  // No Suspense boundary of its own: on the server it never suspends (above), and in the browser
  // hydration, or the navigation into edit mode, waits for the form's module, leaving what is on screen.
  if (data.editing) return <EditProfile data={data} backLink={backLink} lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
  return (
    <>
      <ViewProfile data={data} backLink={backLink} />
      <section className="card stack" aria-labelledby="assignments-heading">
        <h2 id="assignments-heading">Assignments</h2>
        <AssignmentTable rows={data.assignments} empty="No assignments." caption="Assignments" />
        <PersonListPages list="assignments" page={data.assignmentsPage} count={data.assignments.length} total={data.totals.assignments} noun="assignments" anchor="assignments-heading" />
      </section>
      <LeaveSection
        leave={data.leave}
        past={data.pastLeave}
        totals={data.totals}
        answer={actionData && 'leave' in actionData ? actionData.leave : null}
        editable={data.canEdit}
        userId={data.own ? undefined : data.user._id}
        heading="Leave"
      />
      {data.changes ? <PersonChangesSection changes={data.changes} /> : null}
    </>
  )
}
