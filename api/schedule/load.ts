import type { AssignmentRow, PersonRef } from '#domain/contracts/schedule'
import type { Card } from '#domain/contracts/projects'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { clusterLabel } from '#domain/planning/cluster-list'
import type { Assignment, Conflict, Leave } from '#domain/schedule/assignments'
import type { Slot } from '#domain/schedule/capacity'
import { clashLabel, placeLabel } from '#domain/schedule/describe'
import { CONFLICTS_LISTED } from '#domain/schedule/limits'
import { planSlots, type PlanLookups } from '#domain/schedule/slots'
import type { Executor } from '#api/db/client'
import { clusters, leave, projectEntities, projectEntityUserMappings, projectResourceInstances, siteOverrides, users } from '#api/db/schema'
import { loadCardItems, loadCards, type CardItems } from '#api/projects/plan'

/**
 * Everything people over time reads, for some projects (null: all) in seven queries whatever the
 * numbers: the cards and their instances (2), the template items (1), then at once the clusters'
 * dates, the projects' Site overrides and the tags (3). Leave is read apart, by person (1).
 */
export async function loadPlans(db: Executor, projectIds: string[] | null) {
  const { parts, cards } = await loadPlanParts(db, projectIds)
  return assemblePlans(parts, cards)
}
export type Plans = ReturnType<typeof assemblePlans>

/**
 * One project's plan, computed on its own: what the kept reading of every plan keeps per project,
 * so that after a change it reads again only the projects that moved. Nothing in it
 * depends on another project's plan.
 */
export interface PlanPart {
  projectId: string
  projectName: string
  /** In the order they were added. */
  cards: Card[]
  items: ReadonlyMap<string, CardItems[]>
  slots: Slot[]
  assignments: Assignment[]
  roleNames: ReadonlyMap<string, string>
  clusterNames: ReadonlyMap<string, string>
  /** The clusters this project has Site overrides for. */
  overridden: ReadonlySet<string>
  /** Each of its clusters' dates for this project (its Site override, else its own): what its tags are dated by when they alone are read again. */
  datesOf: ReadonlyMap<string, { start: string | null; end: string | null }>
}

/** Every project's part, in the order of its first card (the order loadPlans has always answered in), with the cards of all in theirs. Seven queries. */
export async function loadPlanParts(db: Executor, projectIds: string[] | null) {
  const cards = await loadCards(db, projectIds)
  const items = await loadCardItems(db, cards.map((card) => card._id))
  const clusterIds = [...new Set([...items.values()].flat().flatMap((row) => row.item.clusterIds))]
  const instanceIds = cards.flatMap((card) => card.names.map((name) => name._id))
  const cardProjects = [...new Set(cards.map((card) => card.projectId))]
  const [clusterRows, overrideRows, tagRows] = await Promise.all([
    clusterIds.length ? db.select({ id: clusters.id, name: clusters.name, startDate: clusters.startDate, endDate: clusters.endDate }).from(clusters).where(inArray(clusters.id, clusterIds)) : [],
    cardProjects.length && clusterIds.length
      ? db
          .select({ projectId: siteOverrides.projectId, clusterId: siteOverrides.clusterId, startDate: siteOverrides.startDate, endDate: siteOverrides.endDate })
          .from(siteOverrides)
          .where(and(inArray(siteOverrides.projectId, cardProjects), inArray(siteOverrides.clusterId, clusterIds)))
      : [],
    // Every project's: every tag, without a thousand instance ids sent to be matched.
    readTags(db, projectIds === null ? null : instanceIds),
  ])

  const clusterById = new Map(clusterRows.map((row) => [row.id, row]))
  const overrides = new Map(overrideRows.map((row) => [`${row.projectId}/${row.clusterId}`, row]))
  const lookups: PlanLookups = {
    datesOf: (projectId, clusterId) => {
      const dated = overrides.get(`${projectId}/${clusterId}`) ?? clusterById.get(clusterId)
      return { start: dated?.startDate ?? null, end: dated?.endDate ?? null }
    },
    taggedTo: taggedFrom(tagRows),
  }

  const byProject = new Map<string, Card[]>()
  for (const card of cards) {
    const list = byProject.get(card.projectId)
    if (list) list.push(card)
    else byProject.set(card.projectId, [card])
  }
  const parts = [...byProject].map(([projectId, projectCards]): PlanPart => {
    const own = new Map(projectCards.map((card) => [card._id, items.get(card._id) ?? []]))
    const rows = [...own.values()].flat()
    const { slots, assignments } = planSlots(
      [{ projectId, cards: projectCards.map((card) => ({ entityId: card.entityId, instanceIds: card.names.map((name) => name._id), items: own.get(card._id)! })) }],
      lookups,
    )
    const used = new Set(rows.flatMap((row) => row.item.clusterIds))
    const datesOf = new Map([...used].map((clusterId) => [clusterId, lookups.datesOf(projectId, clusterId)] as const))
    return {
      projectId,
      projectName: projectCards[0]!.projectName,
      cards: projectCards,
      items: own,
      slots,
      assignments,
      roleNames: new Map(rows.map((row) => [row.roleId, row.roleName])),
      clusterNames: new Map([...used].flatMap((clusterId) => (clusterById.has(clusterId) ? [[clusterId, clusterById.get(clusterId)!.name] as const] : []))),
      overridden: new Set([...used].filter((clusterId) => overrides.has(`${projectId}/${clusterId}`))),
      datesOf,
    }
  })
  return { parts, cards }
}

