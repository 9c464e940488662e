import { Form } from '@remix-run/react'
import type { Ref } from '#domain/contracts/common'
import type { CapacityChoice } from './period'

/**
 * A GET form: the period and filters are the page's address, so every state can be linked to and
 * reached without JavaScript. Apply is always there: month inputs change on every keystroke.
 */
export function CapacityFilters({ action, choice, projects, roles }: { action: string; choice: CapacityChoice; projects: Ref[]; roles: Ref[] }) {
  return (
    <Form method="get" action={action} className="card filters" aria-label="Period and filters">
      <div className="field">
        <label htmlFor="capacity-from">From</label>
        <input id="capacity-from" type="month" name="from" defaultValue={choice.from} placeholder="YYYY-MM" />
      </div>
      <div className="field">
        <label htmlFor="capacity-to">To</label>
        <input id="capacity-to" type="month" name="to" defaultValue={choice.to} placeholder="YYYY-MM" />
      </div>
      <div className="field">
        <label htmlFor="capacity-project">Project</label>
        <select id="capacity-project" name="projectId" defaultValue={choice.projectId}>
          <option value="">All projects</option>
          {projects.map((project) => (
            <option key={project._id} value={project._id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="capacity-role">Role</label>
        <select id="capacity-role" name="roleId" defaultValue={choice.roleId}>
          <option value="">All roles</option>
          {roles.map((role) => (
            <option key={role._id} value={role._id}>
              {role.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button secondary">
        Apply
      </button>
    </Form>
  )
}
