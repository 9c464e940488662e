import type { Ref } from '#domain/contracts/common'
import type { Card, Mapping } from '#domain/contracts/projects'
import type { Template, TemplateItem } from '#domain/contracts/planning'
import { sameClusterSet } from './cluster-list'
import { CLUSTERS_MAX } from './messages'
import { mappingTotals, plannedSources, remainingPeople, taggingRequirement } from './project-plan'
import { itemLabel, planItemOf, templateOf } from './template-items'

/**
 * The User Entity Mapping screen's plan (spec/administration-planning.md §2): what each row needs
 * and who is tagged to it, built from the project's cards, the templates and the tags. The API
 * builds it (GET /api/projects/{id}/mapping) and the web renders it. Pure
 * (tests/unit/mapping-form.test.ts).
 */

/** One search shows a page of active users, never the whole directory. */
export const SEARCH_SHOWN = 20
/** Users ticked in an earlier search that the page must name again: the selection is capped by the requirement anyway. */
export const LOOKUPS_MAX = 50
/** The longest search the dialog sends. */
export const QUERY_MAX = 200
/** The most ticked users one search without JavaScript carries along: more than an address of 16 KB can hold. */
export const SELECTED_MAX = 400
/** The longest ?instance= and ?assign= the screen reads: 'all' or an id, and a row key (an instance, a role, a group of clusters). */
export const INSTANCE_PARAM_MAX = 100
export const ROW_KEY_MAX = 37 * (CLUSTERS_MAX + 2)

/** A user as the tagging screens show one: the full name, else the email (spec/administration-planning.md §2). */
export interface Person {
  _id: string
  label: string
  email: string
  /** Over the row's dates: how many assignments they hold there, and what tagging them would clash with. */
  load?: number
  clashes?: string[]
  /** Set when they do not hold the row's role: the role they hold (Assign Users lists them after those who do). */
  otherRole?: string
}
export const personOf = (user: { _id: string; fullName: string | null; email: string }): Person => ({
  _id: user._id,
  label: user.fullName?.trim() || user.email,
  email: user.email,
})

/** What the dialog says it is tagging: the row's cluster, role and instance. */
export interface AssignContext {
  cluster: string
  role: string
  instance: string
}

/** The ?assign= value naming one row: instance, role and the cluster ids of its item. */
export const assignKey = (projectEntityId: string, roleId: string, clusterIds: readonly string[]) => `${projectEntityId}:${roleId}:${clusterIds.join(',')}`
export function parseAssignKey(key: string) {
  const [projectEntityId = '', roleId = '', clusters = ''] = key.split(':')
  return { projectEntityId: projectEntityId.trim(), roleId: roleId.trim(), clusterIds: clusters.split(',').filter(Boolean) }
}

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

/** Past this many rows over every instance, the page opens one instance at a time (2,400 rows made a 150 KB page). */
export const ONE_AT_A_TIME_ROWS = 300

/**
 * Which instances the page shows whole: every one (`instance=all`, or a plan small enough), or one
 * at a time, the others a link away. The one open is the one asked for (?instance=), else the one
 * of the row being tagged (so Assign Users opens where it was), else the first.
 */
export type InstanceView = { mode: 'all' } | { mode: 'one'; open: string }
export function instanceView(plan: Plan, { instance: asked, assign }: { instance?: string | null; assign?: string | null }): InstanceView {
  const instanceIds = plan.flatMap((card) => card.instances.map((instance) => instance.projectEntityId))
  const rows = plan.reduce((sum, card) => sum + card.instances.length * card.roles.reduce((count, role) => count + role.rows.length, 0), 0)
  if (asked === 'all' || instanceIds.length === 0 || (!asked && rows <= ONE_AT_A_TIME_ROWS)) return { mode: 'all' }
  const ofRow = parseAssignKey(assign ?? '').projectEntityId
  const open = [asked, ofRow].find((id) => id && instanceIds.includes(id)) ?? instanceIds[0]!
  return { mode: 'one', open }
}

/**
 * The plan as the page draws it: in the one-at-a-time view, the other instances keep their name
 * and their counts (tagged of required) but not their rows, so neither the answer, the page nor
 * the data that hydrates it carries them.
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

/** The Assign Users dialog of one row, as the page renders it without JavaScript. */
export interface AssignState {
  key: string
  requirement: TagRow['requirement']
  context: AssignContext
  q: string
  /** The users to offer: the selection first, then the tagged ones, then the search results. */
  choices: Person[]
  /** Who is ticked: the tagged users, or what the last search carried. */
  selected: string[]
}

/** GET /api/projects/{id}/mapping: the screen whole, in one answer. */
export interface MappingScreen {
  /** Every project, for the project choice. */
  projects: Ref[]
  project: Ref
  /** The plan as the page draws it (shownPlan), and the totals over all of it. */
  plan: ShownPlan
  view: InstanceView
  totals: ReturnType<typeof totalsOf>
  /** The dialog of the row ?assign= names; null when it names none. */
  assign: AssignState | null
}

/** GET /api/projects/{id}/mapping/candidates: the search's users for one row. */
export interface MappingCandidates {
  key: string
  candidates: Person[]
}
