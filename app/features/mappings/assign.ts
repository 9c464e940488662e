/**
 * Tagging users to one cluster row of User Entity Mapping: the screen's address and words, the
 * row key `?assign=` carries, a person as the tagging screens show one, and what a save answers.
 * Pure, for the route, its feature modules and the Assign Users component alike.
 */

export const MAPPING_PATH = '/user-entity-mapping'
/** spec/administration-planning.md §8, word for word. */
export const SAVED_MESSAGE = 'Saved successfully'

/** A person, the dialog's context and the row key: the API's screen answer names them so (domain/planning/mapping). */
export { assignKey, parseAssignKey, type AssignContext, type Person } from '#domain/planning/mapping'

/** The element id of a row's Tag Users cell: where a save without JavaScript lands. */
export const tagCellId = (key: string) => `tags-${key.replace(/[^A-Za-z0-9-]/g, '-')}`

/** What the route's action answers a save (the popover reads it through its fetcher). */
export interface SaveAnswer {
  key: string
  selected: string[]
  error: string | null
  saved: string | null
}
