import type { AuditAction, AuditEntityType, AuditEntry, AuditFieldChange } from '#domain/contracts/audit'
import { SYSTEM_ACTOR_LABEL } from '#domain/audit'
import { shownText } from '#domain/text'
import { hrefOf } from '#app/lib/search'

/** How the audit log's entries read on /audit, on a profile and in the export. Client-safe. */

/** What each kind of thing is called on the screens. */
export const ENTITY_TYPE_NAMES: Record<AuditEntityType, string> = {
  user: 'Account',
  profile: 'Profile',
  role: 'Role',
  leave: 'Leave',
  category: 'Category',
  entity: 'Entity type',
  cluster: 'Cluster',
  template: 'Planning template',
  planning: 'Planning type',
  project: 'Project',
  instance: 'Project instance',
  tag: 'Assignment (tag)',
  'cluster dates': 'Cluster dates',
}

export const ACTION_NAMES: Record<AuditAction, string> = { created: 'Created', changed: 'Changed', removed: 'Removed' }

/** Beside a person whose account has gone: their email is no longer known. */
export const REMOVED_ACCOUNT = 'account removed'

/**
 * Who made a change, as a reader is shown it. A person: the name they had (control characters and
 * bidirectional overrides shown as �, so a name kept before the rule cannot reorder or break what
 * follows it) and, beside it, their email (or that their account is gone): two people who chose one
 * name, or one who chose another's, differ there. The name alone when it is the email. The system:
 * its label and nothing beside it, which no person's line can be (no person may be named so).
 */
export function personShown(person: { name: string | null; email: string | null }): { name: string; aside: string | null } {
  const name = shownText(person.name || person.email || '')
  const aside = person.email ? shownText(person.email) : REMOVED_ACCOUNT
  return { name, aside: person.email && name.toLowerCase() === aside.toLowerCase() ? null : aside }
}

/** An entry's actor as one line of text (the export): "System", "Asha Rao (asha@example.com)". */
export function actorText(actor: AuditEntry['actor']): string {
  if (actor._id === null) return SYSTEM_ACTOR_LABEL
  const { name, aside } = personShown(actor)
  return aside ? `${name} (${aside})` : name
}

const profileHref = (id: string) => `/users/${encodeURIComponent(id)}/profile`
const withProject = (path: string, projectId: string | null) => hrefOf(path, { projectId })

/**
 * Where an entry's "What" leads: the screen of the thing it is about. A person's things open their
 * profile; a project's, the project's screen for that kind of change; the rest, their screen.
 */
export function entryHref(entry: Pick<AuditEntry, 'entityType' | 'entityId' | 'subjectId' | 'projectId' | 'action'>): string | null {
  const project = entry.projectId ?? (entry.entityType === 'project' ? entry.entityId : null)
  switch (entry.entityType) {
    case 'user':
    case 'profile':
    case 'leave':
      return profileHref(entry.subjectId ?? entry.entityId)
    case 'role':
      return '/roles'
    case 'category':
    case 'entity':
      return '/setup'
    case 'cluster':
    case 'planning':
      return '/planning'
    case 'template':
      return '/resource-planning-template'
    case 'project':
      // A removed project has no screen left to open.
      return entry.action === 'removed' ? '/setup' : withProject('/project-resource-planning', project)
    case 'instance':
      return withProject('/project-resource-planning', project)
    case 'tag':
      return withProject('/user-entity-mapping', project)
    case 'cluster dates':
      return withProject('/project-cluster-timelines', project)
    default:
      return null
  }
}

/** A value as the Changes column shows it: lists joined, nothing as "none", objects as their JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(valueText).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** One field of a change: "status: Active → Inactive", "name: Tower B" (created), "password: changed" (a secret). */
export function changeText(change: AuditFieldChange): string {
  if (change.secret) return `${change.field}: changed`
  const had = 'before' in change
  const has = 'after' in change
  if (had && has) return `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`
  return `${change.field}: ${valueText(had ? change.before : change.after)}`
}

/** A field holding ids (`userId`, `clusterIds`): the entry's label already names what they point at. */
const isIdField = (field: string) => /Ids?$/.test(field.split('.').at(-1) ?? field)

/**
 * The fields a reader is shown: ids left out where the entry says more than them (a tag's label
 * names the person, the instance, the role and the clusters); an entry of ids alone keeps them, so
 * no change is shown as none.
 */
export function readableChanges(changes: readonly AuditFieldChange[]): readonly AuditFieldChange[] {
  const readable = changes.filter((change) => !isIdField(change.field))
  return readable.length > 0 ? readable : changes
}
