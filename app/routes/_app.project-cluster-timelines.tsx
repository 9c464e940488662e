import { data, redirect, useNavigation } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { can } from '#domain/access'
import { isSite } from '#domain/planning/project-plan'
import { FormMessage } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { saveSiteOverride } from '#app/lib/api/projects.server'
import { messageOr } from '#app/lib/errors'
import { assertCan, requirePermission } from '#app/lib/session.server'
import { readForm } from '#app/lib/form.server'
import { loadTimeline } from '#app/features/project-cluster-timelines/api.server'
import { ChoiceForm } from '#app/features/project-cluster-timelines/choice-form'
import { LOADING, NO_DATA, PATH, readChoice, readSave, SAVE_FAILED, SAVED_CHANGED, SAVED_CREATED, type SaveAnswer } from '#app/features/project-cluster-timelines/form'
import { EditableRow, ReadOnlyRow } from '#app/features/project-cluster-timelines/timeline-rows'
import type { Route } from './+types/_app.project-cluster-timelines'

export const meta: Route.MetaFunction = () => [{ title: `Project Cluster Timelines · ${PRODUCT_NAME}` }]

/**
 * The choices are GET parameters (?projectId&categoryId&entityTypeId). Without JavaScript, Apply
 * lands on the clean address first (readChoice); with JavaScript the select's change handler
 * builds that address itself.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const { wanted, redirectTo } = readChoice(args.url.searchParams)
  if (redirectTo !== null) throw redirect(redirectTo)
  const { entityType, ...timeline } = await loadTimeline(args, wanted)
  // Only the Site entity type has editable dates (spec/administration-planning.md §6), and changing them needs `edit` (the API's rule).
  return { ...timeline, editable: isSite(entityType?.name) && can(user, 'edit') }
}

/** One row's Save: PUT /api/timelines/site-overrides with that row's dates (an empty date clears it). */
export async function action(args: Route.ActionArgs) {
  const { user } = await requirePermission(args, 'view')
  // A missing permission answers the screen's 403 page, as the API would refuse the change.
  assertCan(user, 'edit')
  const { typed, body } = readSave(await readForm(args.request))
  const saved = await saveSiteOverride(args, body)
  if (!saved.ok) {
    const message = messageOr(saved.error, SAVE_FAILED)
    return data<SaveAnswer>({ clusterId: body.clusterId, tone: 'error', message, typed }, { status: 400, headers: saved.headers })
  }
  const message = saved.status === 201 ? SAVED_CREATED : SAVED_CHANGED
  return data<SaveAnswer>({ clusterId: saved.data.clusterId, tone: 'success', message, typed: null }, { headers: saved.headers })
}

export default function ProjectClusterTimelines({ loaderData: data, actionData: answer }: Route.ComponentProps) {
  const navigation = useNavigation()
  // With JavaScript a new choice keeps the page while its table loads; a row's save is a fetcher and leaves it be.
  const loading = navigation.state === 'loading' && navigation.location.pathname === PATH && navigation.formMethod?.toUpperCase() !== 'POST'
  const chosen = Boolean(data.choice.entityTypeId)
  // An answer about no row of this table (a form posted by hand, say) shows above it.
  const stray = answer && !data.rows.some((row) => row.clusterId === answer.clusterId) ? answer : null
  return (
    <div className="stack timelines-page">
      <header className="page-head">
        <h1>Project Cluster Timelines</h1>
      </header>
      <ChoiceForm {...data} />
      <section className="card" aria-label="Cluster timelines">
        {stray ? <FormMessage tone={stray.tone}>{stray.message}</FormMessage> : null}
        {chosen || loading ? (
          <div className="table-scroll">
            <table className="table timelines-table">
              <thead>
                <tr>
                  <th scope="col">Cluster</th>
                  <th scope="col">Start date</th>
                  <th scope="col">End date</th>
                  {data.editable ? (
                    <th scope="col">
                      <span className="visually-hidden">Save</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {loading ? (
                  <tr>
                    <td colSpan={4} className="empty">
                      <span role="status">{LOADING}</span>
                    </td>
                  </tr>
                ) : data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty">
                      {NO_DATA}
                    </td>
                  </tr>
                ) : (
                  data.rows.map((row) =>
                    data.editable ? (
                      <EditableRow key={row.clusterId} row={row} choice={data.choice} answer={answer?.clusterId === row.clusterId ? answer : null} />
                    ) : (
                      <ReadOnlyRow key={row.clusterId} row={row} />
                    ),
                  )
                )}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">Choose a project, a category and an entity type to see its clusters.</p>
        )}
      </section>
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
