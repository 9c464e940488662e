import { PRODUCT_NAME } from '#domain/constants'
import type { RollUpCluster, RollUpProject, RollUpRole } from '#domain/planning/project-plan'
import { RouteErrorBoundary } from '#app/components/route-error'
import { rollUpByRole } from '#app/lib/api/projects.server'
import { requirePermission } from '#app/lib/session.server'
import { shownDate } from '#app/lib/display'
import type { Route } from './+types/_app.role-project-clusters'
import { listOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Roles, Projects, Clusters · ${PRODUCT_NAME}` }]

/** spec/administration-planning.md §2 and §8, word for word. */
const NO_DATA = 'No data'
const NO_PROJECTS = 'No projects for this role'
const NO_CLUSTERS = 'No clusters'
const LOAD_FAILED = 'Failed to load roles/projects'

/** Every role with the projects that plan it and their clusters, rolled up by the API (GET /api/role-project-clusters). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const result = await rollUpByRole(args)
  return { roles: listOr(result), failed: !result.ok }
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export default function RoleProjectClusters({ loaderData }: Route.ComponentProps) {
  const { roles, failed } = loaderData
  return (
    <div className="stack rollup-page">
      <header className="page-head">
        <h1>Roles, Projects, Clusters</h1>
      </header>
      {failed ? (
        <p className="card form-message error" role="alert">
          {LOAD_FAILED}
        </p>
      ) : roles.length === 0 ? (
        <p className="card empty">{NO_DATA}</p>
      ) : (
        // <details>: collapsed at first, and opening needs no JavaScript.
        <div className="card rollup-list">
          {roles.map((role) => (
            <RoleItem key={role.roleId} role={role} />
          ))}
        </div>
      )}
    </div>
  )
}

function RoleItem({ role }: { role: RollUpRole }) {
  const nameId = `role-${role.roleId}`
  return (
    <details className="rollup-role" aria-labelledby={nameId}>
      <summary>
        <span id={nameId} className="rollup-name">
          {role.roleName}
        </span>
        <span className="rollup-facts">
          <span>{count(role.projects.length, 'project', 'projects')}</span>
          <span>Total requirement: {role.requirement}</span>
        </span>
      </summary>
      <div className="rollup-body">
        {role.projects.length === 0 ? (
          <p className="empty">{NO_PROJECTS}</p>
        ) : (
          role.projects.map((project) => <ProjectItem key={project.projectId} roleId={role.roleId} project={project} />)
        )}
      </div>
    </details>
  )
}

function ProjectItem({ roleId, project }: { roleId: string; project: RollUpProject }) {
  const nameId = `role-${roleId}-project-${project.projectId}`
  return (
    <details className="rollup-project" aria-labelledby={nameId}>
      <summary>
        <span id={nameId} className="rollup-name">
          {project.projectName}
        </span>
        <span className="rollup-facts">
          <span>{count(project.clusters.length, 'cluster', 'clusters')}</span>
          <span>Total requirement: {project.requirement}</span>
          <span>Earliest start: {shownDate(project.earliestStart)}</span>
        </span>
      </summary>
      <div className="rollup-body">
        {project.clusters.length === 0 ? <p className="empty">{NO_CLUSTERS}</p> : <ClusterTable clusters={project.clusters} />}
      </div>
    </details>
  )
}

function ClusterTable({ clusters }: { clusters: RollUpCluster[] }) {
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Cluster</th>
            <th scope="col">Requirement (total)</th>
            <th scope="col">Start date</th>
            <th scope="col">Deployed By</th>
          </tr>
        </thead>
        <tbody>
          {clusters.map((cluster) => (
            <tr key={cluster.key}>
              <th scope="row">{cluster.label}</th>
              <td>{cluster.requirement}</td>
              <td>{shownDate(cluster.startDate)}</td>
              <td>{shownDate(cluster.deployedBy)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
