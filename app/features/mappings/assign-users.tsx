import { Form, Link, useFetcher } from 'react-router'
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { assignmentProblem, requirementLabel, taggingMessages } from '#domain/planning/project-plan'
import { FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { keepTabInside } from '#app/lib/focus-trap'
import { useHydrated } from '#app/lib/hydrated'
import { MAPPING_PATH, parseAssignKey, tagCellId, type AssignContext, type Person, type SaveAnswer } from './assign'

/**
 * Tagging users to one cluster row of User Entity Mapping (spec/administration-planning.md §2, §5): the Tag Users cell with its
 * chips, the 'Assign Users' popover (JavaScript) and the same dialog rendered by the server from
 * the URL (?assign=…, JavaScript off). Both save through the route's action.
 */

type Requirement = { direct: number; interchange: number; total: number }
const NO_USERS = 'No users found.'
/** How long typing pauses before the search asks the server: one request per word, not per key. */
const SEARCH_DELAY_MS = 250

/** Where the popover's candidates come from: a resource route answering them alone, not the page's loader. */
const CANDIDATES_PATH = `${MAPPING_PATH}/candidates`
/** What it answers for ?projectId=…&key=…&q=…. */
interface SearchAnswer {
  key: string
  candidates: Person[]
}

const projectQuery = (projectId: string) => new URLSearchParams({ projectId }).toString()

export function UserChips({ users, label }: { users: readonly Person[]; label: string }) {
  if (users.length === 0) return null
  return (
    <ul className="chips" aria-label={label}>
      {users.map((user) => (
        <li key={user._id} className="chip" title={user.email}>
          <span className="chip-text">{user.label}</span>
        </li>
      ))}
    </ul>
  )
}

interface TagUsersProps {
  projectId: string
  rowKey: string
  tagged: Person[]
  requirement: Requirement
  context: AssignContext
  /** Save needs `add`: without it the chips show and no Assign button. */
  canAssign: boolean
  /** The instance open in the one-at-a-time view, carried so the dialog and its save come back to it. */
  instance?: string
}

/**
 * The Tag Users cell. Assign Users is a GET form's button, so without JavaScript it opens the
 * server's dialog (?projectId&assign=…) with the page at this row (its fragment); with
 * JavaScript it opens the popover beside the row. A save without JavaScript comes back to the row
 * with the confirmation flashed (the route's action); one in the popover says it in the row.
 */
export function TagUsers({ projectId, rowKey, tagged, requirement, context, canAssign, instance }: TagUsersProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const popoverId = useId()
  return (
    <div className="tag-users" id={tagCellId(rowKey)}>
      <UserChips users={tagged} label="Tagged users" />
      {canAssign ? (
        <Form method="get" action={`${MAPPING_PATH}#${tagCellId(rowKey)}`} className="assign-open">
          <input type="hidden" name="projectId" value={projectId} />
          <input type="hidden" name="assign" value={rowKey} />
          {instance ? <input type="hidden" name="instance" value={instance} /> : null}
          <button
            ref={button}
            type="submit"
            className="button secondary small"
            aria-haspopup="dialog"
            aria-expanded={hydrated ? open : undefined}
            aria-controls={open ? popoverId : undefined}
            onClick={(event) => {
              if (!hydrated) return
              event.preventDefault()
              setMessage(null)
              setOpen((value) => !value)
            }}
          >
            Assign Users
          </button>
        </Form>
      ) : null}
      <div aria-live="polite">{message ? <FormMessage tone="success">{message}</FormMessage> : null}</div>
      {open ? (
        <AssignPopover
          id={popoverId}
          anchor={button}
          projectId={projectId}
          rowKey={rowKey}
          initial={tagged}
          requirement={requirement}
          context={context}
          onClose={(refocus) => {
            setOpen(false)
            if (refocus) button.current?.focus()
          }}
          onSaved={(text) => {
            setOpen(false)
            setMessage(text)
            button.current?.focus()
          }}
        />
      ) : null}
    </div>
  )
}

/** Where the popover goes: under its button, or above it when the window has no room below. */
function usePlacement(anchor: RefObject<HTMLElement | null>, panel: RefObject<HTMLElement | null>) {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null)
  useLayoutEffect(() => {
    const gap = 6
    const margin = 8
    const update = () => {
      const target = anchor.current?.getBoundingClientRect()
      const own = panel.current
      if (!target || !own) return
      const height = own.offsetHeight
      const below = target.bottom + gap
      const above = target.top - gap - height
      // Low in the window with no room above either: the page scrolls up to make room under the button (the button stays in view).
      const short = below + height + margin - window.innerHeight
      const canScroll = window.scrollY + window.innerHeight < document.documentElement.scrollHeight
      if (short > 0 && above < margin && canScroll && target.top - short >= margin) {
        window.scrollBy({ top: short })
        return // the scroll event places it
      }
      const wanted = short > 0 && above >= margin ? above : below
      // Never past the window's edges (its Save must stay reachable), even when the button scrolls away.
      const top = Math.max(margin, Math.min(wanted, window.innerHeight - height - margin))
      const left = Math.max(margin, Math.min(target.left, window.innerWidth - own.offsetWidth - margin))
      setPlace((current) => (current && current.top === top && current.left === left ? current : { top, left }))
    }
    update()
    // Fixed to the window, so it follows the button when the page or the table scrolls, and its own size as results arrive.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null
    if (panel.current) resized?.observe(panel.current)
    window.addEventListener('resize', update)
    window.addEventListener('scroll', update, true)
    return () => {
      resized?.disconnect()
      window.removeEventListener('resize', update)
      window.removeEventListener('scroll', update, true)
    }
  }, [anchor, panel])
  return place
}

