import { plannedSources, taggingRequirement, type PlanItem } from '../planning/project-plan'
import { groupDates, type Assignment } from './assignments'
import type { Range } from './calendar'
import type { Slot } from './capacity'

/**
 * From a plan to slots and assignments: every (instance, role, cluster item) of every card is a
 * slot whose demand is the item's tagging requirement for one instance (remaining people plus
 * outside interchange, the Requirement column of User Entity Mapping), and every person tagged to
 * it is an assignment. A group is one slot, dated from its earliest start to its latest end.
 */

export interface PlannedProject {
  projectId: string
  cards: readonly {
    entityId: string
    instanceIds: readonly string[]
    items: readonly { roleId: string; item: PlanItem }[]
  }[]
}

/** The key of a cluster item: its clusters in a fixed order, so a group is one key however it was listed. */
export const itemKey = (clusterIds: readonly string[]) => [...clusterIds].sort().join(',')

export interface PlanLookups {
  /** A cluster's dates for a project: its Site override, else its own; null ends when unset. */
  datesOf: (projectId: string, clusterId: string) => { start: string | null; end: string | null }
  /** The people tagged to an instance's role on any cluster of an item. */
  taggedTo: (instanceId: string, roleId: string, clusterIds: readonly string[]) => readonly string[]
}

export function planSlots(projects: readonly PlannedProject[], { datesOf, taggedTo }: PlanLookups) {
  const slots: Slot[] = []
  const assignments: Assignment[] = []
  for (const project of projects) {
    const inPlan = plannedSources(project.cards.map((card) => ({ entityId: card.entityId, items: card.items.map((row) => row.item) })))
    for (const card of project.cards) {
      for (const { roleId, item } of card.items) {
        const clusterKey = itemKey(item.clusterIds)
        const dates: Range | null = groupDates(item.clusterIds.map((clusterId) => datesOf(project.projectId, clusterId)))
        const requirement = taggingRequirement(item, inPlan).total
        for (const instanceId of card.instanceIds) {
          const people = taggedTo(instanceId, roleId, item.clusterIds)
          slots.push({ roleId, projectId: project.projectId, instanceId, clusterKey, clusterIds: item.clusterIds, requirement, tagged: people.length, dates })
          for (const personId of people) {
            assignments.push({ id: `${instanceId}/${roleId}/${clusterKey}/${personId}`, personId, projectId: project.projectId, instanceId, roleId, clusterIds: item.clusterIds, dates })
          }
        }
      }
    }
  }
  return { slots, assignments }
}
