import { formatDate } from '../dates'
import type { Range } from './calendar'

/**
 * A person's leave periods never overlap each other (issue 28): a period sharing a day with one of
 * theirs, or repeating it, is refused with this sentence naming the one already recorded, "your"
 * leave to the person themselves, "their" leave to an editor recording it for them.
 */
export function overlapMessage(existing: Range, whose: 'own' | 'theirs') {
  const days = existing.start === existing.end ? `on ${formatDate(existing.start)}` : `from ${formatDate(existing.start)} to ${formatDate(existing.end)}`
  return `This overlaps ${whose === 'own' ? 'your' : 'their'} leave ${days}.`
}

/** What a removal of leave answers: how many periods went, in words too. */
export const removedMessage = (count: number) => (count === 1 ? '1 leave period removed' : `${count} leave periods removed`)
