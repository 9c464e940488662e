import { formatDate } from '../dates'
import type { Range } from './calendar'

/**
 * A person's leave periods never overlap each other: a period sharing a day with one of
 * theirs, or repeating it, is refused with this sentence naming the one already recorded, "your"
 * leave to the person themselves, "their" leave to an editor recording it for them.
 */
export function overlapMessage(existing: Range, whose: 'own' | 'theirs') {
  return `This overlaps ${whose === 'own' ? 'your' : 'their'} leave ${leaveDays(existing)}.`
}

/** A period's days in words: "on 8/3/2030" for one day, "from 12/1/2030 to 12/5/2030" for more. */
export const leaveDays = (range: Range) => (range.start === range.end ? `on ${formatDate(range.start)}` : `from ${formatDate(range.start)} to ${formatDate(range.end)}`)

/** What a removal of leave answers: how many periods went, in words too. */
export const removedMessage = (count: number) => (count === 1 ? '1 leave period removed' : `${count} leave periods removed`)
