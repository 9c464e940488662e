import { data, redirect, useLocation, type ShouldRevalidateFunction } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { projectMessages } from '#domain/planning/messages'
import { cardsComplete } from '#domain/planning/project-plan'
import { can } from '#domain/access'
import { asCardState, withNumber } from '#app/features/project-planning/card'
import { templateOf } from '#app/components/project-cluster-table'
import { RouteErrorBoundary } from '#app/components/route-error'
import { assertCan, requirePermission } from '#app/lib/session.server'
import { refusalOr } from '#app/lib/errors'
import { readForm } from '#app/lib/form.server'
import { redirectWithToast } from '#app/lib/toast.server'
import { loadScreen, saveAll } from '#app/features/project-planning/api.server'
import { addCard, draftOf, keyOf, NO_SELECTION, NOTICES, pagePath, readPlanForm, resolve, unsavedChanges, type Message, type PlanPage, type View } from '#app/features/project-planning/form'
import { PlanForm } from '#app/features/project-planning/plan-form'
import type { Route } from './+types/_app.project-resource-planning'

export const meta: Route.MetaFunction = () => [{ title: `Project Resource Planning · ${PRODUCT_NAME}` }]

/** The project of ?projectId= with its saved cards; ?notice=saved says the last save worked. One call (besides the session's). */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = args.url.searchParams
  const { projects, templates, saved, selection, options } = await loadScreen(args, { ...NO_SELECTION, projectId: params.get('projectId') ?? '' })
  const notice = NOTICES[params.get('notice') ?? '']
  const view: View = {
    state: { selection, number: '1', cards: saved.map(draftOf), removed: [] },
    options,
    message: notice ? { text: notice, tone: 'success', at: 'save' } : null,
    dialog: null,
  }
  const page: PlanPage = { projects, templates, saved, can: { add: can(user, 'add'), delete: can(user, 'delete') } }
  return { page, view }
}

/**
 * Every change is a post of the one page form, which carries the whole state (choices, cards,
 * names, the deletion queue); the answer is that state changed as `intent` says, so without
 * JavaScript nothing typed is lost. `update` (Apply, Update, a select with JavaScript, Enter)
 * applies the choices and each card's Number; `add`, `remove:{i}`, `save`; with the
 * unsaved-changes dialog open, `save-switch` (Save now) and `discard`. A post reads the project
 * once (its saved cards, the templates, the choices' lists), and Save writes once: two calls.
 */
export async function action(args: Route.ActionArgs) {
  const { user } = await requirePermission(args, 'view')
  const posted = readPlanForm(await readForm(args.request))
  const { intent } = posted

  if (intent === 'discard') return redirect(pagePath(posted.pendingProjectId))

  // The choices as posted, read with the project they belong to: an unknown project reads as none.
  const screen = await loadScreen(args, resolve(posted.applied, posted.wanted))
  const projectId = screen.selection.projectId
  let cards = projectId ? posted.cards : []
  let removed = projectId ? posted.removed : []
  let message: Message | null = null
  let dialog: View['dialog'] = null

  if (intent === 'save' || intent === 'save-switch') {
    // A missing permission answers the screen's 403 page, as opening it would.
    assertCan(user, 'add', ...(removed.length ? (['delete'] as const) : []))
    if (!projectId) message = { text: projectMessages.selectAllFields, tone: 'error', at: 'save' }
    else if (!cardsComplete(cards.map(asCardState))) message = { text: projectMessages.fillAllNames, tone: 'error', at: 'save' }
    else {
      const saved = await saveAll(args, projectId, cards, removed, screen.saved)
      // Staying, the page shows 'Saved successfully!' itself; leaving for another page, the flash carries it there.
      if (saved.ok && posted.leaveTo) return redirectWithToast(posted.leaveTo, { title: projectMessages.saved }, { headers: saved.headers })
      if (saved.ok) return redirect(pagePath(intent === 'save-switch' ? posted.pendingProjectId : projectId, 'saved'), { headers: saved.headers })
      message = { text: refusalOr(saved.error, projectMessages.saveFailed), tone: 'error', at: 'save' }
    }
    // The typed state stays as it was, its Numbers applied.
    cards = cards.map(withNumber)
  } else if (posted.wanted.projectId !== projectId) {
    // Another project: straight there, unless this one has unsaved changes, which the dialog asks about.
    if (!projectId || !unsavedChanges(cards, screen.saved, removed)) return redirect(pagePath(posted.wanted.projectId))
    dialog = { pendingProjectId: posted.wanted.projectId }
    cards = cards.map(withNumber)
  } else {
    cards = cards.map(withNumber)
    if (intent.startsWith('remove:')) {
      assertCan(user, 'add')
      const index = Number(intent.slice('remove:'.length))
      const card = cards[index]
      if (card) {
        // A card that came from saved data is queued for deletion; an unsaved one just goes.
        const key = keyOf(card)
        if (screen.saved.some((row) => keyOf(row) === key)) {
          assertCan(user, 'delete')
          if (!removed.includes(key)) removed = [...removed, key]
        }
        cards = cards.filter((_, at) => at !== index)
      }
    }
  }

  const { selection, options } = screen

  if (intent === 'add') {
    assertCan(user, 'add')
    const added = addCard(cards, selection, posted.number, templateOf(screen.templates, selection))
    cards = added.cards
    if (added.problem) message = { text: added.problem, tone: 'error', at: 'add' }
  }

  return data<View>({ state: { selection, number: posted.number, cards, removed }, options, message, dialog })
}

/**
 * With JavaScript, a post of this page (the form, or a choice through its fetcher) is answered
 * with the view it leads to, and posts change nothing the loader read but by Save, which
 * redirects: the page's loader is not asked again. Anything else revalidates as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, actionResult, actionStatus, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' && actionResult !== undefined && (actionStatus ?? 200) < 400 ? false : defaultShouldRevalidate

export default function ProjectResourcePlanning({ loaderData: data, actionData: answer }: Route.ComponentProps) {
  const location = useLocation()
  const view = answer ?? data.view
  // A new answer, or arriving at an address, starts the form afresh from the state it carries. A
  // revalidation (after a choice posted through the fetcher) does not: its lists may have grown
  // meanwhile, but what the page holds stays.
  const formKey = answer ? JSON.stringify(answer) : location.key
  return (
    <div className="stack project-planning-page">
      <header className="page-head">
        <h1>Project Resource Planning</h1>
      </header>
      <PlanForm key={formKey} view={view} page={data.page} />
    </div>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
