import { ScrollRegion } from '#app/components/scroll-region'
import type { HireLine, RoleMonths } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { hireStatus } from '#domain/schedule/capacity'
import { NO_DATES, heat, monthLabel } from './period'

/**
 * Role × month. Each cell: the gap first (what a planner acts on), then demand and supply; its
 * colour is the open share. The first column holds each role's requirement on clusters without
 * dates, which no month can: never dropped silently, and in view without scrolling.
 */
export function CapacityGrid({ capacity }: { capacity: RoleMonths }) {
  if (capacity.roles.length === 0) return <p className="card empty">No clusters with dates in this period.</p>
  return (
    <ScrollRegion label="Capacity per role and month">
      <table className="table capacity-grid">
        <caption>
          Gap per role and month ({monthLabel(capacity.months[0]!)} – {monthLabel(capacity.months.at(-1)!)}): people still to find, with people needed and people tagged; first, {NO_DATES}: clusters without dates
        </caption>
        <thead>
          <tr>
            <th scope="col">Role</th>
            <th scope="col" className="no-dates">
              {NO_DATES}
            </th>
            {capacity.months.map((month) => (
              <th key={month} scope="col">
                {monthLabel(month)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {capacity.roles.map((row) => (
            <tr key={row.role._id}>
              <th scope="row">{row.role.name}</th>
              <td className="no-dates">
                <strong>{row.undated.gap}</strong> <small>{`(${row.undated.demand} needed · ${row.undated.supply} tagged)`}</small>
              </td>
              {row.cells.map((cell) => (
                <td key={cell.month} className={`heat heat-${heat(cell)}`}>
                  <strong>{cell.gap}</strong> <small>{`(${cell.demand} needed · ${cell.supply} tagged)`}</small>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** Whom to hire by when, soonest first; a date already passed reads as late, one within 30 days as due. */
export function HireQueue({ lines }: { lines: HireLine[] }) {
  if (lines.length === 0) return <p className="card empty">Nobody to hire: every dated cluster is staffed.</p>
  return (
    <ScrollRegion label="People to hire, soonest first">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Hire by</th>
            <th scope="col">Days left</th>
            <th scope="col">Role</th>
            <th scope="col">People needed</th>
            <th scope="col">Project</th>
            <th scope="col">Cluster</th>
            <th scope="col">Start date</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.role._id}/${line.project._id}/${line.clusterLabel}`}>
              <td>{formatDate(line.hireBy)}</td>
              <td className={line.daysLeft < 0 ? 'late' : undefined}>
                {line.daysLeft < 0 ? `${-line.daysLeft} days late` : `${line.daysLeft} days`}
                {hireStatus(line.daysLeft) === 'due' ? <span className="badge warning">Due</span> : null}
              </td>
              <th scope="row">{line.role.name}</th>
              <td>{line.needed}</td>
              <td>{line.project.name}</td>
              <td>{line.clusterLabel}</td>
              <td>{formatDate(line.startDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
