import { Link } from 'react-router'
import { badgeStyle } from '#app/components/template-description'
import type { Template, TemplateItem } from '#domain/contracts/planning'
import { itemLabel } from '#domain/planning/template-items'

export type { Template, TemplateItem } from '#domain/contracts/planning'
export { itemLabel } from '#domain/planning/template-items'

/** "{n} from {entity} / {cluster}" (spec/administration-planning.md §2). */
export const interchangeText = (row: TemplateItem['interchanges'][number]) =>
  `${row.interchangePeople} from ${row.interchangeFrom.entityId.name} / ${row.interchangeFrom.clusterId.name}`

/** The ?confirmDelete= value naming one cluster item of one role of one template. */
export const deleteTarget = (templateId: string, roleId: string, itemId: string | null | undefined) => `${templateId}:${roleId}:${itemId ?? ''}`

export function ClusterBadge({ label }: { label: string }) {
  return (
    <span className="badge cluster-badge" style={badgeStyle(label)}>
      {label}
    </span>
  )
}

interface TemplateTableProps {
  templates: Template[]
  loadError: string | null
  /** Where a row's Delete leads (the page with ?confirmDelete=…), or null without `delete`. */
  deleteHref: ((target: string) => string) | null
}

/** Every template, one row per cluster item of a role (spec/administration-planning.md §2). */
export function TemplateTable({ templates, loadError, deleteHref }: TemplateTableProps) {
  const rows = templates.flatMap((template) =>
    template.roleClusters.flatMap((role) => role.clusters.map((item, index) => ({ template, role, item, key: `${template._id}:${role.roleId._id}:${item._id ?? index}` }))),
  )
  return (
    <section className="card table-card template-list" aria-labelledby="templates-title">
      <h2 id="templates-title">Templates</h2>
      {loadError ? (
        <p className="form-message error" role="alert">
          {loadError}
        </p>
      ) : rows.length === 0 ? (
        <p className="empty">No templates yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Entity</th>
                <th scope="col">Type</th>
                <th scope="col">Role</th>
                <th scope="col">Cluster</th>
                <th scope="col">Planned People</th>
                <th scope="col">Interchange</th>
                <th scope="col">Interchange People</th>
                {deleteHref ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ template, role, item, key }) => {
                const label = itemLabel(item)
                return (
                  <tr key={key}>
                    <td>{template.categoryId.name}</td>
                    <td>{template.entityId.name}</td>
                    <td>{template.planningId.typeName}</td>
                    <td>{role.roleId.name}</td>
                    <td>
                      <ClusterBadge label={label} />
                    </td>
                    <td>{item.plannedPeople}</td>
                    <td>{item.isInterchange ? 'Yes' : 'No'}</td>
                    <td>
                      {item.interchanges.length ? (
                        <ul className="plain-list">
                          {item.interchanges.map((row, index) => (
                            <li key={index}>{interchangeText(row)}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className="muted-text">—</span>
                      )}
                    </td>
                    {deleteHref ? (
                      <td className="cell-actions">
                        <Link
                          to={deleteHref(deleteTarget(template._id, role.roleId._id, item._id))}
                          preventScrollReset
                          className="button ghost danger"
                          aria-label={`Delete ${label} of ${role.roleId.name} in ${template.entityId.name} · ${template.planningId.typeName}`}
                        >
                          Delete
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
