import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useRef, useState } from 'react'
import { PRODUCT_NAME, type Permission } from '#domain/constants'
import { INSTANCES_MAX, projectMessages } from '#domain/planning/messages'
import { cardsComplete } from '#domain/planning/project-plan'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { ProjectCard, asCardState, parseNumber, resized, withNumber, type CardDraft } from '#app/components/project-card'
import { templateOf } from '#app/components/project-cluster-table'
import { RouteErrorBoundary } from '#app/components/route-error'
import { useHydrated } from '#app/lib/hydrated'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import { choicesFor, loadProjects, loadSavedCards, loadTemplates, saveAll } from '#app/features/project-planning/api.server'
import { draftOf, field, keyOf, NO_SELECTION, NOTICES, pagePath, readPlanForm, resolve, type Message, type Selection, type View, unsavedChanges } from '#app/features/project-planning/form'

export const meta: MetaFunction = () => [{ title: `Project Resource Planning · ${PRODUCT_NAME}` }]

/** The project of ?projectId= with its saved cards; ?notice=saved says the last save worked. */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const [projects, templates] = await Promise.all([loadProjects(args), loadTemplates(args)])
  const project = projects.find((row) => row._id === params.get('projectId'))
  const [saved, choices] = await Promise.all([
    loadSavedCards(args, project?._id ?? ''),
    choicesFor(args, { ...NO_SELECTION, projectId: project?._id ?? '' }, projects),
  ])
  const notice = NOTICES[params.get('notice') ?? '']
  const view: View = {
    state: { selection: choices.selection, number: '1', cards: saved.map(draftOf), removed: [] },
    options: choices.options,
    message: notice ? { text: notice, tone: 'success', at: 'save' } : null,
    dialog: null,
  }
  return json({
    projects,
    templates,
    /** The last saved snapshot (§4), for the unsaved-changes rule and the names of saved cards. */
    saved,
    can: { add: can(user, 'add'), delete: can(user, 'delete') },
    view,
  })
}

/**
 * Every change is a post of the one page form, which carries the whole state (choices, cards,
 * names, the deletion queue); the answer is that state changed as `intent` says, so without
 * JavaScript nothing typed is lost. `update` (Apply, Update, a select with JavaScript, Enter)
 * applies the choices and each card's Number; `add`, `remove:{i}`, `save`; with the
 * unsaved-changes dialog open, `save-switch` (Save now) and `discard`.
 */
export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const form = await readForm(args.request)
  const intent = String(form.get('intent') ?? 'update')
  const posted = readPlanForm(form)
  // A missing permission answers the screen's 403 page, as opening it would.
  const insist = async (...permissions: Permission[]) => {
    const missing = permissions.find((permission) => !can(user, permission))
    if (missing) await requirePermission(args, missing)
  }

  if (intent === 'discard') return redirect(pagePath(posted.pendingProjectId))

  const projects = await loadProjects(args)
  const projectId = projects.some((row) => row._id === posted.applied.projectId) ? posted.applied.projectId : ''
  let cards = projectId ? posted.cards : []
  let removed = projectId ? posted.removed : []
  let message: Message | null = null
  let dialog: View['dialog'] = null

  if (intent === 'save' || intent === 'save-switch') {
    await insist('add', ...(removed.length ? (['delete'] as const) : []))
    if (!projectId) message = { text: projectMessages.selectAllFields, tone: 'error', at: 'save' }
    else if (!cardsComplete(cards.map(asCardState))) message = { text: projectMessages.fillAllNames, tone: 'error', at: 'save' }
    else {
      const saved = await saveAll(args, projectId, cards, removed)
      if (saved.ok) return redirect(pagePath(intent === 'save-switch' ? posted.pendingProjectId : projectId, 'saved'), { headers: saved.headers })
      message = { text: projectMessages.saveFailed, tone: 'error', at: 'save' }
    }
    // The typed state stays as it was, its Numbers applied.
    cards = cards.map(withNumber)
  } else if (posted.wanted.projectId !== projectId) {
    // Another project: straight there, unless this one has unsaved changes, which the dialog asks about.
    const saved = await loadSavedCards(args, projectId)
    if (!projectId || !unsavedChanges(cards, saved, removed)) return redirect(pagePath(posted.wanted.projectId))
    dialog = { pendingProjectId: posted.wanted.projectId }
    cards = cards.map(withNumber)
  } else {
    cards = cards.map(withNumber)
    if (intent.startsWith('remove:')) {
      await insist('add')
      const index = Number(intent.slice('remove:'.length))
      const card = cards[index]
      if (card) {
        // A card that came from saved data is queued for deletion; an unsaved one just goes.
        const key = keyOf(card)
        if ((await loadSavedCards(args, projectId)).some((row) => keyOf(row) === key)) {
          await insist('delete')
          if (!removed.includes(key)) removed = [...removed, key]
        }
        cards = cards.filter((_, at) => at !== index)
      }
    }
  }

  const { selection, options } = await choicesFor(args, projectId ? resolve({ ...posted.applied, projectId }, posted.wanted) : NO_SELECTION, projects)

  if (intent === 'add') {
    await insist('add')
    const template = templateOf(await loadTemplates(args), selection)
    const problem =
      !selection.projectId || !selection.categoryId || !selection.entityId || !selection.typeId
        ? projectMessages.selectAllFields
        : cards.some((card) => keyOf(card) === keyOf(selection))
          ? projectMessages.alreadyAdded
          : !template?.roleClusters.some((role) => role.clusters.length > 0)
            ? projectMessages.noData
            : null
    if (problem) message = { text: problem, tone: 'error', at: 'add' }
    else {
      const size = parseNumber(posted.number) ?? 1
      cards = [...cards, { categoryId: selection.categoryId, entityId: selection.entityId, typeId: selection.typeId, number: String(size), names: resized([], size) }]
    }
  }

  return json<View>({ state: { selection, number: posted.number, cards, removed }, options, message, dialog })
}

