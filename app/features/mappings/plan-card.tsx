import { Link } from 'react-router'
import { assignKey, type Person } from './assign'
import { TagUsers } from './assign-users'
import { ProjectClusterTable } from '#app/components/project-cluster-table'
import { itemLabel } from '#app/components/template-table'
import { NO_ENTITIES, projectPath } from './form'
import type { InstanceView, ShownPlan, totalsOf } from '#domain/planning/mapping'

/** The page's three totals (spec/administration-planning.md §2). */
export function Totals({ totals }: { totals: ReturnType<typeof totalsOf> }) {
  return (
    <section className="card mapping-totals" aria-label="Totals">
      <dl>
        <div>
          <dt>Total Requirement</dt>
          <dd>{totals.totalRequirement}</dd>
        </div>
        <div>
          <dt>Total Tagged Users</dt>
          <dd>{totals.totalTagged}</dd>
        </div>
        <div>
          <dt>Yet to Be Recruited</dt>
          <dd>{totals.yetToBeRecruited}</dd>
        </div>
      </dl>
    </section>
  )
}

/** A card (category, entity, type), then each instance by name, then each role: open at first (spec/administration-planning.md §2). */
export function PlanCard({ card, projectId, canAssign, openInstance }: { card: ShownPlan[number]; projectId: string; canAssign: boolean; openInstance?: string }) {
  const headingId = `mapping-card-${card._id}`
  return (
    <section className="card mapping-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{card.title}</h2>
      {card.instances.length === 0 ? <p className="empty">{NO_ENTITIES}</p> : null}
      {card.instances.map(({ tagged, ...instance }) =>
        tagged ? (
          <InstanceRows key={instance.projectEntityId} card={card} instance={instance} tagged={tagged} projectId={projectId} canAssign={canAssign} openInstance={openInstance} />
        ) : (
          // One instance at a time: the others are a link away, with how far their tagging has got.
          <p key={instance.projectEntityId} className="mapping-instance folded">
            <Link to={projectPath(projectId, instance.projectEntityId)}>{instance.name}</Link>{' '}
            <span className="muted-text">
              {instance.counts.tagged} of {instance.counts.requirement} tagged
            </span>
          </p>
        ),
      )}
    </section>
  )
}

type ShownInstance = Omit<ShownPlan[number]['instances'][number], 'tagged'>

/** One instance whole: each role of the card with its cluster rows and who is tagged to each. */
function InstanceRows(props: { card: ShownPlan[number]; instance: ShownInstance; tagged: Person[][][]; projectId: string; canAssign: boolean; openInstance?: string }) {
  const { card, instance, tagged, projectId, canAssign, openInstance } = props
  return (
    <section className="mapping-instance" aria-labelledby={`instance-${instance.projectEntityId}`}>
      <h3 id={`instance-${instance.projectEntityId}`}>{instance.name}</h3>
      {card.roles.map((role, r) => (
        <details key={role.roleId} className="mapping-role" open>
          <summary>
            <span className="mapping-role-name">{role.roleName}</span> <span className="muted-text">{role.rows.length} clusters</span>
          </summary>
          <ProjectClusterTable
            caption={`${role.roleName}: clusters of ${instance.name}`}
            extraColumn="Tag Users"
            rows={role.rows.map((row, i) => {
              const key = assignKey(instance.projectEntityId, role.roleId, row.clusterIds)
              return {
                key,
                item: row.item,
                remaining: row.remaining,
                requirement: row.requirement,
                extra: (
                  <TagUsers
                    projectId={projectId}
                    rowKey={key}
                    tagged={tagged[r]![i]!}
                    requirement={row.requirement}
                    context={{ cluster: itemLabel(row.item), role: role.roleName, instance: instance.name }}
                    canAssign={canAssign}
                    instance={openInstance}
                  />
                ),
              }
            })}
          />
        </details>
      ))}
    </section>
  )
}

/** Every instance whole, or one at a time (the default for a large plan); offered when there is more than one instance. */
export function ViewModes({ projectId, plan, view }: { projectId: string; plan: ShownPlan; view: InstanceView }) {
  const instances = plan.flatMap((card) => card.instances)
  if (instances.length < 2) return null
  return (
    <nav className="view-modes" aria-label="Instances shown">
      <Link to={projectPath(projectId, 'all')} className="view-mode" aria-current={view.mode === 'all' ? 'page' : undefined}>
        All instances
      </Link>
      <Link to={projectPath(projectId, view.mode === 'one' ? view.open : instances[0]!.projectEntityId)} className="view-mode" aria-current={view.mode === 'one' ? 'page' : undefined}>
        One at a time
      </Link>
    </nav>
  )
}
