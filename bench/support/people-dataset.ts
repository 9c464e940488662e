/**
 * The data of `bench:people` (issue 13, people over time), in two steps on one database:
 *
 * - **small**: 1 project (1 instance × 2 roles × 4 clusters), 10 people, 20 tags and 10 leave
 *   periods, everything through the API;
 * - **large**, added to it: 30 projects in all (the largest 12 instances × 8 roles × 10 clusters),
 *   1,000 people, 10,000 tags and 2,000 leave periods;
 * - **ten times** the large one, added to it (issue 29): 300 projects, 10,000 people, 100,000 tags
 *   and 20,000 leave periods. The catalog, plans, cards, lead times and
 *   Site overrides go through the API; the 990 people, their 9,980 tags and 1,990 leave periods
 *   straight into the tables (bench/support/dataset.ts says why), each tag within its row's
 *   tagging requirement (`domain/planning/project-plan.ts`).
 *
 * Clusters are dated from next month over the following two years (two stay undated), so that
 * capacity's twelve months, the conflicts and the hire-by queue all have work. People are tagged
 * slot by slot in date order, each to someone free over the slot's dates while anyone is, so the
 * conflicts are the ones the load forces (none, as it turns out) plus one deliberate double booking
 * in 30 slots, most across projects; leave falls where it falls, some of it during an assignment.
 */
import type { Db } from '#api/db/client'
import { leave } from '#api/db/schema'
import { taggingRequirement, type PlanItem } from '#domain/planning/project-plan'
import { addDays, monthsBefore, overlaps, type Range } from '#domain/schedule/calendar'
import type { Client } from '../../tests/support/api-harness'
import { catalog, makeUsers, type Plan } from './dataset'

/** What the bench asks about a dataset: the largest project, the person with the most assignments, and the sizes. */
export interface PeopleDataset {
  largestProjectId: string
  busiestPersonId: string
  /** The busiest person's tags. */
  busiestTags: number
  projects: number
  people: number
  tags: number
  leave: number
  /** The largest project's (instance, role, cluster) rows: its timeline's bars. */
  largestBars: number
}

interface Slot {
  dates: Range | null
  requirement: number
  count: number
  projectId: string
}

