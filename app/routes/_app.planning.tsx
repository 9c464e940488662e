import { data, Link, redirect } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { can } from '#domain/access'
import { planningMessages } from '#domain/planning/messages'
import { FormMessage } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { createCluster, createPlanning } from '#app/lib/api/catalog.server'
import { messageOr } from '#app/lib/errors'
import { redirectWithToast } from '#app/lib/toast.server'
import { requirePermission, requireUser } from '#app/lib/session.server'
import { assertIntent, requireIntent } from '#app/lib/intents.server'
import { readForm } from '#app/lib/form.server'
import { AddClusterDialog } from '#app/features/planning/add-cluster-dialog'
import { groupRoleClusters, loadChoice, loadRoles, loadTable } from '#app/features/planning/api.server'
import { ChoiceCard } from '#app/features/planning/choice-card'
import { CreateTypeDialog } from '#app/features/planning/create-type-dialog'
import {
  CLUSTER_ADD_FAILED,
  CLUSTER_ADDED,
  CLUSTERS_GROUPED,
  NOTICES,
  INTENTS,
  planningFilter,
  planningHref,
  POSTED,
  selectionOf,
  TYPE_SAVE_FAILED,
  type PlanningAnswer,
} from '#app/features/planning/form'
import { GroupDialog } from '#app/features/planning/group-dialog'
import { SavedTypes } from '#app/features/planning/saved-types'
import { groupDialogOf, labelOf, rowsOf } from '#app/features/planning/table'
import type { Route } from './+types/_app.planning'

export const meta: Route.MetaFunction = () => [{ title: `Planning · ${PRODUCT_NAME}` }]

/**
 * The category and entity choices, the dialog to open and the notice to show are GET parameters,
 * so the server renders every state of the page (DESIGN §6). A choice that does not exist (or an
 * entity of another category) counts as no choice.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = args.url.searchParams
  const canAdd = can(user, 'add')
  const canEdit = can(user, 'edit')
  const { categories, entities, category, entity } = await loadChoice(args, selectionOf(params))
  const dialog = params.get('dialog')
  const createOpen = dialog === 'create-type' && canAdd && entity !== null
  const [{ plannings, clusters }, roles] = await Promise.all([
    loadTable(args, { categoryId: category?._id, entityId: entity?._id }),
    createOpen ? loadRoles(args) : null,
  ])
  const label = labelOf(clusters)

  // spec/administration-planning.md §5: the dialogs asked for without the choice they need answer the spec's alerts instead.
  let alert: string | null = null
  if (dialog === 'create-type' && canAdd && !entity) alert = planningMessages.selectEntityFirst
  if (dialog === 'add-cluster' && canAdd && (!category || !entity)) alert = planningMessages.selectCategoryAndEntityFirst

  return {
    canAdd,
    canEdit,
    categories,
    entities,
    category,
    entity,
    alert,
    notice: NOTICES[params.get('notice') ?? ''] ?? null,
    plannings: rowsOf(plannings, label),
    createType: createOpen && entity ? { roles: roles ?? [], clusters: clusters.filter((cluster) => cluster.entityType === entity._id).map(({ _id, name }) => ({ _id, name })) } : null,
    addClusterOpen: dialog === 'add-cluster' && canAdd && category !== null && entity !== null,
    group: dialog === 'group' && canEdit ? groupDialogOf(plannings, { planningId: params.get('planningId'), roleId: params.get('roleId') }, label) : null,
  }
}

/** Create Type, Add Cluster or Group Clusters: the button's intent says which, and the one permission it needs. */
export async function action(args: Route.ActionArgs) {
  const posted = requireIntent(POSTED, await readForm(args.request))
  const { user } = await requireUser(args)
  assertIntent(user, INTENTS, posted.intent)

  if (posted.intent === 'group') {
    const selection = selectionOf(args.url.searchParams)
    const back = planningHref(selection)
    if (posted.submission.status !== 'success') return redirect(back)
    const grouped = await groupRoleClusters(args, planningFilter(selection), posted.submission.value)
    return grouped.saved ? redirectWithToast(back, { title: CLUSTERS_GROUPED }, { headers: grouped.headers }) : redirect(back, { headers: grouped.headers })
  }

  if (posted.intent === 'create-type') {
    const { intent, submission } = posted
    if (submission.status !== 'success') return data<PlanningAnswer>({ intent, result: submission.reply() })
    const created = await createPlanning(args, submission.value)
    if (!created.ok) return data<PlanningAnswer>({ intent, result: submission.reply({ formErrors: [messageOr(created.error, TYPE_SAVE_FAILED)] }) }, { headers: created.headers })
    const { categoryId, entityId } = submission.value
    return redirect(planningHref({ categoryId, entityId }, { notice: 'type-saved' }), { headers: created.headers })
  }

  const { intent, submission } = posted
  if (submission.status !== 'success') return data<PlanningAnswer>({ intent, result: submission.reply(), added: null })
  const { inPage, ...cluster } = submission.value
  const created = await createCluster(args, cluster)
  if (!created.ok) {
    const result = submission.reply({ formErrors: [messageOr(created.error, CLUSTER_ADD_FAILED)] })
    return data<PlanningAnswer>({ intent, result, added: null }, { headers: created.headers })
  }
  // With JavaScript the dialog shows the success itself and then closes (spec/administration-planning.md §4); without, the page shows it.
  if (inPage) return data<PlanningAnswer>({ intent, result: submission.reply({ resetForm: true }), added: CLUSTER_ADDED }, { headers: created.headers })
  const { category, entityType } = cluster
  return redirect(planningHref({ categoryId: category, entityId: entityType }, { notice: 'cluster-added' }), { headers: created.headers })
}

export default function PlanningPage({ loaderData: data }: Route.ComponentProps) {
  const selection = { categoryId: data.category?._id, entityId: data.entity?._id }
  const closeTo = planningHref(selection)
  return (
    <div className="stack planning-page">
      <header className="page-head">
        <div>
          <h1>Planning</h1>
          <p className="subtitle">Plan which clusters each role works on, for each category and entity.</p>
        </div>
        {data.canAdd ? (
          <Link to="/setup" className="button secondary">
            Set up categories, entities and projects
          </Link>
        ) : null}
      </header>
      <div aria-live="polite">{data.notice ? <FormMessage tone="success">{data.notice}</FormMessage> : null}</div>
      {data.alert ? <FormMessage tone="error">{data.alert}</FormMessage> : null}

      <ChoiceCard categories={data.categories} entities={data.entities} category={data.category} entity={data.entity} canAdd={data.canAdd} />
      <SavedTypes plannings={data.plannings} canEdit={data.canEdit} selection={selection} />

      {data.createType && data.category && data.entity ? <CreateTypeDialog closeTo={closeTo} category={data.category} entity={data.entity} {...data.createType} /> : null}
      {data.addClusterOpen && data.category && data.entity ? <AddClusterDialog closeTo={closeTo} category={data.category} entity={data.entity} /> : null}
      {data.group ? <GroupDialog closeTo={closeTo} {...data.group} /> : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
