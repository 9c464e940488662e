import { formatDate } from '../dates'
import type { Clash } from './assignments'
import type { Range } from './calendar'

/** The words of people over time, one place for the screens, the export and the API. */

/** "3/1/2030–4/15/2030", dates as the spec writes them (en-US). */
export const rangeLabel = (range: Range) => `${formatDate(range.start)}–${formatDate(range.end)}`

/** Where an assignment is: "Skyline Towers / Tower A / Excavation". */
export const placeLabel = (names: { project: string; instance: string; cluster: string }) => `${names.project} / ${names.instance} / ${names.cluster}`

/** How a clash with leave begins: /conflicts links it to the person's profile, where leave is changed. */
export const LEAVE_CLASH = 'On leave'

/**
 * What a clash is with, as Assign Users and the profile name it: "On Skyline Towers / Tower A /
 * Excavation, 3/1/2030–4/15/2030", or "On leave, 5/1/2030–5/9/2030" with its note when it has one.
 * The dates are the other assignment's or the leave's own, so the planner sees the whole booking.
 */
export function clashLabel(clash: Clash, placeOf: (assignmentId: string) => string) {
  if (clash.kind === 'leave') {
    const note = clash.with.note.trim()
    return `${LEAVE_CLASH}${note ? ` (${note})` : ''}, ${rangeLabel(clash.with.range)}`
  }
  return clash.with.dates ? `On ${placeOf(clash.with.id)}, ${rangeLabel(clash.with.dates)}` : `On ${placeOf(clash.with.id)}`
}
