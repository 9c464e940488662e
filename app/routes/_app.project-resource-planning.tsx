import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useRef, useState } from 'react'
import { PRODUCT_NAME, type Permission } from '#domain/constants'
import { INSTANCES_MAX, projectMessages } from '#domain/planning/messages'
import { cardKey, cardsComplete, hasUnsavedChanges } from '#domain/planning/project-plan'
import { isUuid } from '#domain/planning/schemas'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { ProjectCard, asCardState, cardField, parseNumber, resized, withNumber, type CardDraft } from '#app/components/project-card'
import { templateOf } from '#app/components/project-cluster-table'
import { RouteErrorBoundary } from '#app/components/route-error'
import type { Template } from '#app/components/template-table'
import { api, mergeHeaders } from '#app/lib/api.server'
import { useHydrated } from '#app/lib/hydrated'
import { can, requirePermission } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'

export const meta: MetaFunction = () => [{ title: `Project Resource Planning · ${PRODUCT_NAME}` }]

const PATH = '/project-resource-planning'
/** More cards than this in one post is not a plan but a mistake or an attack. */
const CARDS_MAX = 500
const NOTICES: Record<string, string> = { saved: projectMessages.saved }

interface Ref {
  _id: string
  name: string
}
/** GET /api/projects. */
interface Project extends Ref {
  globalCategory: Ref | null
}
/** GET /api/project-resource-instances: a saved card. */
interface SavedCard {
  _id: string
  categoryId: string
  entityId: string
  typeId: string
  names: { _id: string; name: string; projectEntityId: string }[]
  projectName: string
  categoryName: string
  entityName: string
  typeName: string
}

/** The project and the combination chosen for the next card. */
interface Selection {
  projectId: string
  categoryId: string
  entityId: string
  typeId: string
}
/** Everything the page form holds: the choices, Number for the next card, the cards, the deletion queue (card keys). */
interface PlanState {
  selection: Selection
  number: string
  cards: CardDraft[]
  removed: string[]
}
interface Message {
  text: string
  tone: 'error' | 'success'
  /** Beside Add or beside Save Changes. */
  at: 'add' | 'save'
}
/** What the page shows: the loader's for a fresh visit, the action's answer after a post. */
interface View {
  state: PlanState
  options: { categories: Ref[]; entities: Ref[]; types: Ref[] }
  message: Message | null
  /** The unsaved-changes question, asked when the project changes (§4, §5). */
  dialog: { pendingProjectId: string } | null
}

const NO_SELECTION: Selection = { projectId: '', categoryId: '', entityId: '', typeId: '' }
const field = {
  current: (name: keyof Selection) => `current.${name}`,
  number: 'number',
  removed: 'removed',
  pendingProjectId: 'pendingProjectId',
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
const pagePath = (projectId: string, notice?: string) => {
  const params = new URLSearchParams()
  if (projectId) params.set('projectId', projectId)
  if (notice) params.set('notice', notice)
  const search = params.toString()
  return search ? `${PATH}?${search}` : PATH
}
const keyOf = (card: Pick<CardDraft, 'categoryId' | 'entityId' | 'typeId'>) => cardKey(card)
const parseKey = (key: string) => {
  const [categoryId = '', entityId = '', typeId = ''] = key.split('/')
  return { categoryId, entityId, typeId }
}
const isCardKey = (key: string) => Object.values(parseKey(key)).every(isUuid) && key.split('/').length === 3

type Caller = LoaderFunctionArgs | ActionFunctionArgs

// §8: failed loads fall back to empty lists.
async function loadProjects(args: Caller) {
  const result = await api<Project[]>(args, '/api/projects')
  return result.ok ? result.data.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory })) : []
}
async function loadTemplates(args: Caller) {
  const result = await api<{ data: Template[] }>(args, '/api/resource-planning-templates')
  return result.ok ? (result.data.data ?? []) : []
}
async function loadSavedCards(args: Caller, projectId: string): Promise<SavedCard[]> {
  if (!projectId) return []
  const result = await api<SavedCard[]>(args, `/api/project-resource-instances?${query({ projectId })}`)
  return result.ok ? result.data : []
}

const draftOf = (card: SavedCard): CardDraft => ({
  categoryId: card.categoryId,
  entityId: card.entityId,
  typeId: card.typeId,
  number: String(card.names.length),
  names: card.names.map((entry) => ({ name: entry.name, id: entry.projectEntityId })),
})
const unsavedChanges = (cards: CardDraft[], saved: SavedCard[], removed: string[]) =>
  hasUnsavedChanges(cards.map(asCardState), saved.map(draftOf).map(asCardState), removed)

/**
 * The options of a selection, and the selection without the choices they do not hold: the
 * project's global category replaces any other (§2), an entity must be of the category, a type
 * of the entity. The three lists load at once.
 */
