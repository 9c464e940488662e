import { Form, useSubmit } from 'react-router'
import type { Ref } from '#domain/contracts/common'
import { ChoiceSelect } from '#app/components/forms'
import { useHydrated } from '#app/lib/hydrated'
import { searchOf } from '#app/lib/search'
import { PATH, type Combo, type TemplatePage } from './form'

type ChoiceFormProps = Pick<TemplatePage, 'choice' | 'categories' | 'entities' | 'plannings'>

/** Category, then entity, then type: each choice reloads the page (on change with JavaScript, on Apply without). */
export function ChoiceForm({ choice, categories, entities, plannings }: ChoiceFormProps) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const choose = (combo: Partial<Combo>) => submit(searchOf(combo), { method: 'get', action: PATH, preventScrollReset: true })
  const types: Ref[] = plannings.map((row) => ({ _id: row._id, name: row.typeName }))
  return (
    <Form method="get" action={PATH} className="filters card template-choice" aria-label="Template choice">
      <ChoiceSelect
        id="template-category"
        label="Category"
        name="categoryId"
        placeholder="Select category"
        options={categories}
        value={choice.categoryId}
        onChange={(categoryId) => choose({ categoryId })}
      />
      <ChoiceSelect
        id="template-entity"
        label="Entity"
        name="entityId"
        placeholder="Select entity"
        options={entities}
        value={choice.entityId}
        resetKey={`${choice.categoryId}-${choice.entityId}`}
        disabled={!choice.categoryId}
        onChange={(entityId) => choose({ categoryId: choice.categoryId, entityId })}
      />
      <ChoiceSelect
        id="template-type"
        label="Type"
        name="planningId"
        placeholder="Select type"
        options={types}
        value={choice.planningId}
        resetKey={`${choice.entityId}-${choice.planningId}`}
        disabled={!choice.entityId}
        onChange={(planningId) => choose({ ...choice, planningId })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
    </Form>
  )
}
