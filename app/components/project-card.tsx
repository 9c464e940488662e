import type { MouseEvent } from 'react'
import { INSTANCES_MAX, NAME_MAX } from '#domain/planning/messages'
import { remainingPeople, requirement, resizeNames } from '#domain/planning/project-plan'
import { ProjectClusterTable, planItemOf } from '#app/components/project-cluster-table'
import type { Template } from '#app/components/template-table'

/** One instance name as typed; `id` is the saved instance's projectEntityId, so renaming keeps its tagged users. */
export interface NameDraft {
  name: string
  id: string | null
}
/** A card of Project Resource Planning as the page holds it: Number as typed, and its instance names. */
export interface CardDraft {
  categoryId: string
  entityId: string
  typeId: string
  number: string
  names: NameDraft[]
}

/** The page form's field names of a card (its index in the page) and of its names. */
export const cardField = {
  key: (card: number) => `card.${card}.key`,
  number: (card: number) => `card.${card}.number`,
  name: (card: number, at: number) => `card.${card}.name.${at}`,
  id: (card: number, at: number) => `card.${card}.id.${at}`,
}

interface ProjectCardProps {
  index: number
  /** The card's combination as cardKey() writes it: posted back with the card. */
  cardKey: string
  card: CardDraft
  names: { project: string; category: string; entity: string; type: string }
  template: Template | undefined
  /** Without `add` the card is read-only. */
  editable: boolean
  /** Whether the × is offered: a saved card also needs `delete`. */
  removable: boolean
  /** With JavaScript, Number and × act in the page; without it, Update and × post the form. */
  hydrated: boolean
  onNumber: (text: string) => void
  onName: (at: number, text: string) => void
  onRemove: () => void
}

/**
 * A card (§2): its project, category, entity and type, the × that removes it, Number and the
 * instance names; under it the roles of its template, each collapsible with its cluster table.
 */
export function ProjectCard({ index, cardKey, card, names, template, editable, removable, hydrated, onNumber, onName, onRemove }: ProjectCardProps) {
  const headingId = `card-${index}-title`
  const numberId = `card-${index}-number`
  const title = `${names.entity} / ${names.type}`
  // The figures follow the instances the card has: Number once it is applied.
  const instances = card.names.length
  const inPage = (act: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return
    event.preventDefault()
    act()
  }
  return (
    <section className="card project-card" aria-labelledby={headingId}>
      <input type="hidden" name={cardField.key(index)} value={cardKey} />
      <div className="project-card-head">
        <h2 id={headingId}>{title}</h2>
        {removable ? (
          <button
            type="submit"
            name="intent"
            value={`remove:${index}`}
            formNoValidate
            className="button secondary remove-card"
            aria-label={`Remove ${title}`}
            title="Remove"
            onClick={inPage(onRemove)}
          >
            ×
          </button>
        ) : null}
      </div>
      <dl className="details card-facts">
        <dt>Project</dt>
        <dd>{names.project}</dd>
        <dt>Category</dt>
        <dd>{names.category}</dd>
        <dt>Entity</dt>
        <dd>{names.entity}</dd>
        <dt>Type</dt>
        <dd>{names.type}</dd>
      </dl>
      <div className="card-number">
        <label htmlFor={numberId}>Number</label>
        <input
          id={numberId}
          type="number"
          name={cardField.number(index)}
          min={1}
          max={INSTANCES_MAX}
          step={1}
          inputMode="numeric"
          className="people-input"
          value={card.number}
          readOnly={!editable}
          onChange={(event) => onNumber(event.target.value)}
        />
        {editable && !hydrated ? (
          <button type="submit" name="intent" value="update" className="button secondary">
            Update
          </button>
        ) : null}
      </div>
      <div className="instance-names">
        {card.names.map((entry, at) => (
          <span key={at}>
            <input type="hidden" name={cardField.id(index, at)} value={entry.id ?? ''} />
            <input
              type="text"
              name={cardField.name(index, at)}
              placeholder={`Name ${at + 1}`}
              aria-label={`Name ${at + 1}`}
              maxLength={NAME_MAX}
              value={entry.name}
              readOnly={!editable}
              onChange={(event) => onName(at, event.target.value)}
            />
          </span>
        ))}
      </div>
      {template?.roleClusters.map((role) => (
        <details key={role.roleId._id} className="card-role">
          <summary>
            <span className="card-role-name">{role.roleId.name}</span> <span className="muted-text">{role.clusters.length} clusters</span>
          </summary>
          <ProjectClusterTable
            caption={`${role.roleId.name}: clusters of ${title}`}
            rows={role.clusters.map((item, at) => {
              const planned = planItemOf(item)
              return { key: item._id ?? String(at), item, remaining: remainingPeople(planned), requirement: requirement(planned, instances) }
            })}
          />
        </details>
      ))}
    </section>
  )
}

/** Number as typed, when it is one: a whole number from 1 to INSTANCES_MAX. */
export function parseNumber(text: string): number | null {
  const value = Number(text)
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= INSTANCES_MAX ? value : null
}

/** The names resized to `size` (domain resizeNames), each keeping its saved instance. */
export const resized = (names: readonly NameDraft[], size: number): NameDraft[] =>
  resizeNames(
    names.map((entry) => entry.name),
    size,
  ).map((name, at) => ({ name, id: names[at]?.id ?? null }))

/** A card with its Number applied: as many names as Number says (an invalid Number keeps the names it has). */
export function withNumber(card: CardDraft): CardDraft {
  const size = parseNumber(card.number) ?? Math.max(1, card.names.length)
  return { ...card, number: String(size), names: resized(card.names, size) }
}

/** What the unsaved-changes rule and cardsComplete read of a card. */
export const asCardState = (card: CardDraft) => ({
  categoryId: card.categoryId,
  entityId: card.entityId,
  typeId: card.typeId,
  number: Number(card.number),
  names: card.names.map((entry) => entry.name),
})
