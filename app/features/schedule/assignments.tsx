import { Link, useLocation } from 'react-router'
import type { AssignmentRow } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { whenLabel } from '#domain/schedule/upcoming'
import { LIST_PAGES, PersonListPages, pagesOf } from './person-lists'

/** "3/1/2030–4/15/2030", or 'No dates' for an undated assignment. */
export const datesOf = (row: Pick<AssignmentRow, 'startDate' | 'endDate'>) =>
  row.startDate && row.endDate ? `${formatDate(row.startDate)}–${formatDate(row.endDate)}` : 'No dates'

/** An assignment's conflicts, each named, with a Conflict badge; those beyond the ones the API names, counted. */
function ConflictList({ conflicts, more }: { conflicts: string[]; more?: number }) {
  return (
    <ul className="conflict-list">
      {conflicts.map((text) => (
        <li key={text}>
          <span className="badge warning">Conflict</span> {text}
        </li>
      ))}
      <MoreConflicts more={more} />
    </ul>
  )
}

/** "And 2,990 more": the clashes of an assignment beyond those named (CONFLICTS_LISTED). */
export function MoreConflicts({ more }: { more?: number }) {
  return more ? <li className="conflict-more">And {more.toLocaleString('en-US')} more</li> : null
}

/**
 * A person's own assignments as cards, readable on a phone: project, then instance,
 * cluster, role and dates, and when it is in words ("Starts in 5 days", domain/schedule/upcoming.ts).
 * The first of the upcoming ones, the next, stands out. Rows come in the order to show.
 */
export function AssignmentCards({ rows, today, highlightFirst, label, past = false }: { rows: AssignmentRow[]; today: string; highlightFirst: boolean; label: string; past?: boolean }) {
  return (
    <ol className={past ? 'assignment-cards past' : 'assignment-cards'} aria-label={label}>
      {rows.map((row, index) => {
        const next = highlightFirst && index === 0
        return (
          <li key={row.id} className={next ? 'assignment-card next' : 'assignment-card'}>
            <p className="assignment-when">
              {next ? <span className="badge">Next</span> : null} {whenLabel(row, today)}
            </p>
            <h3>{row.project.name}</h3>
            <dl className="assignment-facts">
              <dt>Instance</dt>
              <dd>{row.instance.name}</dd>
              <dt>Cluster</dt>
              <dd>{row.clusterLabel}</dd>
              <dt>Role</dt>
              <dd>{row.role.name}</dd>
              <dt>Dates</dt>
              <dd>{datesOf(row)}</dd>
            </dl>
            {row.conflicts.length ? <ConflictList conflicts={row.conflicts} more={row.moreConflicts} /> : null}
          </li>
        )
      })}
    </ol>
  )
}

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
                {row.conflicts.length ? <ConflictList conflicts={row.conflicts} more={row.moreConflicts} /> : 'None'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The GET toggle that shows a person's past assignments on the dashboard: `?past=1`. */
const PAST_PARAM = 'past'
export const pastShown = (url: string) => new URL(url).searchParams.get(PAST_PARAM) === '1'

/**
 * The dashboard's "My assignments": the upcoming ones as cards, the next highlighted;
 * the past ones behind a link that adds `?past=1` (and one that takes it away), so the toggle
 * works without JavaScript and keeps the page's other parameters.
 */
export function MyAssignments({ today, assignments, pastAssignments, pastCount }: { today: string; assignments: AssignmentRow[]; pastAssignments: AssignmentRow[]; pastCount: number }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const shown = params.get(PAST_PARAM) === '1'
  const pastPage = pagesOf(params, ['pastAssignments']).pastAssignments
  // Hiding them forgets their page too.
  if (shown) {
    params.delete(PAST_PARAM)
    params.delete(LIST_PAGES.pastAssignments)
  } else params.set(PAST_PARAM, '1')
  const query = params.toString()
  const toggle = `${location.pathname}${query ? `?${query}` : ''}#my-assignments-heading`
  return (
    <section className="card stack" aria-labelledby="my-assignments-heading">
      <h2 id="my-assignments-heading">My assignments</h2>
      {assignments.length ? (
        <AssignmentCards rows={assignments} today={today} highlightFirst label="Upcoming assignments" />
      ) : (
        <p className="empty">You have no upcoming assignments.</p>
      )}
      {pastCount ? (
        <p className="past-toggle">
          <Link to={toggle} preventScrollReset>
            {shown ? 'Hide past assignments' : `Show past assignments (${pastCount})`}
          </Link>
        </p>
      ) : null}
      {shown && pastAssignments.length ? (
        <>
          <h3 className="my-work-subheading">Past assignments</h3>
          <AssignmentCards rows={pastAssignments} today={today} highlightFirst={false} label="Past assignments" past />
          <PersonListPages list="pastAssignments" page={pastPage} count={pastAssignments.length} total={pastCount} noun="past assignments" anchor="my-assignments-heading" />
        </>
      ) : null}
    </section>
  )
}
