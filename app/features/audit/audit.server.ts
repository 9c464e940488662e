import { auditQuerySchema } from '#domain/audit-query'
import type { AuditEntry } from '#domain/contracts/audit'
import { canonicalId, isUuid } from '#domain/ids'
import { listAudit } from '#app/lib/api/audit.server'
import { listProjects } from '#app/lib/api/catalog.server'
import { listOr, type Caller } from '#app/lib/api/http.server'
import { listUsers } from '#app/lib/api/people.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { parseWithSchema } from '#app/lib/validation'
import type { AuditFilters } from './query'

/** The calls of /audit and its export. */

/** A person the typed text may mean, offered as a link when it means more than one. */
export interface PersonChoice {
  email: string
  name: string
}

/** The person filter as typed, resolved: one person's id, or why not (nobody or several match). */
type PersonFilter = { id?: string; problem?: string; choices?: PersonChoice[] }

/** How many people a search that matches several offers to pick from. */
const CHOICES = 10

/**
 * The person filter names one person: an id (from a link), an email, or text matching one person's
 * name or email. Several matches are offered as choices; an exact email wins over the others.
 */
async function resolvePerson(caller: Caller, typed: string): Promise<PersonFilter> {
  if (!typed) return {}
  const email = typed.toLowerCase()
  if (isUuid(typed)) return { id: canonicalId(typed) }
  const found = await listUsers(caller, new URLSearchParams({ q: typed, limit: String(CHOICES) }))
  if (!found.ok) return { problem: `The people could not be searched: ${messageOr(found.error, FALLBACK_MESSAGE)}` }
  const { users, total } = found.data
  const exact = users.find((user) => user.email.toLowerCase() === email)
  const one = exact ?? (users.length === 1 ? users[0] : undefined)
  if (one) return { id: one._id }
  if (users.length === 0) return { problem: `No one matches “${typed}”.` }
  return {
    problem: `${total} people match “${typed}”: pick one.`,
    // By name, as a person looks for one (the list answers the newest accounts first).
    choices: users.map((user) => ({ email: user.email, name: user.fullName || user.email })).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email)),
  }
}

/** Each filter's problem, by field, as the API would name it: the form shows it beside the field. */
function filterProblems(filters: AuditFilters): Record<string, string> {
  const { entityType, projectId, from, to } = filters
  const submission = parseWithSchema(new URLSearchParams({ entityType, projectId, from, to }), { schema: auditQuerySchema })
  if (submission.status === 'success') return {}
  // A field's last message; the whole query's own (no field) under `form`.
  return Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name || 'form', messages?.at(-1) ?? '']))
}

export interface AuditReading {
  entries: AuditEntry[]
  total: number
  /** The filters' problems by field, and the person filter's (nobody or several match). */
  problems: Record<string, string>
  choices: PersonChoice[]
  /** Why the log could not be read, when it could not. */
  failed: string | null
}

/** A page of the entries the filters pick (`limit` for the export, which reads them all at once). */
export async function readAudit(caller: Caller, filters: AuditFilters, window: { page?: number; limit?: number }): Promise<AuditReading> {
  const none = { entries: [], total: 0, choices: [], failed: null }
  const problems = filterProblems(filters)
  if (Object.keys(problems).length > 0) return { ...none, problems }
  const person = await resolvePerson(caller, filters.person)
  if (person.problem) return { ...none, problems: { person: person.problem }, choices: person.choices ?? [] }
  const result = await listAudit(caller, {
    person: person.id,
    entityType: filters.entityType,
    projectId: filters.projectId,
    from: filters.from,
    to: filters.to,
    page: window.page && window.page > 1 ? String(window.page) : undefined,
    limit: window.limit ? String(window.limit) : undefined,
  })
  if (!result.ok) {
    // A refusal naming a field ("person: …") goes beside it; anything else above the list.
    const message = messageOr(result.error, FALLBACK_MESSAGE)
    const field = /^(person|entityType|projectId|from|to|page): (.*)$/.exec(message)
    return field ? { ...none, problems: { [field[1]!]: field[2]! } } : { ...none, problems: {}, failed: message }
  }
  return { ...result.data, problems: {}, choices: [], failed: null }
}

/** The project filter's choices: every project, by name as the API answers them. */
export async function projectOptions(caller: Caller) {
  const projects = await listProjects(caller)
  return listOr(projects).map((project) => ({ _id: project._id, name: project.name }))
}
