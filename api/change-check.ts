import type { Holder } from '#domain/access'
import { changeRefusal, type ChangeSet } from '#domain/planning/changes'
import { forbidden } from '#api/refusals'

/**
 * Hears what a save would add, change and remove (domain/planning/changes.ts) once the stored
 * state is read under the save's locks, before it is written: throws to refuse it, or keeps it to
 * judge a larger save as a whole (a plan of several cards).
 */
export type ChangeCheck = (changes: ChangeSet) => void

/**
 * Refuses a save (forbidden, the sentence naming what is missing) whose parts the actor may not
 * all make. Thrown inside the save's transaction, it rolls the transaction back: nothing of the save
 * is written.
 */
export function requireChanges(actor: Holder, changes: ChangeSet) {
  const refusal = changeRefusal(actor, changes)
  if (refusal) throw forbidden(refusal)
}

/** The check of a save made by `actor`. */
export const changesAllowedTo =
  (actor: Holder): ChangeCheck =>
  (changes) =>
    requireChanges(actor, changes)
