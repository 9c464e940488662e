import { can, isAdmin, type Holder } from '#domain/access'

export interface ShellLink {
  to: string
  label: string
}

/** What the shell (sidebar, or the phone's menu) lists for one person: only screens they can open. */
export interface ShellLinks {
  main: ShellLink[]
  /** The Resource Planning group; empty for someone who may open none of it. */
  planning: ShellLink[]
}

/**
 * Every screen here but the dashboard and one's own profile answers 403 without `view` (its loader's
 * requirePermission), so `view` alone decides what else is listed, the audit log and the API reference
 * apart (administrators only). Schedule leads the planning group: it is the planner's home.
 */
const ADMINISTRATION: ShellLink[] = [
  { to: '/users', label: 'Users' },
  { to: '/roles', label: 'Role & Permissions' },
]
const PLANNING: ShellLink[] = [
  { to: '/schedule', label: 'Schedule' },
  { to: '/planning', label: 'Planning' },
  { to: '/resource-planning-template', label: 'Planning Template' },
  { to: '/project-resource-planning', label: 'Project Resource Planning' },
  { to: '/user-entity-mapping', label: 'User Entity Mapping' },
  { to: '/project-cluster-timelines', label: 'Cluster Timelines' },
  { to: '/role-project-clusters', label: 'Role Project Clusters' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/capacity', label: 'Capacity' },
  { to: '/conflicts', label: 'Conflicts' },
]

export const MY_PROFILE = 'My profile'
/** The audit log is the administrators' alone: its loader answers 403 to everyone else. */
export const AUDIT_LOG: ShellLink = { to: '/audit', label: 'Audit log' }
/** So is the API reference: the OpenAPI document it lists names every call, which is no one else's business. */
export const API_REFERENCE: ShellLink = { to: '/api-reference', label: 'API reference' }

/** `profile` is the person's own /users/{id}/profile. */
export function shellLinks(person: Holder, profile: string): ShellLinks {
  const own = [
    { to: '/dashboard', label: 'Dashboard' },
    { to: profile, label: MY_PROFILE },
  ]
  if (!can(person, 'view')) return { main: own, planning: [] }
  return { main: [...own, ...ADMINISTRATION, ...(isAdmin(person) ? [AUDIT_LOG, API_REFERENCE] : [])], planning: PLANNING }
}

/** Screens opened from a screen rather than from the shell: their names for the phone's top bar. */
const UNLISTED: ShellLink[] = [
  { to: '/role-history', label: 'Role History' },
  { to: '/setup', label: 'Setup' },
  { to: '/users/', label: 'User profile' },
]

/** The name of the screen at `pathname`, for the phone's top bar: its link's, or the longest path it lies under. */
export function pageName({ main, planning }: ShellLinks, pathname: string) {
  const under = (link: ShellLink) => pathname === link.to || pathname.startsWith(link.to.endsWith('/') ? link.to : `${link.to}/`)
  const found = [...UNLISTED, ...main, ...planning].filter(under).sort((a, b) => b.to.length - a.to.length)[0]
  return found?.label ?? ''
}
