import { data, Link, useRouteLoaderData } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { AssignmentTable } from '#app/features/schedule/assignments'
import { LeaveSection } from '#app/features/schedule/leave'
import { isLeaveIntent, leaveAction } from '#app/features/schedule/leave.server'
import { PlannerFigures } from '#app/features/schedule/planner-figures'
import { getDashboard } from '#app/lib/api/schedule.server'
import { readForm } from '#app/lib/form.server'
import { requireUser } from '#app/lib/session.server'
import type { loader as appLoader } from './_app'
import type { Route } from './+types/_app.dashboard'

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT_NAME}` }]

/** The spec's words when the server sends no welcome message. */
const WELCOME_FALLBACK = 'Welcome to your dashboard.'

/**
 * The account comes from what the protected layout already loaded (GET /landing). Everyone's own
 * next assignments and leave (issue 13), and for people with view the planning figures, come in
 * one call beside it.
 */
export async function loader(args: Route.LoaderArgs) {
  const [, dashboard] = await Promise.all([requireUser(args), getDashboard(args)])
  return dashboard.ok ? dashboard.data : { assignments: [], leave: [], summary: null }
}

/** My leave: recorded and deleted here by the person themselves. */
export async function action(args: Route.ActionArgs) {
  await requireUser(args)
  const form = await readForm(args.request)
  if (!isLeaveIntent(form.get('intent'))) throw new Response('Unknown action', { status: 400 })
  const { answer, init } = await leaveAction(args, form)
  return data(answer, init)
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  const { assignments, leave, summary } = loaderData
  const leaveAnswer = actionData ?? null
  if (!data) return null
  const { user, message, canAdminister } = data
  return (
    <div className="stack">
      <header>
        <h1>Welcome to {PRODUCT_NAME}</h1>
        <p className="subtitle">{message || WELCOME_FALLBACK}</p>
      </header>
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Your account</h2>
        <dl className="details">
          <dt>User ID</dt>
          <dd>{user._id}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Status</dt>
          <dd>
            <span className="badge success">Active</span>
          </dd>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="my-assignments-heading">
        <h2 id="my-assignments-heading">My assignments</h2>
        <AssignmentTable rows={assignments} empty="You have no upcoming assignments." caption="My next assignments" />
      </section>
      <LeaveSection leave={leave} answer={leaveAnswer} editable heading="My leave" />
      {summary ? <PlannerFigures summary={summary} /> : null}
      <section className="quick-actions" aria-label="Quick actions">
        {canAdminister ? (
          <>
            <Link to="/users" className="card action-card">
              <strong>Manage Users</strong>
              <span>Review team members, their roles and status.</span>
            </Link>
            <Link to="/roles" className="card action-card">
              <strong>Roles &amp; Permissions</strong>
              <span>See who holds which role and what it allows.</span>
            </Link>
          </>
        ) : (
          <Link to="/personal-details" className="card action-card">
            <strong>Complete Your Profile</strong>
            <span>Keep your personal and professional details up to date.</span>
          </Link>
        )}
      </section>
    </div>
  )
}
