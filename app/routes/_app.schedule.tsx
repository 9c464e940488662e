import { PRODUCT_NAME } from '#domain/constants'
import { Pages } from '#app/components/pages'
import { RouteErrorBoundary } from '#app/components/route-error'
import { PROJECT_COLOURS, ScheduleChart, ScheduleLegend } from '#app/features/schedule/schedule-chart'
import { readScheduleChoice, scheduleHref } from '#app/features/schedule/schedule-choice'
import { ScheduleFilters, WindowNav } from '#app/features/schedule/schedule-filters'
import { ScheduleTable } from '#app/features/schedule/schedule-table'
import { getSchedule } from '#app/features/schedule/schedule-view.server'
import { AttentionStrip } from '#app/features/attention/strip'
import { getAttention } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.schedule'
import { okOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Schedule · ${PRODUCT_NAME}` }]

/**
 * /schedule: people × weeks, the planner's home. Every choice (the window, zoom,
 * grouping, filters, page) is a GET parameter passed on to GET /api/schedule, which validates it;
 * a refused one is said above the form, with the choices kept.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const choice = readScheduleChoice(args.url.searchParams)
  const [result, strip] = await Promise.all([getSchedule(args, choice), getAttention(args)])
  // The Attention strip is a summary: a page that cannot read it still shows the schedule.
  const attention = okOr(strip, null)
  if (!result.ok) return { choice, view: null, attention, problem: messageOr(result.error, 'Failed to load the schedule'), field: result.error.field ?? null }
  return { choice, view: result.data, attention, problem: null, field: null }
}

const PROBLEM_ID = 'schedule-problem'

export default function SchedulePage({ loaderData }: Route.ComponentProps) {
  const { choice, view, attention, problem, field } = loaderData
  const colour = new Map(view?.projects.map((project, index) => [project._id, index % PROJECT_COLOURS]))
  const colourOf = (projectId: string) => colour.get(projectId) ?? 0
  return (
    <div className="stack sched-page">
      <header className="page-head">
        <h1>Schedule</h1>
        <p className="subtitle">Who is where, week by week: assignments, leave, overlaps and the people still to find.</p>
      </header>
      <AttentionStrip attention={attention} />
      {view ? <WindowNav choice={choice} window={view.window} /> : null}
      <ScheduleFilters choice={choice} projects={view?.projects ?? []} roles={view?.roles ?? []} locations={view?.locations ?? []} invalid={field} describedBy={PROBLEM_ID} />
      {problem ? (
        <p className="card form-message error" role="alert" id={PROBLEM_ID}>
          {problem}
        </p>
      ) : null}
      {view ? (
        view.groups.length === 0 ? (
          <p className="card empty">Nobody and nothing to show for these choices.</p>
        ) : (
          <>
            <ScheduleLegend view={view} colourOf={colourOf} />
            <ScheduleChart view={view} colourOf={colourOf} />
            {view.total > 0 ? (
              <Pages page={view.page} count={view.groups.reduce((sum, group) => sum + group.rows.length + group.placeholders.length, 0)} total={view.total} noun="rows" href={(page) => scheduleHref(choice, { page: page > 1 ? String(page) : '' })} />
            ) : null}
            <ScheduleTable view={view} />
          </>
        )
      ) : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
