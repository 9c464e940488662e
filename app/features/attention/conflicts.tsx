import { Link } from 'react-router'
import type { HandOver, PersonConflicts } from '#domain/contracts/schedule'
import { formatDate } from '#domain/dates'
import { LEAVE_CLASH, placeLabel } from '#domain/schedule/describe'
import { datesOf, MoreConflicts } from '#app/features/schedule/assignments'
import { clusterHref } from '#app/features/schedule/schedule-choice'

/**
 * /conflicts' lists: each line links to where it is fixed, the cluster in User Entity
 * Mapping (tags) or the person's profile (leave).
 */

const nameOf = (user: { fullName: string | null; email: string }) => user.fullName ?? user.email
const profileOf = (user: { _id: string }) => `/users/${user._id}/profile`

/** Everyone in a list of conflicts: a card per person, a row per clashing assignment. */
export function ConflictPeople({ people, label }: { people: PersonConflicts[]; label: string }) {
  return people.map(({ user, assignments }) => (
    <section key={user._id} className="card stack" aria-labelledby={`${label}-${user._id}`}>
      <h3 id={`${label}-${user._id}`}>
        <Link to={profileOf(user)}>{nameOf(user)}</Link>
      </h3>
      {/* A card a row where the card is narrow (a phone, or beside the sidebar), each cell under its column's name. */}
      <table className="table stacked-table">
        <caption className="visually-hidden">{`Conflicting assignments of ${nameOf(user)}`}</caption>
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
          {assignments.map((row) => (
            <tr key={row.id} className="conflicting">
              <td data-label="Project">{row.project.name}</td>
              <td data-label="Instance">{row.instance.name}</td>
              <td data-label="Role">{row.role.name}</td>
              <td data-label="Cluster">
                <Link to={clusterHref(row)} aria-label={`${row.clusterLabel}: change the tags in User Entity Mapping`}>
                  {row.clusterLabel}
                </Link>
              </td>
              <td data-label="Dates">{datesOf(row)}</td>
              <td data-label="Conflicts">
                <ul className="conflict-list">
                  {row.conflicts.map((text) => (
                    <li key={text}>
                      <span className="badge warning">Conflict</span> {text.startsWith(LEAVE_CLASH) ? <Link to={profileOf(user)}>{text}</Link> : text}
                    </li>
                  ))}
                  <MoreConflicts more={row.moreConflicts} />
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  ))
}

/** Hand-overs: one assignment ending the day the next starts. Planned, so listed apart and not counted. */
export function HandOverTable({ rows }: { rows: HandOver[] }) {
  if (rows.length === 0) return <p className="empty">No hand-overs ahead.</p>
  const place = (row: HandOver['ending']) => (
    <Link to={clusterHref(row)}>
      {placeLabel({
        project: row.project.name,
        instance: row.instance.name,
        cluster: row.clusterLabel,
      })}
    </Link>
  )
  return (
    <table className="table stacked-table">
      <caption className="visually-hidden">Hand-overs: the day one assignment ends and the next starts</caption>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">Day</th>
          <th scope="col">Ends</th>
          <th scope="col">Starts</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.ending.id}/${row.starting.id}`}>
            <td data-label="Person">
              <Link to={profileOf(row.user)}>{nameOf(row.user)}</Link>
            </td>
            <td data-label="Day">{formatDate(row.day)}</td>
            <td data-label="Ends">
              {/* One piece: the stacked cell's grid holds the label and this. */}
              <span>
                {place(row.ending)} <small>{datesOf(row.ending)}</small>
              </span>
            </td>
            <td data-label="Starts">
              <span>
                {place(row.starting)} <small>{datesOf(row.starting)}</small>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
