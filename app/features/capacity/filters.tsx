import { Form } from 'react-router'
import { ChoiceSelect } from '#app/components/forms'
import type { Ref } from '#domain/contracts/common'
import { FIRST_YEAR, LAST_YEAR } from '#domain/dates'
import type { CapacityChoice } from './period'

const FIRST_MONTH = `${FIRST_YEAR}-01`
const LAST_MONTH = `${LAST_YEAR}-12`

/**
 * A GET form: the period and filters are the page's address, so every state can be linked to and
 * reached without JavaScript. Apply is always there: month inputs change on every keystroke.
 * A month the API refused (`invalid`) is marked and described by the page's message (`describedBy`).
 */
export function CapacityFilters({
  action,
  choice,
  projects,
  roles,
  invalid = null,
  describedBy,
}: {
  action: string
  choice: CapacityChoice
  projects: Ref[]
  roles: Ref[]
  invalid?: 'from' | 'to' | null
  describedBy?: string
}) {
  const marked = (name: 'from' | 'to') => (invalid === name ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {})
  return (
    <Form method="get" action={action} className="card filters" aria-label="Period and filters">
      <div className="field">
        <label htmlFor="capacity-from">From</label>
        <input id="capacity-from" type="month" name="from" defaultValue={choice.from} placeholder="YYYY-MM" min={FIRST_MONTH} max={LAST_MONTH} {...marked('from')} />
      </div>
      <div className="field">
        <label htmlFor="capacity-to">To</label>
        <input id="capacity-to" type="month" name="to" defaultValue={choice.to} placeholder="YYYY-MM" min={FIRST_MONTH} max={LAST_MONTH} {...marked('to')} />
      </div>
      <ChoiceSelect id="capacity-project" label="Project" name="projectId" placeholder="All projects" options={projects} value={choice.projectId} />
      <ChoiceSelect id="capacity-role" label="Role" name="roleId" placeholder="All roles" options={roles} value={choice.roleId} />
      <button type="submit" className="button secondary">
        Apply
      </button>
    </Form>
  )
}
