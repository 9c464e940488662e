import { monthsBefore } from '../schedule/calendar'
import { totalInterchange } from './interchanges'

/**
 * The product's arithmetic (spec/administration-planning.md §5, §9): what a project needs per cluster,
 * what is left to tag, and the totals. Used by the screens, the API's checks and the tests alike,
 * so a figure can never differ between them.
 */

/** A template's cluster item, as far as the arithmetic needs it. */
export interface PlanItem {
  /** One cluster id, or the ids of a group planned together. */
  clusterIds: readonly string[]
  plannedPeople: number
  interchanges: readonly { interchangePeople: number; interchangeFrom: { entityId: string; clusterId: string } }[]
}

/** People who must come from elsewhere: the item's interchange total, never more than planned. */
export const interchangePeople = (item: PlanItem) => Math.min(item.plannedPeople, totalInterchange(item.interchanges))

/** Remaining People: planned minus interchange, minimum 0 (the template dialog's Direct count). */
export const remainingPeople = (item: PlanItem) => Math.max(0, item.plannedPeople - totalInterchange(item.interchanges))

/**
 * Requirement of a cluster for a card of `instances` instances (spec/administration-planning.md §9): (planned − interchange +
 * interchange) × instances, kept as its two parts so the screen can show "a + b = total".
 */
export function requirement(item: PlanItem, instances: number) {
  const direct = remainingPeople(item) * instances
  const interchange = interchangePeople(item) * instances
  return { direct, interchange, total: direct + interchange }
}

/** "a + b = total", as the Requirement column shows it. */
export const requirementLabel = ({ direct, interchange, total }: { direct: number; interchange: number; total: number }) =>
  `${direct} + ${interchange} = ${total}`

/** The key of a cluster of an entity type, as interchange sources name them. */
export const sourceKey = (entityId: string, clusterId: string) => `${entityId}/${clusterId}`

/** A card of a project's plan: an entity type, its instances and its template's items. */
export interface PlannedCard {
  entityId: string
  items: readonly PlanItem[]
}

/** Every (entity type, cluster) a project's plan covers, groups opened: where interchanges come from "inside". */
export function plannedSources(cards: readonly PlannedCard[]): Set<string> {
  const keys = new Set<string>()
  for (const card of cards) for (const item of card.items) for (const clusterId of item.clusterIds) keys.add(sourceKey(card.entityId, clusterId))
  return keys
}

/**
 * Outside interchange (spec/administration-planning.md §5): interchanged people whose source entity and cluster are not themselves
 * in this project's plan. People interchanged from inside the plan are tagged at their source.
 */
export function outsideInterchange(item: PlanItem, inPlan: ReadonlySet<string>) {
  const outside = item.interchanges.filter((row) => !inPlan.has(sourceKey(row.interchangeFrom.entityId, row.interchangeFrom.clusterId)))
  return Math.min(interchangePeople(item), totalInterchange(outside))
}

/** What tagging must fill for one instance (spec/administration-planning.md §5): remaining plus outside interchange. */
export function taggingRequirement(item: PlanItem, inPlan: ReadonlySet<string>) {
  const remaining = remainingPeople(item)
  const outside = outsideInterchange(item, inPlan)
  return { direct: remaining, interchange: outside, total: remaining + outside }
}

/** The tagging texts of spec/administration-planning.md §5, word for word. */
export const taggingMessages = {
  zeroRequirement: 'Requirement for this cluster is 0 — cannot assign users.',
  tooMany: (requirement: number) => `Cannot assign more than ${requirement} users for this cluster.`,
  exceeds: (assigned: number, requirement: number) => `Assigned ${assigned} exceeds requirement of ${requirement}.`,
  selectProject: 'Please select a project before saving.',
  projectEntityMissing: 'Project entity id missing. Please ensure project entities are saved first.',
} as const

/**
 * Whether `count` users may be tagged to a cluster of this requirement, or the message that
 * refuses it: while selecting (spec/administration-planning.md §5 "on selection") or when saving ("on save"). Untagging everyone
 * is always allowed, so a requirement that dropped to 0 can be cleaned up.
 */
export function assignmentProblem(requirementTotal: number, count: number, moment: 'select' | 'save'): string | null {
  if (count === 0) return null
  if (requirementTotal === 0) return taggingMessages.zeroRequirement
  if (count <= requirementTotal) return null
  return moment === 'select' ? taggingMessages.tooMany(requirementTotal) : taggingMessages.exceeds(count, requirementTotal)
}

/**
 * The three totals of User Entity Mapping. Yet to Be Recruited counts, cluster by cluster, the
 * places tagging has not filled: users tagged past a requirement that later dropped fill no other.
 */
export function mappingTotals(rows: readonly { requirement: number; tagged: number }[]) {
  let totalRequirement = 0
  let totalTagged = 0
  let yetToBeRecruited = 0
  for (const row of rows) {
    totalRequirement += row.requirement
    totalTagged += row.tagged
    yetToBeRecruited += Math.max(0, row.requirement - row.tagged)
  }
  return { totalRequirement, totalTagged, yetToBeRecruited }
}

// ---------------------------------------------------------------------------------------------
// Timelines
// ---------------------------------------------------------------------------------------------

/** A date as YYYY-MM-DD, or null when not set. */
export type IsoDate = string | null
export interface Dates {
  startDate: IsoDate
  endDate: IsoDate
}

/** Only the entity type named Site has editable, per-project cluster dates (spec/administration-planning.md §2, compared case-insensitively). */
export const isSite = (entityTypeName: string | null | undefined) => (entityTypeName ?? '').trim().toLowerCase() === 'site'

/** A project's dates for a cluster: its Site override, where it has one, over the cluster's own. */
export const effectiveDates = (cluster: Dates, override: Dates | null | undefined): Dates => override ?? cluster

