import { CascadeForm } from '#app/components/cascade-form'
import { PATH, type TemplatePage } from './form'

type ChoiceFormProps = Pick<TemplatePage, 'choice' | 'categories' | 'entities' | 'plannings'>

/** Category, then entity, then type: the screen's cascade. */
export function ChoiceForm({ choice, categories, entities, plannings }: ChoiceFormProps) {
  return (
    <CascadeForm
      action={PATH}
      label="Template choice"
      className="filters card template-choice"
      levels={[
        { id: 'template-category', label: 'Category', name: 'categoryId', placeholder: 'Select category', options: categories, value: choice.categoryId },
        { id: 'template-entity', label: 'Entity', name: 'entityId', placeholder: 'Select entity', options: entities, value: choice.entityId },
        {
          id: 'template-type',
          label: 'Type',
          name: 'planningId',
          placeholder: 'Select type',
          options: plannings.map((row) => ({ _id: row._id, name: row.typeName })),
          value: choice.planningId,
        },
      ]}
    />
  )
}
