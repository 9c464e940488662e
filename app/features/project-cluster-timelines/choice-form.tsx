import type { Ref } from '#domain/contracts/common'
import { projectMessages } from '#domain/planning/messages'
import { CascadeForm } from '#app/components/cascade-form'
import { PATH, type Choice } from './form'

interface ChoiceLists {
  choice: Choice
  projects: Ref[]
  categories: Ref[]
  entityTypes: Ref[]
  fixedCategory: Ref | null
}

/**
 * Project, then category, then entity type: the screen's cascade. Without JavaScript Apply also
 * sends the choice the page showed (prev*), so the loader knows which select changed.
 */
export function ChoiceForm({ choice, projects, categories, entityTypes, fixedCategory }: ChoiceLists) {
  return (
    <CascadeForm
      action={PATH}
      label="Timeline choice"
      className="card filters timelines-choice"
      hidden={{ prevProjectId: choice.projectId, prevCategoryId: choice.categoryId }}
      levels={[
        { id: 'timeline-project', label: 'Project', name: 'projectId', placeholder: 'Select project', options: projects, value: choice.projectId },
        { id: 'timeline-category', label: 'Category', name: 'categoryId', placeholder: 'Select category', options: categories, value: choice.categoryId, fixed: fixedCategory },
        { id: 'timeline-entity-type', label: 'Entity type', name: 'entityTypeId', placeholder: 'Select entity type', options: entityTypes, value: choice.entityTypeId },
      ]}
    >
      {fixedCategory ? <p className="help fixed-category">{projectMessages.fixedCategory(fixedCategory.name)}</p> : null}
    </CascadeForm>
  )
}
