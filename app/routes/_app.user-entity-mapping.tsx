import { data, useLocation, useNavigate } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { can } from '#domain/access'
import { AssignDialog } from '#app/features/mappings/assign-users'
import { SAVED_MESSAGE, tagCellId, type SaveAnswer } from '#app/features/mappings/assign'
import { FormMessage } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { replaceMappings } from '#app/lib/api/projects.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { loadScreen } from '#app/features/mappings/api.server'
import { NO_ENTITIES, NO_PLAN, readAssignForm, rowPath, SAVE_FAILED } from '#app/features/mappings/form'
import { PlanCard, Totals, ViewModes } from '#app/features/mappings/plan-card'
import { ProjectChoice } from '#app/features/mappings/project-choice'
import type { Route } from './+types/_app.user-entity-mapping'

export const meta: Route.MetaFunction = () => [{ title: `User Entity Mapping · ${PRODUCT_NAME}` }]

/**
 * ?projectId picks the project. ?assign=<instance>:<role>:<clusters> opens Assign Users for a row
 * (for a user who may add), with ?q searching the active users on the server; without JavaScript
 * the address carries the row's fragment, so the page opens at it (the JavaScript popover asks
 * user-entity-mapping.candidates for its candidates instead). ?instance=<id> shows that instance
 * whole and the others as links; ?instance=all every one (the default unless the plan is large:
 * domain/planning/mapping.ts). The API builds all of it in one answer; the page renders it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const canAssign = can(user, 'add')
  const { projects, projectId, plan, view, totals, assign } = await loadScreen(args, args.url.searchParams)
  return { projects, projectId, canAssign, plan, view, totals, assign: canAssign ? assign : null }
}

/**
 * Save of Assign Users: POST /api/project-entity-user-mappings/replace, which alone decides the
 * cap. With JavaScript (inPage) the popover reads the answer; without, a save lands back on the
 * page at the row (its fragment) with the confirmation flashed, and a refusal
 * re-renders the dialog with the ticked users and the message.
 */
export async function action(args: Route.ActionArgs) {
  await requirePermission(args, 'add')
  const { key, userIds, inPage, problem, body, instance } = readAssignForm(await readForm(args.request))
  const refuse = (error: string, headers?: Headers) => data<SaveAnswer>({ key, selected: userIds, error, saved: null }, { status: 400, headers })

  if (problem) return refuse(problem)
  const saved = await replaceMappings(args, body)
  // spec/administration-planning.md §8: the server's message, else the error's text, else 'Save failed'.
  if (!saved.ok) return refuse(messageOr(saved.error, SAVE_FAILED), saved.headers)
  if (inPage) return data<SaveAnswer>({ key, selected: userIds, error: null, saved: SAVED_MESSAGE }, { headers: saved.headers })
  return redirectWithToast(rowPath(body.projectId, key, instance), { title: SAVED_MESSAGE }, { headers: saved.headers })
}

export default function UserEntityMapping({ loaderData: data, actionData: result }: Route.ComponentProps) {
  const location = useLocation()
  const navigate = useNavigate()
  // One instance at a time: the one open, which Assign Users carries and comes back to.
  const openInstance = data.view.mode === 'one' ? data.view.open : undefined
  // Back at the row the dialog was opened from.
  const closeTo = data.assign ? rowPath(data.projectId, data.assign.key, openInstance) : ''
  // A refusal of the open dialog shows inside it; any other (no project, say) on the page.
  const dialogAnswer = result && data.assign && result.key === data.assign.key ? result : null
  const pageError = result?.error && !dialogAnswer ? result.error : null
  return (
    <div className="stack mapping-page">
      <header className="page-head">
        <h1>User Entity Mapping</h1>
      </header>
      <ProjectChoice projects={data.projects} projectId={data.projectId} />
      <FormMessage tone="error">{pageError}</FormMessage>
      {data.projectId ? <Totals totals={data.totals} /> : null}
      <ViewModes projectId={data.projectId} plan={data.plan} view={data.view} />
      {!data.projectId ? (
        <p className="card empty">{NO_ENTITIES}</p>
      ) : data.plan.length === 0 ? (
        <p className="card empty">{NO_PLAN}</p>
      ) : (
        data.plan.map((card) => <PlanCard key={card._id} card={card} projectId={data.projectId} canAssign={data.canAssign} openInstance={openInstance} />)
      )}
      {data.assign ? (
        <AssignDialog
          projectId={data.projectId}
          rowKey={data.assign.key}
          requirement={data.assign.requirement}
          context={data.assign.context}
          q={data.assign.q}
          choices={data.assign.choices}
          selected={dialogAnswer?.selected ?? data.assign.selected}
          error={dialogAnswer?.error ?? null}
          postTo={`${location.pathname}${location.search}#${tagCellId(data.assign.key)}`}
          closeTo={closeTo}
          onClose={() => navigate(closeTo, { preventScrollReset: true })}
          instance={openInstance}
        />
      ) : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
