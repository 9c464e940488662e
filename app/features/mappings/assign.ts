/**
 * Tagging users to one cluster row of User Entity Mapping: the screen's address and words, the
 * row key `?assign=` carries, a person as the tagging screens show one, and what a save answers.
 * Pure, for the route, its feature modules and the Assign Users component alike.
 */

export const MAPPING_PATH = '/user-entity-mapping'
/** spec/administration-planning.md §8, word for word. */
export const SAVED_MESSAGE = 'Saved successfully'

/** A user as the tagging screens show one: the full name, else the email (spec/administration-planning.md §2). */
export interface Person {
  _id: string
  label: string
  email: string
  /** Over the row's dates (issue 13): how many assignments they hold there, and what tagging them would clash with. */
  load?: number
  clashes?: string[]
  /** Set when they do not hold the row's role: the role they hold (Assign Users lists them after those who do). */
  otherRole?: string
}
export const personOf = (user: { _id: string; fullName: string | null; email: string }): Person => ({
  _id: user._id,
  label: user.fullName?.trim() || user.email,
  email: user.email,
})

/** What the dialog says it is tagging: the row's cluster, role and instance. */
export interface AssignContext {
  cluster: string
  role: string
  instance: string
}

/** The ?assign= value naming one row: instance, role and the cluster ids of its item. */
export const assignKey = (projectEntityId: string, roleId: string, clusterIds: readonly string[]) => `${projectEntityId}:${roleId}:${clusterIds.join(',')}`
export function parseAssignKey(key: string) {
  const [projectEntityId = '', roleId = '', clusters = ''] = key.split(':')
  return { projectEntityId: projectEntityId.trim(), roleId: roleId.trim(), clusterIds: clusters.split(',').filter(Boolean) }
}
/** The element id of a row's Tag Users cell: where a save without JavaScript lands. */
export const tagCellId = (key: string) => `tags-${key.replace(/[^A-Za-z0-9-]/g, '-')}`

/** What the route's action answers a save (the popover reads it through its fetcher). */
export interface SaveAnswer {
  key: string
  selected: string[]
  error: string | null
  saved: string | null
}
