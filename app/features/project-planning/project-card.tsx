import type { MouseEvent } from 'react'
import { INSTANCES_MAX, NAME_MAX } from '#domain/planning/messages'
import { remainingPeople, requirement } from '#domain/planning/project-plan'
import { ProjectClusterTable, planItemOf } from '#app/components/project-cluster-table'
import type { Template } from '#app/components/template-table'
import { cardField, type CardDraft } from './card'

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
 * A card (spec/administration-planning.md §2): its project, category, entity and type, the × that removes it, Number and the
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
