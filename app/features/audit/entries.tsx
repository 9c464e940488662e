import { Link } from 'react-router'
import type { AuditEntry } from '#domain/contracts/audit'
import { formatDateTime } from '#domain/dates'
import { ACTION_NAMES, changeText, ENTITY_TYPE_NAMES, entryHref, readableChanges } from './present'

/** What an entry is about, linking to where it is. */
function What({ entry, linked }: { entry: AuditEntry; linked: boolean }) {
  const href = linked ? entryHref(entry) : null
  const text = `${ENTITY_TYPE_NAMES[entry.entityType]}: ${entry.label}`
  return href ? <Link to={href}>{text}</Link> : <>{text}</>
}

/** Who made it: a person (their profile) or the system. */
function Who({ actor, linked }: { actor: AuditEntry['actor']; linked: boolean }) {
  return actor._id && linked ? <Link to={`/users/${encodeURIComponent(actor._id)}/profile`}>{actor.name}</Link> : <>{actor.name}</>
}

/**
 * The audit log's entries as a table (issue 31), stacked as cards where narrow: when (in the
 * organisation's time zone), who, the action, what it is about and its fields, before → after.
 * `linked`: whether the reader may open the screens the entries lead to (`view`); without it, an
 * employee reading their own changes gets names, not links to a 403.
 */
export function AuditTable({ entries, timeZone, caption, linked = true }: { entries: AuditEntry[]; timeZone: string; caption: string; linked?: boolean }) {
  return (
    <table className="table stacked-table audit-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">What</th>
          <th scope="col">Changes</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry._id}>
            <td data-label="When">
              <time dateTime={entry.at}>{formatDateTime(entry.at, timeZone)}</time>
            </td>
            <td data-label="Who">
              <Who actor={entry.actor} linked={linked} />
            </td>
            <td data-label="Action">{ACTION_NAMES[entry.action]}</td>
            <td data-label="What">
              <What entry={entry} linked={linked} />
            </td>
            <td data-label="Changes">
              {entry.changes.length === 0 ? (
                <span className="muted-text">none</span>
              ) : (
                <ul className="audit-changes">
                  {readableChanges(entry.changes).map((change) => (
                    <li key={change.field}>{changeText(change)}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
