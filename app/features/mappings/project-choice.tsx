import type { Ref } from '#domain/contracts/common'
import { CascadeForm } from '#app/components/cascade-form'
import { MAPPING_PATH } from './assign'

/** The project: the screen's cascade, of one select. */
export function ProjectChoice({ projects, projectId }: { projects: Ref[]; projectId: string }) {
  return (
    <CascadeForm
      action={MAPPING_PATH}
      label="Project choice"
      className="filters card mapping-choice"
      levels={[{ id: 'mapping-project', label: 'Project', name: 'projectId', placeholder: 'Select project', options: projects, value: projectId }]}
    />
  )
}
