import { Form, useSubmit } from 'react-router'
import type { Ref } from '#domain/contracts/common'
import { projectMessages } from '#domain/planning/messages'
import { ChoiceSelect } from '#app/components/forms'
import { useHydrated } from '#app/lib/hydrated'
import { searchOf } from '#app/lib/search'
import { PATH, type Choice } from './form'

interface ChoiceLists {
  choice: Choice
  projects: Ref[]
  categories: Ref[]
  entityTypes: Ref[]
  fixedCategory: Ref | null
}

/** Project, then category, then entity type: each choice reloads the page (on change with JavaScript, on Apply without). */
export function ChoiceForm({ choice, projects, categories, entityTypes, fixedCategory }: ChoiceLists) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  const choose = (next: Partial<Choice>) => submit(searchOf(next), { method: 'get', action: PATH, preventScrollReset: true })
  return (
    <Form method="get" action={PATH} className="card filters timelines-choice" aria-label="Timeline choice">
      <input type="hidden" name="prevProjectId" value={choice.projectId} />
      <input type="hidden" name="prevCategoryId" value={choice.categoryId} />
      <ChoiceSelect
        id="timeline-project"
        label="Project"
        name="projectId"
        placeholder="Select project"
        options={projects}
        value={choice.projectId}
        onChange={(projectId) => choose({ projectId })}
      />
      <ChoiceSelect
        id="timeline-category"
        label="Category"
        name="categoryId"
        placeholder="Select category"
        options={categories}
        value={choice.categoryId}
        resetKey={`${choice.projectId}-${choice.categoryId}`}
        disabled={!choice.projectId || fixedCategory !== null}
        onChange={(categoryId) => choose({ projectId: choice.projectId, categoryId })}
      />
      {/* A disabled select sends nothing: the fixed category rides along here. */}
      {fixedCategory ? <input type="hidden" name="categoryId" value={fixedCategory._id} /> : null}
      <ChoiceSelect
        id="timeline-entity-type"
        label="Entity type"
        name="entityTypeId"
        placeholder="Select entity type"
        options={entityTypes}
        value={choice.entityTypeId}
        resetKey={`${choice.categoryId}-${choice.entityTypeId}`}
        disabled={!choice.categoryId}
        onChange={(entityTypeId) => choose({ ...choice, entityTypeId })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
      {fixedCategory ? <p className="help fixed-category">{projectMessages.fixedCategory(fixedCategory.name)}</p> : null}
    </Form>
  )
}
