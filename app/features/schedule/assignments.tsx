import type { AssignmentRow } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'

/** "3/1/2030–4/15/2030", or 'No dates' for an undated assignment. */
export const datesOf = (row: Pick<AssignmentRow, 'startDate' | 'endDate'>) =>
  row.startDate && row.endDate ? `${formatDate(row.startDate)}–${formatDate(row.endDate)}` : 'No dates'

/**
 * A person's assignments: project, instance, role, cluster and dates, each conflict named under
 * the assignment it concerns. Planners double-book on purpose, so a conflict is flagged, not refused.
 */
export function AssignmentTable({ rows, empty, caption }: { rows: AssignmentRow[]; empty: string; caption: string }) {
  if (rows.length === 0) return <p className="empty">{empty}</p>
  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Project</th>
            <th scope="col">Instance</th>
            <th scope="col">Role</th>
            <th scope="col">Cluster</th>
            <th scope="col">Dates</th>
            <th scope="col">Conflicts</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.conflicts.length ? 'conflicting' : undefined}>
              <td>{row.project.name}</td>
              <td>{row.instance.name}</td>
              <td>{row.role.name}</td>
              <th scope="row">{row.clusterLabel}</th>
              <td>{datesOf(row)}</td>
              <td>
                {row.conflicts.length ? (
                  <ul className="conflict-list">
                    {row.conflicts.map((text) => (
                      <li key={text}>
                        <span className="badge warning">Conflict</span> {text}
                      </li>
                    ))}
                  </ul>
                ) : (
                  'None'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
