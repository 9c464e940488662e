import { Form, Link } from 'react-router'
import { ChoiceSelect } from '#app/components/forms'
import { AUDIT_ENTITY_TYPES } from '#domain/contracts/audit'
import type { Ref } from '#domain/contracts/common'
import { FIRST_YEAR, LAST_YEAR } from '#domain/dates'
import { ENTITY_TYPE_NAMES } from './present'
import { AUDIT_PATH, auditHref, hasFilters, type AuditFilters, type AuditState } from './query'
import type { PersonChoice } from './audit.server'

const TYPES = AUDIT_ENTITY_TYPES.map((type) => ({ _id: type, name: ENTITY_TYPE_NAMES[type] }))

/** A field's problem, tied to it. */
function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className="errors" role="alert">
      {text}
    </p>
  ) : null
}

/**
 * The audit log's filters as one GET form (DESIGN §6): the person as an email or a name (a text
 * field works without JavaScript, and a select of every person would not fit a large install),
 * the kind of thing, the project and the days. Apply is always there.
 */
export function AuditFilterForm({ filters, projects, problems, choices }: { filters: AuditState; projects: Ref[]; problems: Record<string, string>; choices: PersonChoice[] }) {
  const marked = (name: string) => (problems[name] ? { 'aria-invalid': true, 'aria-describedby': `audit-${name}-problem` } : {})
  return (
    <Form method="get" action={AUDIT_PATH} className="card filters audit-filters" aria-label="Filters">
      <div className="field">
        <label htmlFor="audit-person">Person (email or name)</label>
        <input id="audit-person" type="search" name="person" defaultValue={filters.person} key={filters.person} autoComplete="off" {...marked('person')} />
        <Problem id="audit-person-problem" text={problems.person} />
        {choices.length > 0 ? (
          <ul className="audit-choices" aria-label="People matching">
            {choices.map((choice) => (
              <li key={choice.email}>
                <Link to={auditHref(filters, { person: choice.email })}>
                  {choice.name === choice.email ? choice.email : `${choice.name} (${choice.email})`}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ChoiceSelect id="audit-type" label="Kind of change" name="entityType" placeholder="All kinds" options={TYPES} value={filters.entityType} />
      <ChoiceSelect id="audit-project" label="Project" name="projectId" placeholder="All projects" options={projects} value={filters.projectId} />
      <div className="field">
        <label htmlFor="audit-from">From</label>
        <input id="audit-from" type="date" name="from" defaultValue={filters.from} key={`from-${filters.from}`} min={`${FIRST_YEAR}-01-01`} max={`${LAST_YEAR}-12-31`} {...marked('from')} />
        <Problem id="audit-from-problem" text={problems.from} />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To</label>
        <input id="audit-to" type="date" name="to" defaultValue={filters.to} key={`to-${filters.to}`} min={`${FIRST_YEAR}-01-01`} max={`${LAST_YEAR}-12-31`} {...marked('to')} />
        <Problem id="audit-to-problem" text={problems.to} />
      </div>
      <div className="audit-filter-actions">
        <button type="submit" className="button secondary">
          Apply
        </button>
        {hasFilters(filters) ? (
          <Link to={AUDIT_PATH} className="button ghost">
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

export type { AuditFilters }
