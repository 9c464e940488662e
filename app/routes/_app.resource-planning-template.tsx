import { data, useSearchParams } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { can } from '#domain/access'
import { RouteErrorBoundary } from '#app/components/route-error'
import { TemplateTable } from '#app/components/template-table'
import { deleteTemplateItem } from '#app/lib/api/templates.server'
import { messageOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { requirePermission } from '#app/lib/session.server'
import { readIntent } from '#app/lib/intents'
import { assertIntent } from '#app/lib/intents.server'
import { loadClusterOptions, loadTemplatePage, saveDraft } from '#app/features/template/api.server'
import { ChoiceForm } from '#app/features/template/choice-form'
import { DeleteConfirmation } from '#app/features/template/delete-confirmation'
import {
  CLUSTER_ID_MISSING,
  DELETE_FAILED,
  deletion,
  dialogStep,
  INTENTS,
  openDialog,
  pagePath,
  POSTED,
  readCombo,
  readPage,
  withConfirmDelete,
  type TemplateAnswer,
  type TemplatePage,
} from '#app/features/template/form'
import { TemplateEditor } from '#app/features/template/template-editor'
import type { Route } from './+types/_app.resource-planning-template'

export const meta: Route.MetaFunction = () => [{ title: `Resource Planning Template · ${PRODUCT_NAME}` }]

/** The choices are GET parameters (?categoryId&entityId&planningId); ?confirmDelete= opens "Delete this cluster?". */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = args.url.searchParams
  const page = await loadTemplatePage(args, readCombo(params))
  const target = params.get('confirmDelete')
  return {
    ...page,
    can: { save: can(user, 'add'), edit: can(user, 'edit'), delete: can(user, 'delete') },
    deleting: target !== null && can(user, 'delete') ? deletion(target, page.templates) : null,
  } satisfies TemplatePage
}

const answer = (part: Partial<TemplateAnswer>, init?: ResponseInit) =>
  data<TemplateAnswer>({ draft: null, dialog: null, confirm: false, message: null, deleteMessage: null, ...part }, init)

/**
 * Every change is a post of the page form; its `intent` says which: `save`, `save-force` (Confirm
 * on "Save Changes": the same fields again), `delete`. Without JavaScript the interchange dialog's
 * buttons post here too (`open:{row}`, `dialog-…`) and the page comes back with everything typed
 * so far; `cancel` and `refresh` (Enter) only do that.
 */
export async function action(args: Route.ActionArgs) {
  const { user } = await requirePermission(args, 'view')
  const form = await readForm(args.request)
  // A missing permission answers the screen's 403 page, as opening it would; the dialog's in-place steps need only view.
  const changing = readIntent(POSTED, form)
  if (changing) assertIntent(user, INTENTS, changing.intent)

  if (changing?.intent === 'delete') {
    const target = changing.submission.status === 'success' ? changing.submission.value : { templateId: '', roleId: '', clusterItemId: '' }
    if (!target.clusterItemId) return answer({ deleteMessage: CLUSTER_ID_MISSING })
    const deleted = await deleteTemplateItem(args, target)
    if (!deleted.ok) return answer({ deleteMessage: messageOr(deleted.error, DELETE_FAILED) }, { headers: deleted.headers })
    const back = new URL(args.url)
    back.searchParams.delete('confirmDelete')
    return redirectWithToast(back.pathname + back.search, { title: 'Cluster deleted' }, { headers: deleted.headers })
  }

  const { intent, combo, draft, dialog } = changing?.submission.status === 'success' ? changing.submission.value : readPage(form)
  if (intent === 'save' || intent === 'save-force') {
    const saved = await saveDraft(args, combo, draft, { force: intent === 'save-force' })
    if (saved.done === 'saved') return redirectWithToast(pagePath(combo), { title: 'Template saved' }, { headers: saved.headers })
    return answer({ draft, confirm: saved.done === 'confirm', message: saved.message }, { headers: saved.headers })
  }
  if (intent.startsWith('open:')) return answer({ draft, dialog: openDialog(draft, intent.slice('open:'.length)) })
  if (intent.startsWith('dialog-')) {
    const clusters = draft[dialog.key] && intent !== 'dialog-cancel' ? await loadClusterOptions(args, combo.categoryId) : null
    return answer(dialogStep(intent, draft, dialog.key, dialog.rows, clusters))
  }
  return answer({ draft })
}

export default function ResourcePlanningTemplate({ loaderData: data, actionData: result }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const initialDraft = result?.draft ?? data.draft
  return (
    <div className="stack template-page">
      <header className="page-head">
        <h1>Resource Planning Template</h1>
      </header>
      <ChoiceForm choice={data.choice} categories={data.categories} entities={data.entities} plannings={data.plannings} />
      {/* A new answer or a new saved template starts the form afresh; otherwise what is typed stays. */}
      <TemplateEditor
        key={JSON.stringify([data.choice, initialDraft, result?.dialog ?? null])}
        page={data}
        initialDraft={initialDraft}
        initialDialog={result?.dialog ?? null}
        confirm={result?.confirm ? result : null}
        message={result?.message ?? null}
      />
      <TemplateTable templates={data.templates} loadError={data.listError} deleteHref={data.can.delete ? (target) => withConfirmDelete(params, target) : null} />
      {data.deleting ? <DeleteConfirmation {...data.deleting} message={result?.deleteMessage ?? null} closeTo={withConfirmDelete(params, null)} /> : null}
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
