import { Form, Link, useSubmit } from 'react-router'
import type { Ref } from '#domain/contracts/common'
import { ChoiceSelect } from '#app/components/forms'
import { useHydrated } from '#app/lib/hydrated'
import { planningHref, type Selection } from './form'

interface ChoiceCardProps {
  categories: Ref[]
  entities: Ref[]
  category: Ref | null
  entity: Ref | null
  canAdd: boolean
}

/** The category and entity choices (GET parameters, so they work without JavaScript), and what the chosen entity offers. */
export function ChoiceCard({ categories, entities, category, entity, canAdd }: ChoiceCardProps) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const selection: Selection = { categoryId: category?._id, entityId: entity?._id }
  return (
    <section className="card" aria-labelledby="create-type-title">
      <h2 id="create-type-title">Create New Planning Type</h2>
      <Form
        method="get"
        className="filters planning-choice"
        onChange={(event) => {
          // A new category starts the entity choice afresh (spec/administration-planning.md §4).
          const changed = (event.target as EventTarget as HTMLSelectElement).name
          const choice = new FormData(event.currentTarget)
          if (changed === 'categoryId') choice.delete('entityId')
          for (const key of [...choice.keys()]) if (!choice.get(key)) choice.delete(key)
          submit(choice, { method: 'get', replace: true })
        }}
      >
        <ChoiceSelect id="planning-category" label="Category" name="categoryId" placeholder="Select Category" options={categories} value={category?._id ?? ''} />
        {category ? (
          <ChoiceSelect
            id="planning-entity"
            label="Entity"
            name="entityId"
            placeholder="Select Entity"
            options={entities}
            value={entity?._id ?? ''}
            resetKey={`${category._id}-${entity?._id ?? ''}`}
          />
        ) : null}
        {/* With JavaScript a choice applies at once. */}
        {hydrated ? null : (
          <button type="submit" className="button secondary">
            Choose
          </button>
        )}
      </Form>
      {category && entities.length === 0 ? <p className="help">This category has no entities yet.</p> : null}
      {entity ? (
        <div className="selected-entity">
          <p>
            Selected entity: <strong>{entity.name}</strong>
          </p>
          {canAdd ? (
            <div className="actions start">
              <Link to={planningHref(selection, { dialog: 'create-type' })} className="button primary">
                Create Type
              </Link>
              <Link to={planningHref(selection, { dialog: 'add-cluster' })} className="button secondary">
                Add Cluster
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
