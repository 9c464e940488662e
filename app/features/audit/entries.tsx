import { Link } from 'react-router'
import type { AuditEntry } from '#domain/contracts/audit'
import { SYSTEM_ACTOR_LABEL } from '#domain/audit'
import { formatDateTime } from '#domain/dates'
import { shownText } from '#domain/text'
import { ACTION_NAMES, changeText, ENTITY_TYPE_NAMES, entryHref, personShown, readableChanges } from './present'

/** What an entry is about, linking to where it is. */
function What({ entry, linked }: { entry: AuditEntry; linked: boolean }) {
  const href = linked ? entryHref(entry) : null
  const text = shownText(`${ENTITY_TYPE_NAMES[entry.entityType]}: ${entry.label}`)
  return href ? <Link to={href}>{text}</Link> : <>{text}</>
}

/**
 * A person by name, their email beside it (present.ts `personShown`); the name isolated (bdi), so
 * right-to-left letters in it do not carry the email along. One element: a stacked cell's grid
 * places each child apart.
 */
export function PersonShown({ person, href }: { person: { name: string | null; email: string | null }; href?: string | null }) {
  const { name, aside } = personShown(person)
  return (
    <span className="person-shown">
      {href ? (
        <Link to={href}>
          <bdi>{name}</bdi>
        </Link>
      ) : (
        <bdi>{name}</bdi>
      )}
      {aside ? <span className="muted-text"> ({aside})</span> : null}
    </span>
  )
}

/** Who made it: a person (their profile) or the system, marked apart. */
function Who({ actor, linked }: { actor: AuditEntry['actor']; linked: boolean }) {
  if (actor._id === null) return <span className="badge muted">{SYSTEM_ACTOR_LABEL}</span>
  return <PersonShown person={actor} href={linked ? `/users/${encodeURIComponent(actor._id)}/profile` : null} />
}

/**
 * The audit log's entries as a table, stacked as cards where narrow: when (in the
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
                    <li key={change.field}>{shownText(changeText(change))}</li>
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
