import { daysBetween, monthRange, monthsBefore, overlaps, type Day, type Month, type Range } from './calendar'
import { DUE_DAYS } from './limits'

/**
 * Capacity: what each role needs per month against who is tagged, and whom to hire by
 * when. The input is one slot per (project, instance, role, cluster item): its requirement as the
 * Requirement column counts it per instance, the people tagged to it, and its effective dates.
 */

export interface Slot {
  roleId: string
  projectId: string
  instanceId: string
  /** The cluster item: its key (domain/schedule/slots.ts itemKey), and its clusters in plan order. */
  clusterKey: string
  clusterIds: readonly string[]
  requirement: number
  tagged: number
  /** Null when undated: an undated slot is in no month and on no hire-by date. */
  dates: Range | null
}

export interface Cell {
  demand: number
  supply: number
  gap: number
}

/**
 * The requirement of undated slots per role: demand and supply as a month's cell counts
 * them, in no month. Capacity shows it as a "No dates" column so that no demand is dropped
 * silently; roles without undated requirement are absent.
 */
export function undated(slots: readonly Slot[]): Map<string, Cell> {
  const found = new Map<string, Cell>()
  for (const slot of slots) {
    if (slot.dates || slot.requirement + slot.tagged === 0) continue
    const cell = found.get(slot.roleId) ?? { demand: 0, supply: 0, gap: 0 }
    cell.demand += slot.requirement
    cell.supply += slot.tagged
    cell.gap = gapOf(cell.demand, cell.supply)
    found.set(slot.roleId, cell)
  }
  return found
}

/** Demand minus supply, never below 0. */
export const gapOf = (demand: number, supply: number) => Math.max(0, demand - supply)

/**
 * Role × month: a slot counts in every month its dates intersect, with its requirement as demand
 * and its tagged people as supply. Months with no slot of a role are absent from its map.
 */
export function capacity(slots: readonly Slot[], months: readonly Month[]): Map<string, Map<Month, Cell>> {
  const ranges = months.map((month) => [month, monthRange(month)] as const)
  const grid = new Map<string, Map<Month, Cell>>()
  for (const slot of slots) {
    if (!slot.dates) continue
    for (const [month, range] of ranges) {
      if (!overlaps(slot.dates, range)) continue
      let row = grid.get(slot.roleId)
      if (!row) grid.set(slot.roleId, (row = new Map()))
      const cell = row.get(month) ?? { demand: 0, supply: 0, gap: 0 }
      cell.demand += slot.requirement
      cell.supply += slot.tagged
      cell.gap = gapOf(cell.demand, cell.supply)
      row.set(month, cell)
    }
  }
  return grid
}

/** The default lead time of a role: one calendar month, as Deployed By (spec/administration-planning.md §9). */
export const DEFAULT_LEAD_MONTHS = 1

/** The date by which a role's person must be hired: the start minus the role's lead time, on Deployed By's calendar rule. */
export const hireBy = (start: Day, leadMonths: number) => monthsBefore(start, leadMonths)

/** A hire-by date passed ("overdue"), within the next DUE_DAYS days, today included ("due"), or later. */
export const hireStatus = (daysLeft: number): 'overdue' | 'due' | 'later' => (daysLeft < 0 ? 'overdue' : daysLeft <= DUE_DAYS ? 'due' : 'later')

/** One line of the hire-by queue by ids, as computed; the API names it into the answer's HireLine (domain/contracts/schedule.ts). */
export interface HireNeed {
  roleId: string
  projectId: string
  clusterKey: string
  clusterIds: readonly string[]
  needed: number
  hireBy: Day
  /** Negative: late by that many days. */
  daysLeft: number
  start: Day
}

/**
 * The hire-by queue: one line per (role, project, cluster item) with a gap, its instances added up
 * and its earliest start; sorted by hire-by date, then by the larger need.
 */
export function hireQueue(slots: readonly Slot[], leadMonthsOf: (roleId: string) => number, today: Day): HireNeed[] {
  const lines = new Map<string, { roleId: string; projectId: string; clusterKey: string; clusterIds: readonly string[]; requirement: number; tagged: number; start: Day }>()
  for (const slot of slots) {
    if (!slot.dates) continue
    const key = `${slot.roleId}|${slot.projectId}|${slot.clusterKey}`
    const line = lines.get(key)
    if (line) {
      line.requirement += slot.requirement
      line.tagged += slot.tagged
      if (slot.dates.start < line.start) line.start = slot.dates.start
    } else {
      lines.set(key, { roleId: slot.roleId, projectId: slot.projectId, clusterKey: slot.clusterKey, clusterIds: slot.clusterIds, requirement: slot.requirement, tagged: slot.tagged, start: slot.dates.start })
    }
  }
  const queue: HireNeed[] = []
  for (const line of lines.values()) {
    const needed = gapOf(line.requirement, line.tagged)
    if (needed === 0) continue
    const date = hireBy(line.start, leadMonthsOf(line.roleId))
    queue.push({ roleId: line.roleId, projectId: line.projectId, clusterKey: line.clusterKey, clusterIds: line.clusterIds, needed, hireBy: date, daysLeft: daysBetween(today, date), start: line.start })
  }
  return queue.sort((a, b) => (a.hireBy < b.hireBy ? -1 : a.hireBy > b.hireBy ? 1 : b.needed - a.needed))
}