interface PopoverProps {
  id: string
  anchor: RefObject<HTMLButtonElement | null>
  projectId: string
  rowKey: string
  initial: Person[]
  requirement: Requirement
  context: AssignContext
  onClose: (refocus: boolean) => void
  onSaved: (message: string) => void
}

/**
 * The 'Assign Users' popover: a multi-select 'Search Users' whose options a fetcher loads from
 * user-entity-mapping.candidates as the user types (never the whole user list), chips of the selection, Cancel and
 * Save. A selection past the requirement is refused as it is made (spec/administration-planning.md §5 "on selection").
 */
function AssignPopover({ id, anchor, projectId, rowKey, initial, requirement, context, onClose, onSaved }: PopoverProps) {
  const search = useFetcher<SearchAnswer>()
  const save = useFetcher<SaveAnswer>()
  const [query, setQuery] = useState('')
  const [selected, setSelected] = useState<Person[]>(initial)
  const [problem, setProblem] = useState<string | null>(requirement.total === 0 ? taggingMessages.zeroRequirement : null)
  const [error, setError] = useState<string | null>(null)
  const [active, setActive] = useState(-1)
  const panel = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const place = usePlacement(anchor, panel)
  const titleId = useId()
  const listId = useId()
  const optionId = (index: number) => `${listId}-${index}`
  const callbacks = useRef({ onClose, onSaved })
  callbacks.current = { onClose, onSaved }

  // Once placed: until then the panel is hidden, and a hidden field cannot take the focus.
  const placed = place !== null
  useEffect(() => {
    if (placed) input.current?.focus()
  }, [placed])

  // The candidates for the row and the typed text, once typing pauses.
  const { load } = search
  useEffect(() => {
    const timer = setTimeout(
      () => load(`${CANDIDATES_PATH}?${new URLSearchParams({ projectId, key: rowKey, q: query.trim() })}`),
      query ? SEARCH_DELAY_MS : 0,
    )
    return () => clearTimeout(timer)
  }, [load, projectId, rowKey, query])

  useEffect(() => {
    if (save.state !== 'idle' || !save.data || save.data.key !== rowKey) return
    if (save.data.saved) callbacks.current.onSaved(save.data.saved)
    else setError(save.data.error)
  }, [save.state, save.data, rowKey])

  // A click elsewhere closes it (focus stays where the click put it); Escape closes it and returns to the button.
  useEffect(() => {
    const outside = (event: MouseEvent) => {
      const target = event.target as Node
      if (!panel.current?.contains(target) && !anchor.current?.contains(target)) callbacks.current.onClose(false)
    }
    const escape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') callbacks.current.onClose(true)
    }
    document.addEventListener('mousedown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('mousedown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [anchor])

  const candidates = search.data?.key === rowKey ? search.data.candidates : null
  const isSelected = (person: Person) => selected.some((user) => user._id === person._id)

  const toggle = (person: Person) => {
    setError(null)
    if (isSelected(person)) {
      const rest = selected.filter((user) => user._id !== person._id)
      setSelected(rest)
      setProblem(requirement.total === 0 && rest.length === 0 ? taggingMessages.zeroRequirement : null)
      return
    }
    const refused = assignmentProblem(requirement.total, selected.length + 1, 'select')
    setProblem(refused)
    if (!refused) setSelected([...selected, person])
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = candidates?.length ?? 0
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault()
      setActive((index) => (index + 1) % count)
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault()
      setActive((index) => (index <= 0 ? count - 1 : index - 1))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const person = candidates?.[active]
      if (person) toggle(person)
    }
  }

  const submit = () => {
    setError(null)
    if (!projectId) return setError(taggingMessages.selectProject)
    if (!parseAssignKey(rowKey).projectEntityId) return setError(taggingMessages.projectEntityMissing)
    const body = new FormData()
    body.set('projectId', projectId)
    body.set('assign', rowKey)
    body.set('inPage', '1')
    for (const user of selected) body.append('userIds', user._id)
    save.submit(body, { method: 'post', action: `${MAPPING_PATH}?${projectQuery(projectId)}` })
  }

  return (
    <div
      id={id}
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      className="assign-popover"
      onKeyDown={keepTabInside}
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
    >
      <h3 id={titleId}>Assign Users</h3>
      <AssignFacts context={context} requirement={requirement} />
      <label htmlFor={`${id}-search`} className="assign-label">
        Search Users
      </label>
      <input
        ref={input}
        id={`${id}-search`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={active >= 0 && candidates?.[active] ? optionId(active) : undefined}
        placeholder="Type name or email"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-multiselectable="true" aria-label="Users" className="assign-options">
        {candidates === null ? (
          <li className="muted-text">Loading...</li>
        ) : candidates.length === 0 ? (
          <li className="muted-text">{NO_USERS}</li>
        ) : (
          candidates.map((person, index) => (
            <li
              key={person._id}
              id={optionId(index)}
              role="option"
              aria-selected={isSelected(person)}
              className={index === active ? 'active' : undefined}
              // Keeps the focus in the search box, so typing goes on after a pick.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => toggle(person)}
            >
              <PersonText person={person} />
            </li>
          ))
        )}
      </ul>
      {problem ? (
        <p className="errors" role="alert">
          {problem}
        </p>
      ) : null}
      {selected.length ? (
        <ul className="chips" aria-label="Selected users">
          {selected.map((user) => (
            <li key={user._id} className="chip" title={user.email}>
              <span className="chip-text">{user.label}</span>
              <button type="button" className="chip-remove" aria-label={`Remove ${user.label}`} onClick={() => toggle(user)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessage tone="error">{error}</FormMessage>
      <div className="actions">
        <button type="button" className="button secondary" onClick={() => onClose(true)}>
          Cancel
        </button>
        <button type="button" className="button primary" disabled={save.state !== 'idle'} onClick={submit}>
          Save
        </button>
      </div>
    </div>
  )
}

function PersonText({ person }: { person: Person }) {
  return (
    <>
      <span>{person.label}</span>
      {person.label !== person.email ? <span className="muted-text"> {person.email}</span> : null}
      {person.otherRole ? <span className="badge muted other-role">{`Other role: ${person.otherRole}`}</span> : null}
      {person.load === undefined ? null : <span className="muted-text">{` · ${person.load} ${person.load === 1 ? 'assignment' : 'assignments'} in these dates`}</span>}
      {person.clashes?.length ? (
        <span className="clashes">
          {person.clashes.map((clash) => (
            <span key={clash} className="clash">
              <span className="badge warning">Conflict</span> {clash}
            </span>
          ))}
        </span>
      ) : null}
    </>
  )
}

function AssignFacts({ context, requirement }: { context: AssignContext; requirement: Requirement }) {
  return (
    <p className="muted-text assign-facts">
      {context.cluster} · {context.role} · {context.instance}
      <br />
      Requirement: {requirementLabel(requirement)}
    </p>
  )
}

interface AssignDialogProps {
  projectId: string
  rowKey: string
  requirement: Requirement
  context: AssignContext
  q: string
  /** The users to offer: the selection first, then the tagged ones, then the search results. */
  choices: Person[]
  /** Who is ticked: the tagged users, or what the last search or save carried. */
  selected: string[]
  error: string | null
  /** The page's own URL: posting to it brings the same dialog back when the save is refused. */
  postTo: string
  closeTo: string
  onClose: () => void
  /** As TagUsers' own: the instance the one-at-a-time view had open. */
  instance?: string
}

/**
 * The same dialog rendered by the server (?assign=…), for browsers without JavaScript: one form
 * whose Search button reloads it by GET, carrying the ticked users along (picked=1&userIds=…),
 * and whose Save posts the ticked users.
 */
export function AssignDialog({ projectId, rowKey, requirement, context, q, choices, selected, error, postTo, closeTo, onClose, instance }: AssignDialogProps) {
  const ticked = new Set(selected)
  const searchId = useId()
  return (
    <Modal title="Assign Users" onClose={onClose} width={560}>
      <AssignFacts context={context} requirement={requirement} />
      {requirement.total === 0 ? (
        <p className="errors" role="alert">
          {taggingMessages.zeroRequirement}
        </p>
      ) : null}
      <Form method="post" action={postTo} className="assign-dialog">
        <input type="hidden" name="projectId" value={projectId} />
        <input type="hidden" name="assign" value={rowKey} />
        <input type="hidden" name="picked" value="1" />
        {instance ? <input type="hidden" name="instance" value={instance} /> : null}
        <label htmlFor={searchId} className="assign-label">
          Search Users
        </label>
        <div className="inline-search">
          <input id={searchId} type="search" name="q" defaultValue={q} placeholder="Type name or email" />
          {/* The first button: Enter in the search box searches. */}
          <button type="submit" formMethod="get" formAction={`${MAPPING_PATH}#${tagCellId(rowKey)}`} className="button secondary">
            Search
          </button>
        </div>
        <UserChips users={choices.filter((person) => ticked.has(person._id))} label="Selected users" />
        {choices.length === 0 ? (
          <p className="muted-text">{NO_USERS}</p>
        ) : (
          <fieldset className="assign-choices" key={selected.join(',')}>
            <legend className="visually-hidden">Users</legend>
            {choices.map((person) => (
              <label key={person._id} className="checkbox">
                <input type="checkbox" name="userIds" value={person._id} defaultChecked={ticked.has(person._id)} />
                <PersonText person={person} />
              </label>
            ))}
          </fieldset>
        )}
        <FormMessage tone="error">{error}</FormMessage>
        <div className="actions">
          <Link to={closeTo} className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary">
            Save
          </button>
        </div>
      </Form>
    </Modal>
  )
}
