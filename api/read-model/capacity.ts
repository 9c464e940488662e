import type { Capacity, HireLine } from '#domain/contracts/schedule'
import { pageOfList } from '#domain/pages'
import { capacity, gapOf, hireStatus, undated, type Cell } from '#domain/schedule/capacity'
import { monthRange, type Month } from '#domain/schedule/calendar'
import { JsonText } from '#api/json-text'
import type { PlanPart } from '#api/schedule/load'
import { keptQueue, type KeptPlans } from './answers'
import { keptText, keptWith } from './kept'

/*
 * GET /api/capacity's and GET /api/hire-queue's answers, kept as the JSON they are sent as (and its
 * bytes, encoded once). Both
 * answer the whole hire-by queue (thousands of lines, a megabyte at ten times the large dataset),
 * and a planner rereads them far more often than anyone writes: written once per reading of the
 * plans, a reread costs the revisions' query and sending the text. After a change, the grid is the
 * kept sum with the moved projects' counts taken out and put back, and the queue's text is each
 * kept line's own text joined: nothing is worked out again from every slot.
 */

/** One role's counts in a grid over some months: demand and supply per month (in the months' order) and undated, and how many projects give it a place in each. */
export interface RoleCounts {
  readonly demand: readonly number[]
  readonly supply: readonly number[]
  /** How many projects have a dated slot of this role in the months: the role has a row of the grid while any do. */
  readonly dated: number
  readonly undated: { readonly demand: number; readonly supply: number }
  /** How many projects have undated requirement of this role: the role has a "No dates" cell while any do. */
  readonly undatedIn: number
}
/** The role × month counts of some projects, by role id. */
export type CapacityCounts = ReadonlyMap<string, RoleCounts>

/** One project's counts: the grid and the undated requirement of its slots, as domain/schedule/capacity.ts counts them. */
export function countsOf(slots: PlanPart['slots'], months: readonly Month[]): Map<string, RoleCounts> {
  const grid = capacity(slots, months)
  const noDates = undated(slots)
  const counts = new Map<string, RoleCounts>()
  for (const roleId of new Set([...grid.keys(), ...noDates.keys()])) {
    const row = grid.get(roleId)
    const none = noDates.get(roleId)
    counts.set(roleId, {
      demand: months.map((month) => row?.get(month)?.demand ?? 0),
      supply: months.map((month) => row?.get(month)?.supply ?? 0),
      dated: row ? 1 : 0,
      undated: { demand: none?.demand ?? 0, supply: none?.supply ?? 0 },
      undatedIn: none ? 1 : 0,
    })
  }
  return counts
}

/** Adds (sign 1) or takes out (sign -1) one project's counts. Counts are whole numbers of people, so taking out is exact. */
function add(into: Map<string, { demand: number[]; supply: number[]; dated: number; undated: { demand: number; supply: number }; undatedIn: number }>, counts: CapacityCounts, sign: 1 | -1) {
  for (const [roleId, role] of counts) {
    let total = into.get(roleId)
    if (!total) into.set(roleId, (total = { demand: role.demand.map(() => 0), supply: role.supply.map(() => 0), dated: 0, undated: { demand: 0, supply: 0 }, undatedIn: 0 }))
    for (let at = 0; at < role.demand.length; at++) {
      total.demand[at]! += sign * role.demand[at]!
      total.supply[at]! += sign * role.supply[at]!
    }
    total.dated += sign * role.dated
    total.undated.demand += sign * role.undated.demand
    total.undated.supply += sign * role.undated.supply
    total.undatedIn += sign * role.undatedIn
    if (total.dated === 0 && total.undatedIn === 0) into.delete(roleId)
  }
}

/**
 * Every project's counts added up. Given the sum kept for the parts before a change, the moved
 * projects' old counts are taken out and their new ones put in (each project's kept with its part):
 * a change costs the projects it touched. With nothing kept, or most projects moved, all are added.
 */
export function summed(parts: readonly PlanPart[], countsOfPart: (part: PlanPart) => CapacityCounts, before?: { parts: readonly PlanPart[]; counts: CapacityCounts }): CapacityCounts {
  const keptPart = new Map(before?.parts.map((part) => [part.projectId, part]))
  const moved = parts.filter((part) => keptPart.get(part.projectId) !== part)
  const current = new Set(parts.map((part) => part.projectId))
  const gone = before?.parts.filter((part) => !current.has(part.projectId)) ?? []
  const total = new Map<string, { demand: number[]; supply: number[]; dated: number; undated: { demand: number; supply: number }; undatedIn: number }>()
  if (!before || moved.length + gone.length > parts.length / 2) {
    for (const part of parts) add(total, countsOfPart(part), 1)
    return total
  }
  for (const [roleId, role] of before.counts) total.set(roleId, { demand: [...role.demand], supply: [...role.supply], dated: role.dated, undated: { ...role.undated }, undatedIn: role.undatedIn })
  for (const part of [...moved, ...gone]) {
    const old = keptPart.get(part.projectId)
    if (old) add(total, countsOfPart(old), -1)
  }
  for (const part of moved) add(total, countsOfPart(part), 1)
  return total
}

/** Each project's counts over some months, kept with its part; the whole organisation's, kept with the reading of every plan. Keyed by the months. */
const keptCountsOfPart = keptWith<PlanPart, CapacityCounts>('capacityOfPart')
const keptCounts = keptWith<KeptPlans['perProject'], CapacityCounts>('capacity')