/** A fixed pseudo-random sequence (LCG): the same data every run. */
function sequence(seed: number) {
  let state = seed
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

export async function peopleData(db: Db, admin: Client) {
  const { site, sent, makeRole, makeClusters, dated, makeProjectPlan, tagThroughApi, tagDirectly, override } = await catalog(db, admin)
  const today = new Date().toISOString().slice(0, 10)
  const nextMonth = `${monthsBefore(today, -1).slice(0, 7)}-01`
  const random = sequence(13)

  // 26 Site clusters: 24 dated, one starting in each of the next 24 months, 20 to 45 days long; 2 undated.
  const clusterIds: string[] = []
  await makeClusters(clusterIds, site._id, 'Phase', 26)
  const clusterDates = new Map<string, Range>()
  for (const [index, clusterId] of clusterIds.slice(0, 24).entries()) {
    const start = addDays(monthsBefore(nextMonth, -index), (index * 7) % 20)
    const range = { start, end: addDays(start, 20 + ((index * 17) % 26)) }
    clusterDates.set(clusterId, range)
    await dated(clusterId, range.start, range.end)
  }
  const roleIds: string[] = []
  for (const [index, name] of ['Site Engineer', 'Electrician', 'Foreman', 'Safety Officer', 'Planner', 'Welder', 'Carpenter', 'Surveyor'].entries()) {
    const roleId = await makeRole(name)
    roleIds.push(roleId)
    await sent('PUT', `/roles/${roleId}`, { leadMonths: 1 + (index % 4) })
  }
  const overrides = new Map<string, Range>()
  const datesOf = (projectId: string, ids: readonly string[]): Range | null => {
    const ranges = ids.map((clusterId) => overrides.get(`${projectId}/${clusterId}`) ?? clusterDates.get(clusterId))
    if (ranges.some((range) => !range)) return null
    return { start: ranges.map((range) => range!.start).sort()[0]!, end: ranges.map((range) => range!.end).sort().at(-1)! }
  }
  async function overridden(projectId: string, clusterId: string, shift: number) {
    const own = clusterDates.get(clusterId)
    if (!own) return
    const range = { start: addDays(own.start, shift), end: addDays(own.end, shift + 10) }
    overrides.set(`${projectId}/${clusterId}`, range)
    await override(projectId, clusterId, range.start, range.end)
  }

  /** A project: its rows (roles × clusters, `plannedPeople` 2 to 6), its card of `instances` instances. */
  async function project(name: string, instances: number, roles: string[], clusters: string[]) {
    const rows = roles.flatMap((roleId, r) => clusters.map((clusterId, c) => ({ roleId, item: { clusterIds: [clusterId], plannedPeople: 2 + ((r + c + name.length) % 5), interchanges: [] } satisfies PlanItem })))
    const names = Array.from({ length: instances }, (_, i) => `Site ${String(i + 1).padStart(2, '0')}`)
    return makeProjectPlan(name, `${name} Plan`, rows, names)
  }

  /** Its slots in the order tagDirectly takes them (instance by instance, row by row); with no interchange, nothing comes from outside the plan. */
  const slotsOf = (plan: Plan): Slot[] =>
    plan.instanceIds.flatMap(() =>
      plan.rows.map(({ item }) => ({ dates: datesOf(plan.projectId, item.clusterIds), requirement: taggingRequirement(item, new Set()).total, count: 0, projectId: plan.projectId })),
    )

  /** `total` tags over the slots: each slot a share of its requirement drawn at random, then evened out to the total. */
  function countTags(slots: Slot[], total: number) {
    for (const slot of slots) slot.count = Math.min(slot.requirement, Math.round(slot.requirement * random()))
    let sum = slots.reduce((all, slot) => all + slot.count, 0)
    for (let k = 0; sum !== total; k = (k + 7) % slots.length) {
      const slot = slots[k]!
      const step = sum < total ? (slot.count < slot.requirement ? 1 : 0) : slot.count > 0 ? -1 : 0
      slot.count += step
      sum += step
    }
  }

  /**
   * Who is tagged where: slot by slot in date order, each slot's people the next ones free over its
   * dates (or, when nobody is, those free soonest); the 8th slot of every 30 takes first the
   * person the slot before it took, a double booking when their dates meet.
   */
  function whom(slots: Slot[], people: string[]) {
    for (const id of people) busy.set(id, [])
    const busyUntil = new Map(people.map((id) => [id, '']))
    const order = slots.map((slot, index) => index).sort((a, b) => (slots[a]!.dates?.start ?? '9999').localeCompare(slots[b]!.dates?.start ?? '9999'))
    const chosen: string[][] = slots.map(() => [])
    let next = 0
    let previous: string | undefined
    for (const [position, index] of order.entries()) {
      const slot = slots[index]!
      const picked = chosen[index]!
      if (position % 30 === 7 && previous && slot.count > 0) picked.push(previous)
      for (let scanned = 0; picked.length < slot.count && scanned < people.length; scanned++) {
        const id = people[next]!
        next = (next + 1) % people.length
        if (!picked.includes(id) && (!slot.dates || busyUntil.get(id)! < slot.dates.start)) picked.push(id)
      }
      if (picked.length < slot.count) {
        const soonest = people.filter((id) => !picked.includes(id)).sort((a, b) => busyUntil.get(a)!.localeCompare(busyUntil.get(b)!))
        picked.push(...soonest.slice(0, slot.count - picked.length))
      }
      for (const id of picked) {
        if (!slot.dates) continue
        busy.get(id)!.push(slot.dates)
        if (slot.dates.end > busyUntil.get(id)!) busyUntil.set(id, slot.dates.end)
      }
      previous = picked[0] ?? previous
    }
    return chosen
  }

  /** Each person's dated assignments, as `whom` gave them. */
  const busy = new Map<string, Range[]>()
  let periods = 0
  /**
   * Leave periods of 1 to 14 days, `each` per person, somewhere in the next two years: between
   * the person's assignments where a few tries find room, except one period in ten, left where it
   * first fell (during an assignment, often).
   */
  const leavePeriods = (people: string[], each: number) =>
    people.flatMap((userId) =>
      Array.from({ length: each }, (_, k) => {
        let range: Range
        for (let tries = 0; ; tries++) {
          const start = addDays(today, Math.floor((k + random()) * (720 / each)))
          range = { start, end: addDays(start, Math.floor(random() * 14)) }
          if (periods % 10 === 0 || tries === 10 || !(busy.get(userId) ?? []).some((dates) => overlaps(dates, range))) break
        }
        periods++
        return { userId, startDate: range.start, endDate: range.end, note: k % 3 === 0 ? 'Holiday' : '' }
      }),
    )

  const tagsPer = new Map<string, number>()
  const counted = (perRow: string[][]) => perRow.flat().forEach((id) => tagsPer.set(id, (tagsPer.get(id) ?? 0) + 1))
  const busiest = () => [...tagsPer].reduce((best, entry) => (entry[1] > best[1] ? entry : best))
  const sizes = { projects: 0, people: 0, tags: 0, leave: 0 }
  let smallPeople: string[] = []
  let largestProjectId = ''
  let largestBars = 0
  const dataset = (): PeopleDataset => {
    const [busiestPersonId, busiestTags] = busiest()
    return { largestProjectId, busiestPersonId, busiestTags, ...sizes, largestBars }
  }

  return {
    /** 1 project (1 instance × 2 roles × 4 clusters), 10 people, 20 tags, 10 leave periods: all through the API. */
    async small(): Promise<PeopleDataset> {
      const plan = await project('Small Project', 1, roleIds.slice(0, 2), clusterIds.slice(0, 4))
      await overridden(plan.projectId, clusterIds[1]!, 5)
      const people = (smallPeople = await makeUsers(db, 'small', 10))
      const slots = slotsOf(plan)
      countTags(slots, 20)
      const perRow = whom(slots, people)
      await tagThroughApi(plan, perRow)
      counted(perRow)
      for (const period of leavePeriods(people, 1)) await sent('POST', '/api/leave', period)
      Object.assign(sizes, { projects: 1, people: 10, tags: 20, leave: 10 })
      const [busiestPersonId, busiestTags] = busiest()
      return { largestProjectId: plan.projectId, busiestPersonId, busiestTags, ...sizes, largestBars: slots.length }
    },

    /**
     * Added to the small one: 29 projects (the largest 12 instances × 8 roles × 10 clusters, the
     * others 2 to 6 instances × 4 roles × 6 clusters), 990 people, 9,980 tags, 1,990 leave periods.
     */
    async large(): Promise<PeopleDataset> {
      const largest = await project('Project 01', 12, roleIds, clusterIds.filter((_, index) => index % 2 === 0).slice(0, 10))
      largestProjectId = largest.projectId
      largestBars = slotsOf(largest).length
      await grow([largest], 2, 29, 990, 9980, smallPeople)
      return dataset()
    },

    /**
     * Ten times the large one (issue 29, Scale), added to it: 270 projects more like its smaller
     * ones (300 in all), 9,000 people more (10,000), 90,000 tags more (100,000) and 18,000 leave
     * periods more (20,000). The largest project stays the large dataset's.
     */
    async tenfold(): Promise<PeopleDataset> {
      await grow([], 30, 299, 9000, 90000, [])
      return dataset()
    },
  }

  /** Projects `first`…`last` (2 to 6 instances × 4 roles × 6 clusters) after `plans`, `newPeople` people, `tags` tags over them, two leave periods each (one more for `alsoLeave`). */
  async function grow(plans: Plan[], first: number, last: number, newPeople: number, tags: number, alsoLeave: string[]) {
    const digits = last > 99 ? 3 : 2
    for (let p = first; p <= last; p++) {
      const roles = Array.from({ length: 4 }, (_, k) => roleIds[(p + k * 2) % roleIds.length]!)
      const clusters = [...new Set(Array.from({ length: 6 }, (_, j) => clusterIds[(p * 3 + j * 4) % clusterIds.length]!))]
      plans.push(await project(`Project ${String(p).padStart(digits, '0')}`, 2 + (p % 5), [...new Set(roles)], clusters))
    }
    for (const [p, plan] of plans.entries()) {
      const ids = plan.rows.map((row) => row.item.clusterIds[0]!)
      for (const clusterId of [...new Set(ids)].slice(0, 2)) await overridden(plan.projectId, clusterId, 3 * ((p + first - 2) % 30) - 20)
    }
    const people = await makeUsers(db, first === 2 ? 'people' : 'tenfold', newPeople)
    const slotsByPlan = plans.map(slotsOf)
    const all = slotsByPlan.flat()
    countTags(all, tags)
    const chosen = whom(all, people)
    let from = 0
    for (const [p, plan] of plans.entries()) {
      const perRow = chosen.slice(from, (from += slotsByPlan[p]!.length))
      await tagDirectly(plan, perRow)
      counted(perRow)
    }
    // Two periods each for the new people, one more each for `alsoLeave`.
    const rows = [...leavePeriods(people, 2), ...leavePeriods(alsoLeave, 1)]
    const now = new Date()
    for (let start = 0; start < rows.length; start += 1000) await db.insert(leave).values(rows.slice(start, start + 1000).map((row) => ({ ...row, createdAt: now })))
    Object.assign(sizes, { projects: sizes.projects + plans.length, people: sizes.people + people.length, tags: sizes.tags + tags, leave: sizes.leave + rows.length })
  }
}
