import type { ReactNode } from 'react'
import { requirementLabel } from '#domain/planning/project-plan'
import { ClusterBadge, interchangeText, itemLabel, type TemplateItem } from '#app/components/template-table'

export { planItemOf, templateOf } from '#domain/planning/template-items'

/** One row of the cluster table: a template item with the figures the screen computed for it. */
export interface ClusterRow {
  key: string
  item: TemplateItem
  remaining: number
  requirement: { direct: number; interchange: number; total: number }
  /** The Tag Users cell (User Entity Mapping only). */
  extra?: ReactNode
}

/**
 * The cluster table of Project Resource Planning and User Entity Mapping (spec/administration-planning.md §2): Cluster, Planned
 * People, Remaining People, Interchange, Interchange People, Interchange From, Requirement as
 * "a + b = total", and, where given, one more column.
 */
export function ProjectClusterTable({ caption, rows, extraColumn }: { caption: string; rows: ClusterRow[]; extraColumn?: string }) {
  return (
    <div className="table-scroll">
      <table className="table project-cluster-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Cluster</th>
            <th scope="col">Planned People</th>
            <th scope="col">Remaining People</th>
            <th scope="col">Interchange</th>
            <th scope="col">Interchange People</th>
            <th scope="col">Interchange From</th>
            <th scope="col">Requirement</th>
            {extraColumn ? <th scope="col">{extraColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <ClusterBadge label={itemLabel(row.item)} />
              </th>
              <td>{row.item.plannedPeople}</td>
              <td>{row.remaining}</td>
              <td>{row.item.isInterchange ? 'Yes' : 'No'}</td>
              <td>{row.item.interchanges.reduce((sum, ic) => sum + ic.interchangePeople, 0)}</td>
              <td>
                {row.item.interchanges.length ? (
                  <ul className="plain-list">
                    {row.item.interchanges.map((ic, at) => (
                      <li key={at}>{interchangeText(ic)}</li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
              <td className="requirement">{requirementLabel(row.requirement)}</td>
              {extraColumn ? <td>{row.extra}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