/** The earliest of some start dates (ISO dates compare as text); null when none is set. */
export function earliestStart(dates: readonly IsoDate[]): IsoDate {
  let earliest: IsoDate = null
  for (const date of dates) if (date && (earliest === null || date < earliest)) earliest = date
  return earliest
}

/**
 * Deployed By (spec/administration-planning.md §9): the start date minus one calendar month. A day the month before does not have
 * becomes that month's last day: 31 March gives 28 February (29 in a leap year), 31 May 30 April.
 */
export const deployedBy = (startDate: IsoDate): IsoDate => (startDate ? monthsBefore(startDate, 1) : null)

// ---------------------------------------------------------------------------------------------
// Project cards (Project Resource Planning)
// ---------------------------------------------------------------------------------------------

/** A card as the page holds it: its combination, and the names of its instances in order. */
export interface CardState {
  categoryId: string
  entityId: string
  typeId: string
  names: readonly string[]
}

/** A card's combination: one card per project, category, entity and type (spec/administration-planning.md §5). */
export const cardKey = (card: Pick<CardState, 'categoryId' | 'entityId' | 'typeId'>) => `${card.categoryId}/${card.entityId}/${card.typeId}`

/**
 * The unsaved-changes rule (spec/administration-planning.md §4): deletions are queued, or the cards differ from the last saved
 * snapshot (a card added, removed, renumbered, renamed or reordered). Names are compared as saved: trimmed.
 */
export function hasUnsavedChanges(cards: readonly CardState[], snapshot: readonly CardState[], queuedDeletions: readonly string[]) {
  if (queuedDeletions.length > 0) return true
  const shape = (list: readonly CardState[]) => JSON.stringify(list.map((card) => [cardKey(card), card.names.map((name) => name.trim())]))
  return shape(cards) !== shape(snapshot)
}

/** Number at least 1 (spec/administration-planning.md §9); reducing it trims the names, raising it adds empty ones. */
export function resizeNames(names: readonly string[], number: number): string[] {
  const size = Math.max(1, Math.floor(number) || 1)
  return Array.from({ length: size }, (_, index) => names[index] ?? '')
}

/** Save is allowed only when every card has exactly Number non-blank names (spec/administration-planning.md §5). */
export const cardsComplete = (cards: readonly { number: number; names: readonly string[] }[]) =>
  cards.every((card) => card.names.length === card.number && card.names.every((name) => name.trim() !== ''))

// ---------------------------------------------------------------------------------------------
// Roles, projects, clusters: the roll-up
// ---------------------------------------------------------------------------------------------

export interface RollUpInput {
  projects: readonly {
    projectId: string
    projectName: string
    cards: readonly {
      instances: number
      roles: readonly { roleId: string; roleName: string; items: readonly PlanItem[] }[]
    }[]
  }[]
  /** A project's start date of a cluster (its Site override or the cluster's own), or null. */
  startOf: (projectId: string, clusterId: string) => IsoDate
  /** The label of a cluster item: its name, or a group's combined label. */
  labelOf: (clusterIds: readonly string[]) => string
}

export interface RollUpCluster {
  key: string
  label: string
  requirement: number
  startDate: IsoDate
  deployedBy: IsoDate
}
export interface RollUpProject {
  projectId: string
  projectName: string
  requirement: number
  earliestStart: IsoDate
  clusters: RollUpCluster[]
}
export interface RollUpRole {
  roleId: string
  roleName: string
  requirement: number
  projects: RollUpProject[]
}

/**
 * Roles → projects → clusters. A cluster planned for a role by several cards of one project is one
 * row: requirements add up and the earliest start wins (spec/administration-planning.md §9); a group's start is its earliest
 * cluster's. Roles and projects keep their first appearance's order; clusters their plan order.
 */
export function rollUp({ projects, startOf, labelOf }: RollUpInput): RollUpRole[] {
  const roles = new Map<string, { roleId: string; roleName: string; projects: Map<string, { projectId: string; projectName: string; clusters: Map<string, RollUpCluster> }> }>()
  for (const project of projects) {
    for (const card of project.cards) {
      for (const role of card.roles) {
        let byRole = roles.get(role.roleId)
        if (!byRole) roles.set(role.roleId, (byRole = { roleId: role.roleId, roleName: role.roleName, projects: new Map() }))
        let byProject = byRole.projects.get(project.projectId)
        if (!byProject) byRole.projects.set(project.projectId, (byProject = { projectId: project.projectId, projectName: project.projectName, clusters: new Map() }))
        for (const item of role.items) {
          const key = [...item.clusterIds].sort().join(',')
          const start = earliestStart(item.clusterIds.map((clusterId) => startOf(project.projectId, clusterId)))
          const needed = requirement(item, card.instances).total
          const row = byProject.clusters.get(key)
          if (row) {
            row.requirement += needed
            row.startDate = earliestStart([row.startDate, start])
            row.deployedBy = deployedBy(row.startDate)
          } else {
            byProject.clusters.set(key, { key, label: labelOf(item.clusterIds), requirement: needed, startDate: start, deployedBy: deployedBy(start) })
          }
        }
      }
    }
  }
  return [...roles.values()].map((role) => {
    const rolled = [...role.projects.values()].map((project) => {
      const clusters = [...project.clusters.values()]
      return {
        projectId: project.projectId,
        projectName: project.projectName,
        requirement: clusters.reduce((sum, row) => sum + row.requirement, 0),
        earliestStart: earliestStart(clusters.map((row) => row.startDate)),
        clusters,
      }
    })
    return { roleId: role.roleId, roleName: role.roleName, requirement: rolled.reduce((sum, project) => sum + project.requirement, 0), projects: rolled }
  })
}
