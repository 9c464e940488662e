import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PRODUCT_NAME } from '#domain/constants'
import type { HireLine } from '#domain/contracts/schedule'
import { RouteErrorBoundary } from '#app/components/route-error'
import { CapacityFilters } from '#app/features/capacity/filters'
import { choiceQuery, periodOf, readChoice } from '#app/features/capacity/period'
import { CapacityGrid, HireQueue } from '#app/features/capacity/tables'
import { listProjects } from '#app/lib/api/catalog.server'
import { listRoles } from '#app/lib/api/people.server'
import { getCapacity, getHireQueue } from '#app/lib/api/schedule.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'

export const meta: MetaFunction = () => [{ title: `Capacity · ${PRODUCT_NAME}` }]

/**
 * /capacity?from&to&projectId&roleId (issue 13): what each role needs per month against who is
 * tagged, and below it whom to hire by when. Twelve months from this one unless asked otherwise.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requirePermission(args, 'view')
  const choice = readChoice(new URL(args.request.url).searchParams)
  const period = periodOf(choice)
  const [capacity, queue, projects, roles] = await Promise.all([
    getCapacity(args, period),
    getHireQueue(args, { projectId: period.projectId, roleId: period.roleId }),
    listProjects(args),
    listRoles(args),
  ])
  // A period the API refuses (the end before the start, too long) is said, with the filters kept.
  if (!capacity.ok) return json({ choice, capacity: null, queue: [] as HireLine[], problem: messageOr(capacity.error, 'Failed to load capacity'), ...options(projects, roles) })
  return json({ choice, capacity: capacity.data, queue: queue.ok ? queue.data : [], problem: null, ...options(projects, roles) })
}

const options = (projects: Awaited<ReturnType<typeof listProjects>>, roles: Awaited<ReturnType<typeof listRoles>>) => ({
  projects: projects.ok ? projects.data.map(({ _id, name }) => ({ _id, name })) : [],
  roles: roles.ok ? roles.data.roles.map(({ _id, name }) => ({ _id, name })) : [],
})

export default function CapacityPage() {
  const { choice, capacity, queue, problem, projects, roles } = useLoaderData<typeof loader>()
  const query = choiceQuery(choice)
  const exportHref = `/capacity/export${query ? `?${query}` : ''}`
  return (
    <div className="stack">
      <header className="page-head">
        <h1>Capacity</h1>
        <p className="subtitle">People needed, tagged and still to find, per role and month; then whom to hire by when.</p>
        <a className="button secondary" href={exportHref} download>
          Export
        </a>
      </header>
      <CapacityFilters action="/capacity" choice={choice} projects={projects} roles={roles} />
      {problem ? (
        <p className="card form-message error" role="alert">
          {problem}
        </p>
      ) : null}
      {capacity ? <CapacityGrid capacity={capacity} /> : null}
      <section className="stack" aria-labelledby="hire-queue-heading">
        <h2 id="hire-queue-heading">Hire-by queue</h2>
        <HireQueue lines={queue} />
        <p className="subtitle">
          A role&apos;s lead time (one month unless set) is how long before a cluster starts its people must be hired. <Link to="/roles">Roles</Link>
        </p>
      </section>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