export default function ProjectResourcePlanning() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
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
      <PlanForm key={formKey} view={view} />
    </div>
  )
}

/**
 * The one form of the page. With JavaScript the choices post on change, a project change goes
 * straight there (or asks first), and Number and × act at once in the page; the state the form
 * posts next is what the page shows.
 */
function PlanForm({ view }: { view: View }) {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [cards, setCards] = useState(view.state.cards)
  const [removed, setRemoved] = useState(view.state.removed)
  const [dialog, setDialog] = useState(view.dialog)
  const [projectReset, setProjectReset] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const adding = useSubmitting(undefined, 'add')
  const saving = useSubmitting(undefined, 'save')
  const switching = useSubmitting(undefined, 'save-switch')

  // With JavaScript a choice posts through a fetcher: its answer brings the choices and their
  // options, while the cards stay as the page holds them (nothing typed meanwhile is lost).
  const chooser = useFetcher<typeof action>()
  const chosen = chooser.data ?? null
  const { selection } = chosen?.state ?? view.state
  const { categories, entities, types } = chosen?.options ?? view.options
  const shownMessage = chosen ? chosen.message : view.message
  const project = data.projects.find((row) => row._id === selection.projectId)
  const fixed = project?.globalCategory ?? null
  const savedKeys = new Set(data.saved.map(keyOf))
  const formAction = pagePath(selection.projectId)

  const chooseProject = (projectId: string) => {
    if (unsavedChanges(cards, data.saved, removed)) setDialog({ pendingProjectId: projectId })
    else navigate(pagePath(projectId))
  }
  // Called while the select's change event runs: the form already holds the new choice.
  const choose = () => {
    const formData = new FormData(formRef.current ?? undefined)
    formData.set('intent', 'update')
    chooser.submit(formData, { method: 'post', action: formAction })
  }
  const closeDialog = () => {
    setDialog(null)
    // The project select shows the project still open.
    setProjectReset((count) => count + 1)
  }
  const changeCard = (index: number, change: (card: CardDraft) => CardDraft) => setCards((current) => current.map((card, at) => (at === index ? change(card) : card)))
  const setNumber = (index: number, text: string) =>
    changeCard(index, (card) => {
      const size = parseNumber(text)
      return { ...card, number: text, names: size === null ? card.names : resized(card.names, size) }
    })
  const setName = (index: number, at: number, text: string) =>
    changeCard(index, (card) => ({ ...card, names: card.names.map((entry, position) => (position === at ? { ...entry, name: text } : entry)) }))
  const remove = (index: number) => {
    const key = keyOf(cards[index])
    if (savedKeys.has(key)) setRemoved((current) => (current.includes(key) ? current : [...current, key]))
    setCards((current) => current.filter((_, at) => at !== index))
  }
  const namesOf = (card: CardDraft) => {
    const template = templateOf(data.templates, card)
    const saved = data.saved.find((row) => keyOf(row) === keyOf(card))
    return {
      project: project?.name ?? saved?.projectName ?? '',
      category: template?.categoryId.name ?? saved?.categoryName ?? '',
      entity: template?.entityId.name ?? saved?.entityName ?? '',
      type: template?.planningId.typeName ?? saved?.typeName ?? '',
    }
  }
  const messageAt = (at: Message['at']) =>
    shownMessage?.at === at ? (
      <div aria-live="polite">
        <FormMessage tone={shownMessage.tone}>{shownMessage.text}</FormMessage>
      </div>
    ) : null

  return (
    <Form ref={formRef} method="post" action={formAction} preventScrollReset className="stack" aria-label="Project resource planning">
      {/* Enter applies what is typed (choices, Numbers), as Apply and Update do. */}
      <button type="submit" name="intent" value="update" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      {(Object.keys(selection) as (keyof Selection)[]).map((name) => (
        <input key={name} type="hidden" name={field.current(name)} value={selection[name]} />
      ))}
      {removed.map((key) => (
        <input key={key} type="hidden" name={field.removed} value={key} />
      ))}

      <section className="card project-choice" aria-label="Next card">
        <div className="filters">
          <ChoiceSelect
            id="plan-project"
            label="Project"
            name="projectId"
            placeholder="Select project"
            options={data.projects}
            value={selection.projectId}
            resetKey={`${selection.projectId}-${projectReset}`}
            onChange={chooseProject}
          />
          {data.can.add ? (
            <>
              <ChoiceSelect
                id="plan-category"
                label="Category"
                name="categoryId"
                placeholder="Select category"
                options={categories}
                value={selection.categoryId}
                disabled={!selection.projectId || fixed !== null}
                onChange={choose}
              />
              <ChoiceSelect id="plan-entity" label="Entity" name="entityId" placeholder="Select entity" options={entities} value={selection.entityId} disabled={!selection.categoryId} onChange={choose} />
              <ChoiceSelect id="plan-type" label="Type" name="typeId" placeholder="Select type" options={types} value={selection.typeId} disabled={!selection.entityId} onChange={choose} />
              <div className="field next-number">
                <div className="label-row">
                  <label htmlFor="plan-number">Number</label>
                  <span id="plan-number-help" className="help">
                    (Used for next card)
                  </span>
                </div>
                <input id="plan-number" type="number" name={field.number} min={1} max={INSTANCES_MAX} step={1} inputMode="numeric" defaultValue={view.state.number} aria-describedby="plan-number-help" />
              </div>
            </>
          ) : null}
          {hydrated ? null : (
            <button type="submit" name="intent" value="update" formNoValidate className="button secondary">
              Apply
            </button>
          )}
          {data.can.add ? (
            <button type="submit" name="intent" value="add" className="button primary" disabled={adding}>
              {adding ? 'Adding...' : 'Add'}
            </button>
          ) : null}
        </div>
        {/* A disabled select sends nothing: the fixed category rides along here. */}
        {fixed ? (
          <>
            <input type="hidden" name="categoryId" value={fixed._id} />
            <p className="help fixed-category">{projectMessages.fixedCategory(fixed.name)}</p>
          </>
        ) : null}
        {messageAt('add')}
      </section>

      {cards.length === 0 ? <p className="card empty">{projectMessages.noCards}</p> : null}
      {cards.map((card, index) => {
        const key = keyOf(card)
        return (
          <ProjectCard
            key={key}
            index={index}
            cardKey={key}
            card={card}
            names={namesOf(card)}
            template={templateOf(data.templates, card)}
            editable={data.can.add}
            removable={data.can.add && (!savedKeys.has(key) || data.can.delete)}
            hydrated={hydrated}
            onNumber={(text) => setNumber(index, text)}
            onName={(at, text) => setName(index, at, text)}
            onRemove={() => remove(index)}
          />
        )
      })}

      {data.can.add && selection.projectId ? (
        <div className="card save-bar">
          {messageAt('save')}
          <div className="actions">
            <button type="submit" name="intent" value="save" className="button primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </div>
      ) : (
        messageAt('save')
      )}

      {dialog ? (
        <Modal title="Unsaved changes" onClose={closeDialog}>
          <input type="hidden" name={field.pendingProjectId} value={dialog.pendingProjectId} />
          <p>{projectMessages.unsavedChanges}</p>
          <div className="actions">
            <button type="submit" name="intent" value="discard" formNoValidate className="button secondary">
              Discard
            </button>
            <button type="submit" name="intent" value="save-switch" formNoValidate className="button primary" disabled={switching}>
              {switching ? 'Saving...' : 'Save now'}
            </button>
          </div>
        </Modal>
      ) : null}
    </Form>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
