import type { Availability } from '#domain/contracts/schedule'
import { byPerson, holdsOver, type Assignment } from '#domain/schedule/assignments'
import { clashLabel, placeLabel } from '#domain/schedule/describe'
import { itemKey } from '#domain/schedule/slots'
import type { Executor } from '#api/db/client'
import { loadLeave, loadPlans, projectsOf } from './load'

export const SLOT_NOT_FOUND = "Not a cluster of this role in the project's plan"

/** The slot GET /api/availability and Assign Users read: one instance's role on one cluster item of a project. */
export interface AvailabilitySlot {
  projectId: string
  instanceId: string
  roleId: string
  clusterIds: string[]
}

/**
 * Some people over one slot: for each, how many of their assignments fall in its dates and what
 * tagging them would clash with, named. Null when the slot is not in the project's plan.
 */
export async function availabilityOf(db: Executor, slotOf: AvailabilitySlot, userIds: string[]): Promise<Availability | null> {
  const [plans, candidatesLeave] = await Promise.all([
    projectsOf(db, userIds).then((ids) => loadPlans(db, [...new Set([...ids, slotOf.projectId])])),
    loadLeave(db, userIds),
  ])
  const key = itemKey(slotOf.clusterIds)
  const slot = plans.slots.find((row) => row.projectId === slotOf.projectId && row.instanceId === slotOf.instanceId && row.roleId === slotOf.roleId && row.clusterKey === key)
  if (!slot) return null
  const assignmentsOf = byPerson(plans.assignments.filter((row) => !(row.instanceId === slot.instanceId && row.roleId === slot.roleId && itemKey(row.clusterIds) === key)))
  const leaveOf = byPerson(candidatesLeave)
  return {
    startDate: slot.dates?.start ?? null,
    endDate: slot.dates?.end ?? null,
    people: userIds.map((userId) => {
      const held = holdsOver(slot.dates, assignmentsOf.get(userId) ?? [], leaveOf.get(userId) ?? [])
      const place = (row: Assignment) => placeLabel({ project: plans.projectNames.get(row.projectId) ?? '', instance: plans.instanceNames.get(row.instanceId) ?? '', cluster: plans.labelOf(row.clusterIds) })
      return {
        userId,
        load: held.assignments.length,
        // By start date, then by words: the same list whatever order the rows came in.
        clashes: [
          ...held.assignments.map((row) => [row.dates!.start, clashLabel({ kind: 'assignment', with: row, days: row.dates! }, () => place(row))] as const),
          ...held.leave.map((period) => [period.range.start, clashLabel({ kind: 'leave', with: period, days: period.range }, () => '')] as const),
        ]
          .sort(([a, aText], [b, bText]) => a.localeCompare(b) || aText.localeCompare(bText))
          .map(([, text]) => text),
      }
    }),
  }
}
