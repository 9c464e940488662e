import { Form, Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { isUuid } from '#domain/ids'
import { ChoiceSelect } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { TimelineChart, TimelineTable } from '#app/features/timeline/chart'
import { groupBars } from '#app/features/timeline/layout'
import { listProjects } from '#app/lib/api/catalog.server'
import { getTimeline } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/_app.timeline'

export const meta: Route.MetaFunction = () => [{ title: `Timeline · ${PRODUCT_NAME}` }]

/** /timeline?projectId&view=table (issue 13): a project's clusters over time, as a chart or as a table. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const wanted = (params.get('projectId') ?? '').trim().toLowerCase()
  const view = params.get('view') === 'table' ? 'table' : 'chart'
  const projects = await listProjects(args)
  const projectList = projects.ok ? projects.data.map(({ _id, name }) => ({ _id, name })) : []
  const project = isUuid(wanted) ? (projectList.find((row) => row._id === wanted) ?? null) : null
  const timeline = project ? await getTimeline(args, project._id) : null
  return {
    projects: projectList,
    projectId: project?._id ?? '',
    view,
    timeline: timeline?.ok ? { project: timeline.data.project, today: timeline.data.today, groups: groupBars(timeline.data.bars) } : null,
    problem: timeline && !timeline.ok ? messageOr(timeline.error, 'Failed to load the timeline') : null,
  }
}

export default function TimelinePage({ loaderData }: Route.ComponentProps) {
  const { projects, projectId, view, timeline, problem } = loaderData
  const href = (next: 'chart' | 'table') => `/timeline?${new URLSearchParams({ projectId, ...(next === 'table' && { view: 'table' }) })}`
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
          {view === 'table' ? <TimelineTable groups={timeline.groups} /> : <TimelineChart groups={timeline.groups} today={timeline.today} projectName={timeline.project.name} />}
        </>
      ) : projectId ? null : (
        <p className="card empty">Select a project to see its timeline.</p>
      )}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