/**
 * The plans of some projects as one reading, from their parts (in the order of their first cards)
 * and all their cards (in the order they were added): what every people-over-time answer reads.
 * No query; linear in the slots and assignments.
 */
export function assemblePlans(parts: readonly PlanPart[], allCards: readonly Card[] | (() => readonly Card[])) {
  // Every lookup is made when first asked for, once: right after a change most answers read a few
  // names or none, and every plan's are tens of thousands at ten times the large dataset.
  const once = <T>(make: () => T) => {
    let made: T | undefined
    return () => (made ??= make())
  }
  const items = once(() => new Map(parts.flatMap((part) => [...part.items])))
  const clusterNames = once(() => new Map(parts.flatMap((part) => [...part.clusterNames])))
  const overriddenOf = once(() => new Map(parts.map((part) => [part.projectId, part.overridden])))
  const projectNames = once(() => new Map(parts.map((part) => [part.projectId, part.projectName])))
  // The parts hold the same cards: named from them, the cards in their order are made only when asked for.
  const instanceNames = once(() => new Map(parts.flatMap((part) => part.cards.flatMap((card) => card.names.map((name) => [name._id, name.name] as const)))))
  const roleNames = once(() => new Map(parts.flatMap((part) => [...part.roleNames])))
  const itemsOf = (card: Card): CardItems[] => items().get(card._id) ?? []
  const labelOf = (ids: readonly string[]) => clusterLabel(ids.length === 1 ? ids[0]! : [...ids], clusterNames())
  const overridden = (projectId: string, ids: readonly string[]) => ids.some((clusterId) => overriddenOf().get(projectId)?.has(clusterId) ?? false)
  // Every slot and every assignment in one list each, made when first asked for: after a change the
  // kept answers read them per project (every plan's assignments are 100,000 at ten times the large dataset).
  const slots = once(() => parts.flatMap((part) => part.slots))
  const assignments = once(() => parts.flatMap((part) => part.assignments))
  const cards = once(() => (typeof allCards === 'function' ? allCards() : allCards))
  return {
    get cards(): readonly Card[] {
      return cards()
    },
    itemsOf,
    get slots(): Slot[] {
      return slots()
    },
    get assignments(): Assignment[] {
      return assignments()
    },
    get projectNames(): ReadonlyMap<string, string> {
      return projectNames()
    },
    get instanceNames(): ReadonlyMap<string, string> {
      return instanceNames()
    },
    get roleNames(): ReadonlyMap<string, string> {
      return roleNames()
    },
    labelOf,
    overridden,
  }
}

/** Who is tagged to an instance's role on any cluster of an item, from tags as readTags reads them. */
export function taggedFrom(tagRows: readonly { slot: string; userId: string }[]): PlanLookups['taggedTo'] {
  const tagged = new Map<string, string[]>()
  for (const { slot, userId } of tagRows) {
    const list = tagged.get(slot)
    if (list) list.push(userId)
    else tagged.set(slot, [userId])
  }
  // A tag to a group is one row per cluster of the group, the same people on each.
  return (instanceId, roleId, ids) => {
    const of = (clusterId: string) => tagged.get(`${instanceId}/${roleId}/${clusterId}`) ?? []
    // Most items are one cluster: their list as it is, with no copy made for every slot.
    return ids.length === 1 ? of(ids[0]!) : [...new Set(ids.flatMap(of))]
  }
}