async function choicesFor(args: Caller, wanted: Selection, projects: Project[]) {
  const project = projects.find((row) => row._id === wanted.projectId)
  if (!project) return { selection: NO_SELECTION, options: { categories: [], entities: [], types: [] } }
  const categoryId = project.globalCategory?._id ?? wanted.categoryId
  const { entityId, typeId } = wanted
  const [categories, entities, types] = await Promise.all([
    api<Ref[]>(args, `/api/categories?${query({ projectId: project._id })}`),
    categoryId ? api<Ref[]>(args, `/api/entity-types?${query({ projectId: project._id, categoryId })}`) : null,
    categoryId && entityId ? api<{ _id: string; typeName: string }[]>(args, `/api/planning?${query({ categoryId, entityId })}`) : null,
  ])
  const categoryList = categories.ok ? categories.data.map(({ _id, name }) => ({ _id, name })) : []
  const category = categoryList.find((row) => row._id === categoryId)
  const entityList = category && entities?.ok ? entities.data.map(({ _id, name }) => ({ _id, name })) : []
  const entity = entityList.find((row) => row._id === entityId)
  const typeList = entity && types?.ok ? types.data.map((row) => ({ _id: row._id, name: row.typeName })) : []
  const type = typeList.find((row) => row._id === typeId)
  return {
    selection: { projectId: project._id, categoryId: category?._id ?? '', entityId: entity?._id ?? '', typeId: type?._id ?? '' },
    options: { categories: categoryList, entities: entityList, types: typeList },
  }
}

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

/** The page form as posted. Ids that are not ids are dropped, never sent on. */
function readForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '')
  const id = (name: string) => (isUuid(text(name)) ? text(name) : '')
  const selection = (prefix: (name: keyof Selection) => string): Selection => ({
    projectId: id(prefix('projectId')),
    categoryId: id(prefix('categoryId')),
    entityId: id(prefix('entityId')),
    typeId: id(prefix('typeId')),
  })
  const cards: CardDraft[] = []
  for (let index = 0; index < CARDS_MAX && form.has(cardField.key(index)); index++) {
    const key = text(cardField.key(index))
    const names = []
    for (let at = 0; at < INSTANCES_MAX && form.has(cardField.name(index, at)); at++) {
      const saved = text(cardField.id(index, at))
      names.push({ name: text(cardField.name(index, at)), id: isUuid(saved) ? saved : null })
    }
    if (isCardKey(key)) cards.push({ ...parseKey(key), number: text(cardField.number(index)), names })
  }
  return {
    applied: selection(field.current),
    wanted: selection((name) => name),
    number: text(field.number).slice(0, 6) || '1',
    cards,
    removed: [...new Set(form.getAll(field.removed).map(String).filter(isCardKey))].slice(0, CARDS_MAX),
    pendingProjectId: id(field.pendingProjectId),
  }
}

/** §4: a changed category resets entity and type; a changed entity resets the type. */
function resolve(applied: Selection, wanted: Selection): Selection {
  if (wanted.categoryId !== applied.categoryId) return { ...applied, categoryId: wanted.categoryId, entityId: '', typeId: '' }
  if (wanted.entityId !== applied.entityId) return { ...applied, entityId: wanted.entityId, typeId: '' }
  return { ...applied, typeId: wanted.typeId }
}

/**
 * Save (§4): the queued deletions first (so a card removed and added again starts afresh), then
 * every card, in order. Names of saved instances go as {name, projectEntityId}, so renaming keeps
 * their tagged users. A queued card already gone is what the user wanted.
 */
async function saveAll(args: ActionFunctionArgs, projectId: string, cards: CardDraft[], removed: string[]) {
  const headers: Headers[] = []
  // A card exactly as saved (and not queued for deletion) is not sent again: a save costs what changed, not the whole plan.
  const kept = (await loadSavedCards(args, projectId)).filter((card) => !removed.includes(keyOf(card)))
  const asSaved = new Set(kept.map((card) => JSON.stringify(asCardState(draftOf(card)))))
  for (const key of removed) {
    const deleted = await api(args, '/api/project-resource-instances', { method: 'DELETE', body: { projectId, ...parseKey(key) } })
    headers.push(deleted.headers)
    if (!deleted.ok && deleted.error.status !== 404) return { ok: false, headers: mergeHeaders(...headers) }
  }
  for (const card of cards) {
    if (asSaved.has(JSON.stringify(asCardState(card)))) continue
    const saved = await api(args, '/api/project-resource-instances', {
      method: 'POST',
      body: {
        projectId,
        categoryId: card.categoryId,
        entityId: card.entityId,
        typeId: card.typeId,
        number: card.names.length,
        names: card.names.map((entry) => (entry.id ? { name: entry.name, projectEntityId: entry.id } : entry.name)),
      },
    })
    headers.push(saved.headers)
    if (!saved.ok) return { ok: false, headers: mergeHeaders(...headers) }
  }
  return { ok: true, headers: mergeHeaders(...headers) }
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
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? 'update')
  const posted = readForm(form)
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
