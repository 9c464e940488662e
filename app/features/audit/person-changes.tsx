import { useLocation } from 'react-router'
import { Pages } from '#app/components/pages'
import { hrefOf } from '#app/lib/search'
import { AuditTable } from './entries'
import type { PersonChanges } from './person-changes.server'

/** The address parameter of a profile's Changes pages (?changes=2): here, so a profile does not ship the audit screen's query. */
export const CHANGES_PAGE = 'changes'

/**
 * On a profile, for the person and the administrators: the changes made to the person,
 * their account and their assignments (who tagged or untagged them, and when), newest first.
 */
export function PersonChangesSection({ changes }: { changes: PersonChanges }) {
  const { pathname } = useLocation()
  const { page, size, entries, total, failed, timeZone, linked } = changes
  return (
    <section className="card stack" aria-labelledby="changes-heading" id="changes">
      <h2 id="changes-heading">Changes</h2>
      {failed ? (
        <p className="form-message error" role="alert">
          The changes could not be read. Please try again.
        </p>
      ) : entries.length === 0 ? (
        <p className="empty">No changes on record.</p>
      ) : (
        <>
          <AuditTable entries={entries} timeZone={timeZone} caption="Changes made to this person, newest first" linked={linked} />
          <Pages page={page} size={size} count={entries.length} total={total} noun="changes" href={(to) => `${hrefOf(pathname, { [CHANGES_PAGE]: to > 1 ? String(to) : '' })}#changes`} />
        </>
      )}
    </section>
  )
}
