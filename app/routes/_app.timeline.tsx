import { Form, Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { isUuid } from '#domain/ids'
import { ChoiceSelect } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { GroupPages, OutsideWindow, TimelineChart, TimelineTable, WindowNav, WithoutDates, splitByWindow } from '#app/features/timeline/chart'
import { axisFor, axisMonths, axisOver, groupBars, pageOfGroups } from '#app/features/timeline/layout'
import { readPage } from '#domain/pages'
import type { ProjectTimeline } from '#domain/contracts/schedule'
import { listProjects } from '#app/lib/api/catalog.server'
import { getTimeline } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.timeline'
import { listOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Timeline · ${PRODUCT_NAME}` }]

/**
 * /timeline?projectId&view=table&from=YYYY-MM: a project's clusters over time, as a chart
 * or as a table. The chart draws a window of at most three years, from `from` or the
 * API's default; Earlier and Later move it, and the clusters outside it are listed with a link each.
 * The clusters without dates are listed under the chart. The table lists every cluster.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const params = args.url.searchParams
  const wanted = (params.get('projectId') ?? '').trim().toLowerCase()
  const view = params.get('view') === 'table' ? 'table' : 'chart'
  // Passed on as typed: a month the API refuses (outside 1900 to 2100, not a month) is said on the page.
  const from = (params.get('from') ?? '').trim().slice(0, 20)
  const projects = await listProjects(args)
  const projectList = listOr(projects).map(({ _id, name }) => ({ _id, name }))
  const project = isUuid(wanted) ? (projectList.find((row) => row._id === wanted) ?? null) : null
  const timeline = project ? await getTimeline(args, project._id, from || undefined) : null
  return {
    projects: projectList,
    projectId: project?._id ?? '',
    view,
    from,
    timeline: timeline?.ok ? shown(timeline.data, view, readPage(params)) : null,
    problem: timeline && !timeline.ok ? messageOr(timeline.error, 'Failed to load the timeline') : null,
  }
}

/**
 * What the page draws, and only that, so the page carries no bar it does not show: the chart's
 * page of groups within the window, with the axis of every bar the window draws (so each page has
 * the same months), and the lists of those outside it and without dates; or the table's page.
 */
function shown(timeline: ProjectTimeline, view: 'chart' | 'table', page: number) {
  const groups = groupBars(timeline.bars)
  const { project, today, window } = timeline
  if (view === 'table') return { project, today, window, chart: null, ...pageOfGroups(groups, page) }
  const { drawn, outside, undated } = splitByWindow(groups, window)
  const months = axisMonths(axisFor(drawn.flatMap((group) => group.bars), window))
  return { project, today, window, chart: { months, outside, undated }, ...pageOfGroups(drawn, page) }
}

export default function TimelinePage({ loaderData }: Route.ComponentProps) {
  const { projects, projectId, view, from, timeline, problem } = loaderData
  const href = (next: 'chart' | 'table') => `/timeline?${new URLSearchParams({ projectId, ...(next === 'table' && { view: 'table' }), ...(from && { from }) })}`
  const windowHref = (month: string) => `/timeline?${new URLSearchParams({ projectId, from: month })}`
  const pageHref = (page: number) => `/timeline?${new URLSearchParams({ projectId, ...(view === 'table' && { view: 'table' }), ...(from && { from }), ...(page > 1 && { page: String(page) }) })}`
  const chart = timeline?.chart
  const axis = chart?.months ? axisOver(chart.months) : null
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Timeline</h1>
        <p className="subtitle">Each cluster of a project over the months, with its Deployed By date and the people tagged against its requirement.</p>
      </header>
      <Form method="get" action="/timeline" className="card filters" aria-label="Choose a project">
        <ChoiceSelect id="timeline-project" label="Project" name="projectId" placeholder="Select a project" options={projects} value={projectId} />
        {view === 'table' ? <input type="hidden" name="view" value="table" /> : null}
        <button type="submit" className="button secondary">
          Show
        </button>
      </Form>
      {problem ? (
        <p className="card form-message error" role="alert">
          {problem}
        </p>
      ) : null}
      {timeline ? (
        <>
          <nav className="view-modes" aria-label="View">
            <Link to={href('chart')} className="view-mode" aria-current={view === 'chart' ? 'page' : undefined}>
              Chart
            </Link>
            <Link to={href('table')} className="view-mode" aria-current={view === 'table' ? 'page' : undefined}>
              Table
            </Link>
          </nav>
          {chart ? (
            <>
              <WindowNav window={timeline.window} shown={chart.months ?? timeline.window} href={windowHref} />
              {axis ? (
                <TimelineChart groups={timeline.groups} axis={axis} today={timeline.today} projectName={timeline.project.name} />
              ) : (
                <p className="card empty">{chart.outside.length > 0 ? 'No cluster of this project has dates in these months.' : 'No cluster of this project has dates yet.'}</p>
              )}
              <GroupPages page={timeline.page} pages={timeline.pages} href={pageHref} />
              <OutsideWindow outside={chart.outside} href={windowHref} />
              <WithoutDates undated={chart.undated} datesHref={`/project-cluster-timelines?${new URLSearchParams({ projectId })}`} />
            </>
          ) : (
            <>
              <TimelineTable groups={timeline.groups} />
              <GroupPages page={timeline.page} pages={timeline.pages} href={pageHref} />
            </>
          )}
        </>
      ) : projectId ? null : (
        <p className="card empty">Select a project to see its timeline.</p>
      )}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
