import { Form, useSubmit } from 'react-router'
import type { Ref } from '#domain/contracts/common'
import { MAPPING_PATH } from './assign'
import { ChoiceSelect } from '#app/components/forms'
import { useHydrated } from '#app/lib/hydrated'
import { searchOf } from '#app/lib/search'

/** The project select: a GET form (on change with JavaScript, on Apply without). */
export function ProjectChoice({ projects, projectId }: { projects: Ref[]; projectId: string }) {
  const submit = useSubmit()
  const hydrated = useHydrated()
  return (
    <Form method="get" action={MAPPING_PATH} className="filters card mapping-choice" aria-label="Project choice">
      <ChoiceSelect
        id="mapping-project"
        label="Project"
        name="projectId"
        placeholder="Select project"
        options={projects}
        value={projectId}
        onChange={(value) => submit(searchOf({ projectId: value }), { method: 'get', action: MAPPING_PATH })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
    </Form>
  )
}
