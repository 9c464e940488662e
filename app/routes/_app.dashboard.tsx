import { data, Link, useRouteLoaderData } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { AttentionStrip } from '#app/features/attention/strip'
import { MyAssignments, pastShown } from '#app/features/schedule/assignments'
import { CANCEL_PARAM, LeaveSection } from '#app/features/schedule/leave'
import { LEAVE_INTENTS, LEAVE_POSTED, leaveAction } from '#app/features/schedule/leave.server'
import { assertIntent, requireIntent } from '#app/lib/intents.server'
import { pagesOf } from '#app/features/schedule/person-lists'
import { PlannerFigures } from '#app/features/schedule/planner-figures'
import { getDashboard } from '#app/lib/api/schedule.server'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { requireUser } from '#app/lib/session.server'
import type { loader as appLoader } from './_app'
import type { Route } from './+types/_app.dashboard'

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT_NAME}` }]

/** Said instead of an empty My assignments and My leave when they could not be read. */
const MY_WORK_FAILED = 'Your assignments and leave could not be loaded. Please try again.'

/** The spec's words when the server sends no welcome message. */
const WELCOME_FALLBACK = 'Welcome to your dashboard.'

/**
 * The account comes from what the protected layout already loaded (GET /landing). Everyone's own
 * next assignments and leave, and for people with view the planning figures, come in
 * one call beside it. Past assignments go to the page only when asked for (`?past=1`): the rest
 * is only counted, so a phone is not sent what it does not show.
 */
export async function loader(args: Route.LoaderArgs) {
  // A page of each list that can grow (50 rows, LIST_PAGES), so the page stays small whatever one person holds.
  const pages = pagesOf(args.url.search, ['pastAssignments', 'leave', 'pastLeave'])
  const [, dashboard] = await Promise.all([requireUser(args), getDashboard(args, pages)])
  if (!dashboard.ok) {
    return { failed: true as const, today: '', assignments: [], pastAssignments: [], pastCount: 0, leave: [], pastLeave: [], totals: { pastAssignments: 0, leave: 0, pastLeave: 0 }, summary: null, attention: null }
  }
  const { pastAssignments, ...rest } = dashboard.data
  return { failed: false as const, ...rest, pastAssignments: pastShown(args.url.href) ? pastAssignments : [], pastCount: rest.totals.pastAssignments }
}

/**
 * My leave: recorded and cancelled here by the person themselves. A save goes back to the
 * dashboard (without the cancel confirmation) with a confirmation naming what was saved, so the
 * form starts empty; a refusal stays, with what was typed.
 */
export async function action(args: Route.ActionArgs) {
  const { user } = await requireUser(args)
  const form = await readForm(args.request)
  const posted = requireIntent(LEAVE_POSTED, form)
  assertIntent(user, LEAVE_INTENTS, posted.intent)
  const { answer, init } = await leaveAction(args, posted)
  if (answer.tone === 'error') return data(answer, init)
  const back = new URLSearchParams(args.url.search)
  back.delete(CANCEL_PARAM)
  const query = back.toString()
  // To #top (the top of the page by HTML's rule, where the confirmation shows): a redirect without a fragment keeps the form's (#record-leave).
  return redirectWithToast(`/dashboard${query ? `?${query}` : ''}#top`, { title: answer.message, description: answer.description }, init)
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  const { summary } = loaderData
  const leaveAnswer = actionData ?? null
  if (!data) return null
  const { user, message, canAdminister } = data
  return (
    <div className="stack">
      <header>
        <h1>Welcome to {PRODUCT_NAME}</h1>
        <p className="subtitle">{message || WELCOME_FALLBACK}</p>
      </header>
      {/* For people with view: what needs acting on now, first. */}
      <AttentionStrip attention={loaderData.attention} />
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
      {loaderData.failed ? (
        <p className="form-message error" role="alert">
          {MY_WORK_FAILED}
        </p>
      ) : (
        <>
          <MyAssignments {...loaderData} />
          <LeaveSection leave={loaderData.leave} past={loaderData.pastLeave} totals={loaderData.totals} answer={leaveAnswer} editable heading="My leave" />
        </>
      )}
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
