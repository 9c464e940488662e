import type { Day, Range } from '#domain/schedule/calendar'
import { placeholderOrder, placeholders, type Placeholder } from '#domain/schedule/grid'
import type { PlanPart, Plans } from '#api/schedule/load'
import type { EveryPlan } from './every-plan'
import { linesInOrder } from './in-order'
import { keptWith } from './kept'

/** What unfilled demand is worked out from: the kept reading of every plan, per project too, and the roles' lead times. */
export interface DemandReading {
  /** The kept reading of every plan: a new one after any change to the plans or roles. */
  plans: Plans
  /** The same plans per project: the demand of a project that did not move is kept with its part. */
  perProject: EveryPlan
  roleRows: readonly { id: string; leadMonths: number }[]
  leadMonthsOf: (roleId: string) => number
}

const keptDemand = keptWith<EveryPlan, readonly Placeholder[]>('demand')
const keptDemandOfPart = keptWith<PlanPart, readonly Placeholder[]>('demandOfPart')

/**
 * Unfilled demand over a window, kept with the reading of every plan by day, window and lead times.
 * The whole organisation's demand is the costliest part of a Schedule page (a year of months: tens
 * of ms on the bench's large dataset), and planners ask for the same few windows again and again.
 * A line is one instance's, so it is worked out per project and kept with its part too: after a
 * change, only the moved projects' lines are worked out again. The filters apply to its lines
 * afterwards.
 */
export function demandOver(reading: DemandReading, today: Day, window: Range): readonly Placeholder[] {
  const key = `${today}|${window.start}|${window.end}|${reading.roleRows.map((role) => `${role.id}:${role.leadMonths}`).join(' ')}`
  // Each project's lines in the order of the parts, as the whole slots list has them: sorted stably, the same as `placeholders` over every slot.
  const linesOf = (part: PlanPart) => keptDemandOfPart(part, key, () => placeholders(part.slots, reading.leadMonthsOf, today, window))
  // After a change, the moved projects' lines put in place among the others (./in-order.ts).
  return keptDemand(reading.perProject, key, (before) =>
    linesInOrder(reading.perProject.parts, linesOf, (line) => line.projectId, placeholderOrder, before && { parts: before.on.parts, lines: before.value }),
  )
}
