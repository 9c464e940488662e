import { redirect } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { PAGE_SIZE } from '#domain/pages'
import { Pages } from '#app/components/pages'
import { RouteErrorBoundary } from '#app/components/route-error'
import { requireAdmin } from '#app/lib/session.server'
import { TIME_ZONE } from '#app/lib/time-zone.server'
import { projectOptions, readAudit } from '#app/features/audit/audit.server'
import { AuditTable } from '#app/features/audit/entries'
import { AuditFilterForm } from '#app/features/audit/filters'
import { auditHref, exportHref, hasFilters, readAuditState } from '#app/features/audit/query'
import type { Route } from './+types/_app.audit'

export const meta: Route.MetaFunction = () => [{ title: `Audit log · ${PRODUCT_NAME}` }]

/** Every change on record, for administrators: ?person=&entityType=&projectId=&from=&to=&page=, fifty a page, newest first. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const state = readAuditState(args.url.searchParams)
  const [reading, projects] = await Promise.all([readAudit(args, state, { page: state.page }), projectOptions(args)])
  // A page past the end (fewer entries match than the address remembers) is the last one.
  if (reading.entries.length === 0 && reading.total > 0) throw redirect(auditHref(state, { page: Math.ceil(reading.total / PAGE_SIZE) }))
  return { state, ...reading, projects, timeZone: TIME_ZONE }
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { state, entries, total, problems, choices, failed, projects, timeZone } = loaderData
  return (
    <div className="stack">
      <header className="page-head">
        <div>
          <h1>Audit log</h1>
          <p className="subtitle">Every change on record: who made it, when, and what it changed.</p>
        </div>
        {/* A plain link: the resource route answers the file itself, with or without JavaScript. */}
        <a href={exportHref(state)} className="button primary" download>
          Export
        </a>
      </header>
      <AuditFilterForm filters={state} projects={projects} problems={problems} choices={choices} />
      <section className="card" aria-label="Changes">
        {failed ? (
          <p className="form-message error" role="alert">
            The audit log could not be read: {failed}
          </p>
        ) : entries.length === 0 ? (
          <p className="empty" role="status">
            {Object.keys(problems).length > 0 ? 'Correct the filters above to see the changes.' : hasFilters(state) ? 'No changes match these filters.' : 'No changes yet.'}
          </p>
        ) : (
          <AuditTable entries={entries} timeZone={timeZone} caption="Changes, newest first" />
        )}
      </section>
      {entries.length > 0 ? <Pages page={state.page} count={entries.length} total={total} noun="changes" href={(page) => auditHref(state, { page })} /> : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
