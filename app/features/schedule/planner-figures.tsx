import { Link } from 'react-router'
import type { PlanningSummary } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'

/**
 * The dashboard's figures for people with view: what is required and tagged, who is double-booked
 * (conflicts not yet over), whom to hire next: the first lines of the hire-by queue, late ones
 * first and marked, so it never says "Nobody to hire" while the queue has lines.
 */
export function PlannerFigures({ summary }: { summary: PlanningSummary }) {
  return (
    <section className="card stack" aria-labelledby="planning-heading">
      <h2 id="planning-heading">Planning</h2>
      <dl className="figures">
        <div>
          <dt>Total requirement</dt>
          <dd>{summary.totalRequirement}</dd>
        </div>
        <div>
          <dt>Tagged</dt>
          <dd>{summary.totalTagged}</dd>
        </div>
        <div>
          <dt>Yet to be recruited</dt>
          <dd>{summary.yetToBeRecruited}</dd>
        </div>
        <div>
          <dt>People in conflict</dt>
          <dd>
            <Link to="/conflicts">{summary.peopleInConflict}</Link>
          </dd>
        </div>
      </dl>
      <h3>Next hire-by dates</h3>
      {summary.nextHires.length === 0 ? (
        <p className="empty">Nobody to hire.</p>
      ) : (
        <ul className="hire-list">
          {summary.nextHires.map((line) => (
            <li key={`${line.role._id}/${line.project._id}/${line.clusterLabel}`}>
              <strong>{formatDate(line.hireBy)}</strong>
              {line.daysLeft < 0 ? <span className="late">{` (${-line.daysLeft} days late)`}</span> : null}: {line.needed} {line.role.name} for {line.project.name} / {line.clusterLabel}
            </li>
          ))}
        </ul>
      )}
      <Link to="/capacity">Capacity and the hire-by queue</Link>
    </section>
  )
}
