import { assignKey } from './assign'
import { TagUsers } from './assign-users'
import { ProjectClusterTable } from '#app/components/project-cluster-table'
import { itemLabel } from '#app/components/template-table'
import { NO_ENTITIES } from './form'
import type { Plan, totalsOf } from './plan'

/** The page's three totals (§2). */
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

/** A card (category, entity, type), then each instance by name, then each role: open at first (§2). */
export function PlanCard({ card, projectId, canAssign, saved }: { card: Plan[number]; projectId: string; canAssign: boolean; saved: string | null }) {
  const headingId = `mapping-card-${card._id}`
  return (
    <section className="card mapping-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{card.title}</h2>
      {card.instances.length === 0 ? <p className="empty">{NO_ENTITIES}</p> : null}
      {card.instances.map((instance) => (
        <section key={instance.projectEntityId} className="mapping-instance" aria-labelledby={`instance-${instance.projectEntityId}`}>
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
                        tagged={instance.tagged[r][i]}
                        requirement={row.requirement}
                        context={{ cluster: itemLabel(row.item), role: role.roleName, instance: instance.name }}
                        canAssign={canAssign}
                        justSaved={saved === key}
                      />
                    ),
                  }
                })}
              />
            </details>
          ))}
        </section>
      ))}
    </section>
  )
}