/**
 * The tags of some instances (null: every tag), oldest first, as `instance/role/cluster` and the person, read as one packed row (`string_agg`) rather than a
 * row per tag: PGlite decodes every row and column on the JavaScript thread, and on the bench's
 * 10,000 tags one packed row reads in about 6 ms against 47 ms for the rows (bench/README.md).
 * Every part is a uuid, so neither separator can occur inside one. One query.
 */
export async function readTags(db: Executor, instanceIds: string[] | null) {
  if (instanceIds?.length === 0) return []
  const tag = projectEntityUserMappings
  const [row] = await db
    .select({
      packed: sql<string | null>`string_agg(${tag.projectEntityId} || '/' || ${tag.roleId} || '/' || ${tag.clusterId} || '/' || ${tag.userId}, ' ' order by ${tag.createdAt})`,
    })
    .from(tag)
    .where(instanceIds ? inArray(tag.projectEntityId, instanceIds) : undefined)
  if (!row?.packed) return []
  return row.packed.split(' ').map((packed) => {
    const at = packed.lastIndexOf('/')
    return { slot: packed.slice(0, at), userId: packed.slice(at + 1) }
  })
}

/**
 * The leave of some people (null: everyone's), by start date. Packed into one JSON row for the
 * reason `readTags` gives: 2,000 periods read in about 4 ms against 13 ms as rows. One query.
 */
export async function loadLeave(db: Executor, userIds: string[] | null): Promise<Leave[]> {
  if (userIds?.length === 0) return []
  const [row] = await db
    .select({
      packed: sql<[string, string, string, string, string][] | null>`json_agg(json_build_array(${leave.id}, ${leave.userId}, ${leave.startDate}, ${leave.endDate}, ${leave.note}) order by ${leave.startDate}, ${leave.id})`,
    })
    .from(leave)
    .where(userIds ? inArray(leave.userId, userIds) : undefined)
  return (row?.packed ?? []).map(([id, personId, start, end, note]) => ({ id, personId, range: { start, end }, note }))
}

/** The projects some people are tagged in. One query. */
export async function projectsOf(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return []
  const rows = await db
    .selectDistinct({ projectId: projectResourceInstances.projectId })
    .from(projectEntityUserMappings)
    .innerJoin(projectEntities, eq(projectEntities.id, projectEntityUserMappings.projectEntityId))
    .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
    .where(inArray(projectEntityUserMappings.userId, userIds))
  return rows.map((row) => row.projectId)
}

export async function loadPeople(db: Executor, ids: string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return []
  return db.select({ _id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids))
}

/** The first CONFLICTS_LISTED clashes' words, and how many more there are. */
const listedConflicts = (labels: string[], count: number): Pick<AssignmentRow, 'conflicts' | 'moreConflicts'> =>
  count > CONFLICTS_LISTED ? { conflicts: labels.slice(0, CONFLICTS_LISTED), moreConflicts: count - CONFLICTS_LISTED } : { conflicts: labels }

/** One person's assignments as the API answers them, each with its clashes (`found`: conflictsOfPerson's answer for them) in words. */
export function presentAssignments(plans: Plans, own: readonly Assignment[], found: readonly Conflict[], only: 'all' | 'conflicting' = 'all'): AssignmentRow[] {
  const clashes = new Map(found.map((conflict) => [conflict.assignment.id, conflict.clashes]))
  const byId = new Map(own.map((row) => [row.id, row]))
  const placeOf = (id: string) => {
    const row = byId.get(id)!
    return placeLabel({ project: plans.projectNames.get(row.projectId) ?? '', instance: plans.instanceNames.get(row.instanceId) ?? '', cluster: plans.labelOf(row.clusterIds) })
  }
  const rows = own.map((row) => ({
    id: row.id,
    project: { _id: row.projectId, name: plans.projectNames.get(row.projectId) ?? '' },
    instance: { _id: row.instanceId, name: plans.instanceNames.get(row.instanceId) ?? '' },
    role: { _id: row.roleId, name: plans.roleNames.get(row.roleId) ?? '' },
    clusterIds: [...row.clusterIds],
    clusterLabel: plans.labelOf(row.clusterIds),
    startDate: row.dates?.start ?? null,
    endDate: row.dates?.end ?? null,
    ...listedConflicts((clashes.get(row.id) ?? []).slice(0, CONFLICTS_LISTED + 1).map((clash) => clashLabel(clash, placeOf)), clashes.get(row.id)?.length ?? 0),
  }))
  // Dated first, by start; undated last, by project.
  rows.sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.project.name.localeCompare(b.project.name))
  return only === 'all' ? rows : rows.filter((row) => row.conflicts.length > 0)
}
