import type { Template, TemplateItem } from '#domain/contracts/planning'
import { clusterLabel } from './cluster-list'

/** A template's items as the project screens read them, for the web's tables and the API's screen-shaped answers alike. */

/** The one combined label of an item's clusters (a group reads "A + B"). */
export const itemLabel = (item: Pick<TemplateItem, 'clusterId'>) =>
  clusterLabel(
    item.clusterId.map((ref) => ref._id),
    new Map(item.clusterId.map((ref) => [ref._id, ref.name])),
  )

/** A template item as the project screens' arithmetic (domain/planning/project-plan) reads it. */
export const planItemOf = (item: TemplateItem) => ({
  clusterIds: item.clusterId.map((ref) => ref._id),
  plannedPeople: item.plannedPeople,
  interchanges: item.interchanges.map((row) => ({
    interchangePeople: row.interchangePeople,
    interchangeFrom: { entityId: row.interchangeFrom.entityId._id, clusterId: row.interchangeFrom.clusterId._id },
  })),
})

/** The template of a card's combination, if there is one. */
export const templateOf = (templates: readonly Template[], card: { categoryId: string; entityId: string; typeId: string }) =>
  templates.find((template) => template.categoryId._id === card.categoryId && template.entityId._id === card.entityId && template.planningId._id === card.typeId)
