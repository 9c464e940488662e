import { Form, useBeforeUnload, useBlocker, useFetcher, useNavigate, useSubmit } from 'react-router'
import { useCallback, useRef, useState } from 'react'
import { INSTANCES_MAX, projectMessages } from '#domain/planning/messages'
import { CascadeSelects } from '#app/components/cascade-form'
import { FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { parseNumber, resized, type CardDraft } from './card'
import { ProjectCard } from './project-card'
import { templateOf } from '#app/components/project-cluster-table'
import { useHydrated } from '#app/lib/hydrated'
import { useSubmitting } from '#app/lib/submitting'
import { field, keyOf, pagePath, unsavedChanges, type Message, type PlanPage, type Selection, type View } from './form'

/**
 * The one form of the page. With JavaScript the choices post on change, a project change goes
 * straight there (or asks first), and Number and × act at once in the page; the state the form
 * posts next is what the page shows.
 */
export function PlanForm({ view, page }: { view: View; page: PlanPage }) {
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
  const chooser = useFetcher<View>()
  const chosen = chooser.data ?? null
  const { selection } = chosen?.state ?? view.state
  const { categories, entities, types } = chosen?.options ?? view.options
  const shownMessage = chosen ? chosen.message : view.message
  const project = page.projects.find((row) => row._id === selection.projectId)
  const fixed = project?.globalCategory ?? null
  const savedKeys = new Set(page.saved.map(keyOf))
  const formAction = pagePath(selection.projectId)

  const dirty = unsavedChanges(cards, page.saved, removed)
  const chooseProject = (projectId: string) => {
    if (dirty) setDialog({ pendingProjectId: projectId })
    else navigate(pagePath(projectId))
  }
  // Leaving the screen with changes not saved (the sidebar, any link, Back) asks first too. Posts
  // of this form stay on its path, and a project change asks through its own dialog above.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  // Closing or reloading the tab: the browser asks in its own words.
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty) event.preventDefault()
      },
      [dirty],
    ),
  )
  const submit = useSubmit()
  const saveAndLeave = (to: string) => {
    const formData = new FormData(formRef.current ?? undefined)
    formData.set('intent', 'save')
    formData.set(field.leaveTo, to)
    blocker.reset?.()
    submit(formData, { method: 'post', action: formAction })
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
    const template = templateOf(page.templates, card)
    const saved = page.saved.find((row) => keyOf(row) === keyOf(card))
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
          <CascadeSelects
            levels={[
              {
                id: 'plan-project',
                label: 'Project',
                name: 'projectId',
                placeholder: 'Select project',
                options: page.projects,
                value: selection.projectId,
                resetKey: `${selection.projectId}-${projectReset}`,
              },
              ...(page.can.add
                ? [
                    { id: 'plan-category', label: 'Category', name: 'categoryId', placeholder: 'Select category', options: categories, value: selection.categoryId, fixed },
                    { id: 'plan-entity', label: 'Entity', name: 'entityId', placeholder: 'Select entity', options: entities, value: selection.entityId },
                    { id: 'plan-type', label: 'Type', name: 'typeId', placeholder: 'Select type', options: types, value: selection.typeId },
                  ]
                : []),
            ]}
            // A project is a new page (asked first when there are changes); the others narrow the next card's choice in place.
            onChoose={(values, index) => (index === 0 ? chooseProject(values.projectId ?? '') : choose())}
          />
          {page.can.add ? (
            <div className="field next-number">
              <div className="label-row">
                <label htmlFor="plan-number">Number</label>
                <span id="plan-number-help" className="help">
                  (Used for next card)
                </span>
              </div>
              <input id="plan-number" type="number" name={field.number} min={1} max={INSTANCES_MAX} step={1} inputMode="numeric" defaultValue={view.state.number} aria-describedby="plan-number-help" />
            </div>
          ) : null}
          {hydrated ? null : (
            <button type="submit" name="intent" value="update" formNoValidate className="button secondary">
              Apply
            </button>
          )}
          {page.can.add ? (
            <button type="submit" name="intent" value="add" className="button primary" disabled={adding}>
              {adding ? 'Adding...' : 'Add'}
            </button>
          ) : null}
        </div>
        {fixed ? <p className="help fixed-category">{projectMessages.fixedCategory(fixed.name)}</p> : null}
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
            template={templateOf(page.templates, card)}
            editable={page.can.add}
            removable={page.can.add && (!savedKeys.has(key) || page.can.delete)}
            hydrated={hydrated}
            onNumber={(text) => setNumber(index, text)}
            onName={(at, text) => setName(index, at, text)}
            onRemove={() => remove(index)}
          />
        )
      })}

      {page.can.add && selection.projectId ? (
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

      {blocker.state === 'blocked' ? (
        <Modal title="Unsaved changes" onClose={() => blocker.reset()}>
          <p>{projectMessages.unsavedChanges}</p>
          <div className="actions">
            <button type="button" className="button secondary" onClick={() => blocker.proceed()}>
              Discard
            </button>
            <button type="button" className="button primary" disabled={saving} onClick={() => saveAndLeave(blocker.location.pathname + blocker.location.search)}>
              {saving ? 'Saving...' : 'Save now'}
            </button>
          </div>
        </Modal>
      ) : null}
    </Form>
  )
}
