import { PRODUCT_NAME } from '#domain/constants'
import type { HireLine } from '#domain/contracts/schedule'
import { Pages } from '#app/components/pages'
import { RouteErrorBoundary } from '#app/components/route-error'
import { CapacityFilters } from '#app/features/capacity/filters'
import { LeadTimes } from '#app/features/capacity/lead-times'
import { saveLeadTime } from '#app/features/capacity/lead-times.server'
import { periodOf, readChoice } from '#app/features/capacity/period'
import { CapacityGrid, HireQueue } from '#app/features/capacity/tables'
import { listProjects } from '#app/lib/api/catalog.server'
import { listRoles } from '#app/lib/api/people.server'
import { getAttention, getCapacityScreen } from '#app/lib/api/schedule.server'
import { AttentionStrip } from '#app/features/attention/strip'
import { HIRE_QUEUE_ID } from '#app/features/attention/items'
import { messageOr } from '#app/lib/errors'
import { hrefOf } from '#app/lib/search'
import { pageOfList, readPage } from '#domain/pages'
import { requirePermission } from '#app/lib/session.server'
import { can } from '#domain/access'
import type { Route } from './+types/_app.capacity'
import { listOr, okOr } from '#app/lib/api/http.server'

type PeriodField = 'from' | 'to'

export const meta: Route.MetaFunction = () => [{ title: `Capacity · ${PRODUCT_NAME}` }]

/**
 * /capacity?from&to&projectId&roleId: what each role needs per month against who is
 * tagged, and below it whom to hire by when. Twelve months from this one unless asked otherwise.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const editable = can(user, 'edit')
  const params = args.url.searchParams
  const choice = readChoice(params)
  const period = periodOf(choice)
  // The grid and one page of the queue, soonest first: hundreds of lines are a file's work (the export holds them all).
  const [capacity, projects, roles, attention] = await Promise.all([getCapacityScreen(args, period, readPage(params)), listProjects(args), listRoles(args), getAttention(args)])
  // The strip is a summary: a page that cannot read it still shows the grid and the queue.
  const strip = { attention: okOr(attention, null) }
  // A period the API refuses (the end before the start, too long, outside 1900 to 2100) is said, with the filters kept and the field marked.
  if (!capacity.ok) {
    const problem = messageOr(capacity.error, 'Failed to load capacity')
    const field: PeriodField | null = capacity.error.field === 'from' || capacity.error.field === 'to' ? capacity.error.field : null
    return { choice, capacity: null, queue: pageOfList([] as HireLine[], 1), overdue: 0, problem, field, editable, ...strip, ...options(projects, roles) }
  }
  // Late lines counted by the API over the whole queue, not the page: unfiltered, the figure the dashboard's strip gives, so the two agree.
  const { queue, overdue, ...grid } = capacity.data
  return { choice, capacity: grid, queue, overdue, problem: null, field: null as PeriodField | null, editable, ...strip, ...options(projects, roles) }
}

/** A role's lead time (PUT /roles/{id}): `edit` only; the page comes back as it was, with the saved value. */
export async function action(args: Route.ActionArgs) {
  return saveLeadTime(args)
}

const options = (projects: Awaited<ReturnType<typeof listProjects>>, roles: Awaited<ReturnType<typeof listRoles>>) => ({
  projects: listOr(projects).map(({ _id, name }) => ({ _id, name })),
  roles: listOr(roles, (data) => data.roles).map(({ _id, name }) => ({ _id, name })),
})

const PROBLEM_ID = 'capacity-problem'

export default function CapacityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { choice, capacity, queue, overdue, problem, field, editable, attention, projects, roles } = loaderData
  const leadAnswer = actionData ?? null
  const exportHref = hrefOf('/capacity/export', { ...choice })
  const pageHref = (page: number) => hrefOf('/capacity', { ...choice, page: page > 1 ? String(page) : '' })
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Capacity</h1>
        <p className="subtitle">People needed, tagged and still to find, per role and month; then whom to hire by when.</p>
        <a className="button secondary" href={exportHref} download>
          Export
        </a>
      </header>
      <AttentionStrip attention={attention} />
      <CapacityFilters action="/capacity" choice={choice} projects={projects} roles={roles} invalid={field} describedBy={PROBLEM_ID} />
      {problem ? (
        <p className="card form-message error" role="alert" id={PROBLEM_ID}>
          {problem}
        </p>
      ) : null}
      {capacity ? <CapacityGrid capacity={capacity} /> : null}
      <section className="stack" aria-labelledby="hire-queue-heading" id={HIRE_QUEUE_ID}>
        <h2 id="hire-queue-heading">Hire-by queue</h2>
        {overdue > 0 ? <p className="late">{`${overdue} ${overdue === 1 ? 'hire' : 'hires'} overdue`}</p> : null}
        <HireQueue lines={queue.rows} />
        {queue.total > 0 ? <Pages page={queue.page} count={queue.rows.length} total={queue.total} noun="lines" href={pageHref} /> : null}
      </section>
      {capacity ? <LeadTimes roles={capacity.roles} editable={editable} answer={leadAnswer} /> : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
