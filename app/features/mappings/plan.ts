import type { Card, Mapping } from '#domain/contracts/projects'
import { sameClusterSet } from '#domain/planning/cluster-list'
import { mappingTotals, plannedSources, remainingPeople, taggingRequirement } from '#domain/planning/project-plan'
import { assignKey, parseAssignKey, personOf, type AssignContext, type Person } from './assign'
import { planItemOf, templateOf } from '#app/components/project-cluster-table'
import { itemLabel, type Template, type TemplateItem } from '#app/components/template-table'

/**
 * The User Entity Mapping screen's plan (spec/administration-planning.md §2): what each row needs and who is tagged to it, built
 * from the project's cards, the templates and the tags. Pure (tests/unit/mapping-form.test.ts).
 */

/** One cluster row of one role of one instance: what it needs and who is tagged to it. */
export interface TagRow {
  key: string
  item: TemplateItem
  remaining: number
  requirement: { direct: number; interchange: number; total: number }
  tagged: Person[]
}

/** The users tagged in the project, by instance, role and cluster: each row then finds its own at once. */
function tagIndex(mappings: readonly Mapping[]) {
  const index = new Map<string, Person[]>()
  for (const row of mappings) {
    const key = `${row.projectEntityId}/${row.roleId}/${row.clusterId}`
    const people = index.get(key)
    if (people) people.push(personOf(row.user))
    else index.set(key, [personOf(row.user)])
  }
  return index
}

/**
 * The project's plan as this screen shows it: cards with the roles of their template, a row per
 * cluster item with its tagging requirement (a = Remaining People, b = outside interchange; the
 * cap), and the card's instances with the users tagged to each row. The requirement is the same
 * for every instance of a card, so each row is described once per card, not once per instance.
 */
export function planOf(cards: readonly Card[], templates: readonly Template[], mappings: readonly Mapping[]) {
  const templateByCard = new Map(cards.map((card) => [card._id, templateOf(templates, card)]))
  const inPlan = plannedSources(
    cards.map((card) => ({ entityId: card.entityId, items: (templateByCard.get(card._id)?.roleClusters ?? []).flatMap((role) => role.clusters.map(planItemOf)) })),
  )
  const tags = tagIndex(mappings)
  return cards.map((card) => {
    const roles = (templateByCard.get(card._id)?.roleClusters ?? []).map((role) => ({
      roleId: role.roleId._id,
      roleName: role.roleId.name,
      rows: role.clusters.map((item) => {
        const planned = planItemOf(item)
        return { clusterIds: planned.clusterIds, item, remaining: remainingPeople(planned), requirement: taggingRequirement(planned, inPlan) }
      }),
    }))
    return {
      _id: card._id,
      title: `${card.categoryName} / ${card.entityName} / ${card.typeName}`,
      roles,
      instances: card.names.map((instance) => ({
        projectEntityId: instance.projectEntityId,
        name: instance.name,
        // By role, then row: a group's users are tagged to each of its clusters, so each counts once.
        tagged: roles.map((role) =>
          role.rows.map((row) => {
            const people = new Map<string, Person>()
            for (const clusterId of row.clusterIds) for (const person of tags.get(`${instance.projectEntityId}/${role.roleId}/${clusterId}`) ?? []) people.set(person._id, person)
            return [...people.values()]
          }),
        ),
      })),
    }
  })
}
export type Plan = ReturnType<typeof planOf>

/** Every row of the plan, instance by instance, with its tags and its Assign Users key. */
export function* rowsOf(plan: Plan) {
  for (const card of plan) {
    for (const instance of card.instances) {
      for (const [r, role] of card.roles.entries()) {
        for (const [i, row] of role.rows.entries()) {
          const tagRow: TagRow = { key: assignKey(instance.projectEntityId, role.roleId, row.clusterIds), item: row.item, remaining: row.remaining, requirement: row.requirement, tagged: instance.tagged[r][i] }
          yield { instance, role, row: tagRow }
        }
      }
    }
  }
}

/** The row ?assign= names, with what the dialog says about it. */
export function findRow(plan: Plan, key: string): { row: TagRow; context: AssignContext } | null {
  const wanted = parseAssignKey(key)
  for (const { instance, role, row } of rowsOf(plan)) {
    if (instance.projectEntityId !== wanted.projectEntityId || role.roleId !== wanted.roleId) continue
    const clusterIds = row.item.clusterId.map((ref) => ref._id)
    if (clusterIds.length === wanted.clusterIds.length && sameClusterSet(clusterIds, wanted.clusterIds)) {
      return { row, context: { cluster: itemLabel(row.item), role: role.roleName, instance: instance.name } }
    }
  }
  return null
}

/** The page's totals (spec/administration-planning.md §2): every row of every instance counts. */
export const totalsOf = (plan: Plan) => mappingTotals([...rowsOf(plan)].map(({ row }) => ({ requirement: row.requirement.total, tagged: row.tagged.length })))

/** Past this many rows over every instance, the page opens one instance at a time (issue 14: 2,400 rows made a 150 KB page). */
export const ONE_AT_A_TIME_ROWS = 300

/**
 * Which instances the page shows whole: every one (`instance=all`, or a plan small enough), or one
 * at a time, the others a link away. The one open is the one asked for (?instance=), else the one
 * of the row being tagged (so Assign Users opens where it was), else the first.
 */
export type InstanceView = { mode: 'all' } | { mode: 'one'; open: string }
export function instanceView(plan: Plan, params: URLSearchParams): InstanceView {
  const instanceIds = plan.flatMap((card) => card.instances.map((instance) => instance.projectEntityId))
  const asked = params.get('instance')
  const rows = plan.reduce((sum, card) => sum + card.instances.length * card.roles.reduce((count, role) => count + role.rows.length, 0), 0)
  if (asked === 'all' || instanceIds.length === 0 || (!asked && rows <= ONE_AT_A_TIME_ROWS)) return { mode: 'all' }
  const ofRow = parseAssignKey(params.get('assign') ?? '').projectEntityId
  const open = [asked, ofRow].find((id) => id && instanceIds.includes(id)) ?? instanceIds[0]!
  return { mode: 'one', open }
}

/**
 * The plan as the page draws it: in the one-at-a-time view, the other instances keep their name
 * and their counts (tagged of required) but not their rows, so neither the page nor the data that
 * hydrates it carries them.
 */
export function shownPlan(plan: Plan, view: InstanceView) {
  return plan.map((card) => ({
    ...card,
    instances: card.instances.map((instance) => {
      const open = view.mode === 'all' || instance.projectEntityId === view.open
      const { totalRequirement, totalTagged } = mappingTotals(card.roles.flatMap((role, r) => role.rows.map((row, i) => ({ requirement: row.requirement.total, tagged: instance.tagged[r]![i]!.length }))))
      return { projectEntityId: instance.projectEntityId, name: instance.name, tagged: open ? instance.tagged : null, counts: { requirement: totalRequirement, tagged: totalTagged } }
    }),
  }))
}
export type ShownPlan = ReturnType<typeof shownPlan>