/** The counts of the projects and role asked for (either may be left out), over `months`. */
export function capacityCounts(every: Pick<KeptPlans, 'perProject'>, months: readonly Month[], projectId?: string, roleId?: string): CapacityCounts {
  const key = months.join(' ')
  const ofPart = (part: PlanPart) => keptCountsOfPart(part, key, () => countsOf(part.slots, months))
  const parts = every.perProject.parts
  const chosen = projectId ? parts.find((part) => part.projectId === projectId) : undefined
  const counts = projectId
    ? (chosen ? ofPart(chosen) : new Map<string, RoleCounts>())
    : keptCounts(every.perProject, key, (before) => summed(parts, ofPart, before && { parts: before.on.parts, counts: before.value }))
  if (!roleId) return counts
  const role = counts.get(roleId)
  return new Map(role ? [[roleId, role]] : [])
}

/** GET /api/capacity's answer but its queue, from the counts: the roles with a row or a "No dates" cell, by name. */
export function capacityGrid(roleRows: KeptPlans['roleRows'], counts: CapacityCounts, months: readonly Month[]): Omit<Capacity, 'hireQueue'> {
  const cell = (demand: number, supply: number): Cell => ({ demand, supply, gap: gapOf(demand, supply) })
  return {
    from: monthRange(months[0]!).start,
    to: monthRange(months.at(-1)!).end,
    months: [...months],
    roles: roleRows
      .filter((role) => counts.has(role.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((role) => {
        const row = counts.get(role.id)!
        return {
          role: { _id: role.id, name: role.name },
          leadMonths: role.leadMonths,
          // A month no slot of the role is in counts zeros, as does "No dates" without undated requirement.
          cells: months.map((month, at) => ({ month, ...cell(row.demand[at]!, row.supply[at]!) })),
          undated: cell(row.undated.demand, row.undated.supply),
        }
      }),
  }
}

/** The queue's lines as JSON: each kept line's own text, joined. */
const queueText = (lines: readonly HireLine[]) => `[${lines.map(keptText).join(',')}]`

/** What is asked for: a project, a role, either or neither. */
export interface Choice {
  projectId?: string
  roleId?: string
}
const choiceKey = (choice: Choice) => `${choice.projectId ?? ''} ${choice.roleId ?? ''}`

const keptGridText = keptWith<KeptPlans, string>('capacityGrid')
const keptChosenQueue = keptWith<KeptPlans, { lines: readonly HireLine[]; overdue: number }>('chosenQueue')
const keptCapacityText = keptWith<KeptPlans, JsonText>('capacityAnswer')
const keptQueueText = keptWith<KeptPlans, JsonText>('hireQueueAnswer')

/** GET /api/capacity's grid as JSON (its answer but the queue), kept with the reading of the plans per months and choice: it does not depend on the day. */
const gridText = (every: KeptPlans, months: readonly Month[], choice: Choice) =>
  keptGridText(every, `${months[0]} ${months.at(-1)} ${choiceKey(choice)}`, () => JSON.stringify(capacityGrid(every.roleRows, capacityCounts(every, months, choice.projectId, choice.roleId), months)))

/** The hire-by queue's lines of a choice, in order, and how many of them are late: kept with the reading of the plans per day and choice. */
export const chosenQueue = (every: KeptPlans, today: string, choice: Choice) =>
  keptChosenQueue(every, `${today} ${choiceKey(choice)}`, () => {
    const lines = keptQueue(every, today).filter((line) => (!choice.projectId || line.project._id === choice.projectId) && (!choice.roleId || line.role._id === choice.roleId))
    return { lines, overdue: lines.filter((line) => hireStatus(line.daysLeft) === 'overdue').length }
  })

/**
 * GET /api/capacity's answer as JSON, kept with the reading of the plans per day, months and
 * choice: the grid, then the hire-by queue of the same project and role (the answer's last field),
 * which the screen shows below the grid: one reading of the plans answers both.
 */
export const capacityText = (every: KeptPlans, today: string, months: readonly Month[], choice: Choice) =>
  keptCapacityText(every, `${today} ${months[0]} ${months.at(-1)} ${choiceKey(choice)}`, () => new JsonText(`${gridText(every, months, choice).slice(0, -1)},"hireQueue":${queueText(chosenQueue(every, today, choice).lines)}}`))

/** GET /api/hire-queue's answer without a period as JSON: the whole queue of the project and role asked for, kept as GET /api/capacity's is. */
export const hireQueueText = (every: KeptPlans, today: string, choice: Choice) => keptQueueText(every, `${today} ${choiceKey(choice)}`, () => new JsonText(queueText(chosenQueue(every, today, choice).lines)))

/**
 * The Capacity screen's answer as JSON: the grid, one page of the queue (the page past the last
 * reads as the last, domain/pages.ts) with the queue's length, and how many of its lines are late.
 * Written per request from the kept grid and lines: a page is its fifty lines' kept texts.
 */
export function capacityScreenText(every: KeptPlans, today: string, months: readonly Month[], choice: Choice, page: number) {
  const { lines, overdue } = chosenQueue(every, today, choice)
  const queue = pageOfList(lines, page)
  return `${gridText(every, months, choice).slice(0, -1)},"queue":{"page":${queue.page},"rows":${queueText(queue.rows)},"total":${queue.total}},"overdue":${overdue}}`
}
