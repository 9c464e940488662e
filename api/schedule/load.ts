import type { AssignmentRow, Person } from '#domain/contracts/schedule'
import type { Card } from '#domain/contracts/projects'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { clusterLabel } from '#domain/planning/cluster-list'
import type { Assignment, Conflict, Leave } from '#domain/schedule/assignments'
import { clashLabel, placeLabel } from '#domain/schedule/describe'
import { planSlots } from '#domain/schedule/slots'
import type { Executor } from '#api/db/client'
import { clusters, leave, projectEntities, projectEntityUserMappings, projectResourceInstances, siteOverrides, users } from '#api/db/schema'
import { loadCardItems, loadCards, type CardItems } from '#api/projects/plan'

/**
 * Everything people over time reads, for some projects (null: all) in seven queries whatever the
 * numbers: the cards and their instances (2), the template items (1), then at once the clusters'
 * dates, the projects' Site overrides and the tags (3). Leave is read apart, by person (1).
 */
export async function loadPlans(db: Executor, projectIds: string[] | null) {
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
  const clusterNames = new Map(clusterRows.map((row) => [row.id, row.name]))
  const overrides = new Map(overrideRows.map((row) => [`${row.projectId}/${row.clusterId}`, row]))
  const tagged = new Map<string, string[]>()
  for (const { slot, userId } of tagRows) {
    const list = tagged.get(slot)
    if (list) list.push(userId)
    else tagged.set(slot, [userId])
  }

  const itemsOf = (card: Card): CardItems[] => items.get(card._id) ?? []
  const byProject = new Map<string, Card[]>()
  for (const card of cards) byProject.set(card.projectId, [...(byProject.get(card.projectId) ?? []), card])
  const { slots, assignments } = planSlots(
    [...byProject].map(([projectId, projectCards]) => ({
      projectId,
      cards: projectCards.map((card) => ({ entityId: card.entityId, instanceIds: card.names.map((name) => name._id), items: itemsOf(card) })),
    })),
    {
      datesOf: (projectId, clusterId) => {
        const dated = overrides.get(`${projectId}/${clusterId}`) ?? clusterById.get(clusterId)
        return { start: dated?.startDate ?? null, end: dated?.endDate ?? null }
      },
      // A tag to a group is one row per cluster of the group, the same people on each.
      taggedTo: (instanceId, roleId, ids) => {
        const of = (clusterId: string) => tagged.get(`${instanceId}/${roleId}/${clusterId}`) ?? []
        // Most items are one cluster: their list as it is, with no copy made for every slot.
        return ids.length === 1 ? of(ids[0]!) : [...new Set(ids.flatMap(of))]
      },
    },
  )

  const projectNames = new Map(cards.map((card) => [card.projectId, card.projectName]))
  const instanceNames = new Map(cards.flatMap((card) => card.names.map((name) => [name._id, name.name] as const)))
  const roleNames = new Map([...items.values()].flat().map((row) => [row.roleId, row.roleName]))
  const labelOf = (ids: readonly string[]) => clusterLabel(ids.length === 1 ? ids[0]! : [...ids], clusterNames)
  const overridden = (projectId: string, ids: readonly string[]) => ids.some((clusterId) => overrides.has(`${projectId}/${clusterId}`))

  return { cards, itemsOf, slots, assignments, projectNames, instanceNames, roleNames, labelOf, overridden }
}
export type Plans = Awaited<ReturnType<typeof loadPlans>>

/**
 * The tags of some instances (null: every tag), oldest first, as `instance/role/cluster` and the person, read as one packed row (`string_agg`) rather than a
 * row per tag: PGlite decodes every row and column on the JavaScript thread, and on the bench's
 * 10,000 tags one packed row reads in about 6 ms against 47 ms for the rows (bench/README.md).
 * Every part is a uuid, so neither separator can occur inside one. One query.
 */
async function readTags(db: Executor, instanceIds: string[] | null) {
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

export async function loadPeople(db: Executor, ids: string[]): Promise<Person[]> {
  if (ids.length === 0) return []
  return db.select({ _id: users.id, fullName: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids))
}

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
    conflicts: (clashes.get(row.id) ?? []).map((clash) => clashLabel(clash, placeOf)),
  }))
  // Dated first, by start; undated last, by project.
  rows.sort((a, b) => (a.startDate ?? '9999').localeCompare(b.startDate ?? '9999') || a.project.name.localeCompare(b.project.name))
  return only === 'all' ? rows : rows.filter((row) => row.conflicts.length > 0)
}
