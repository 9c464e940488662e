import { findRow, instanceView, LOOKUPS_MAX, parseAssignKey, personOf, planOf, SEARCH_SHOWN, shownPlan, totalsOf, type AssignState, type MappingCandidates, type MappingScreen, type Person, type TagRow } from '#domain/planning/mapping'
import type { Availability } from '#domain/contracts/schedule'
import type { MappingCandidatesQuery, MappingQuery } from '#domain/planning/project-schemas'
import { isStorable } from '#domain/text'
import type { Executor } from '#api/db/client'
import { loadTemplates } from '#api/planning/templates'
import { availabilityOf } from '#api/schedule/availability'
import { listRoles } from '#api/roles/read'
import { listUsers } from '#api/users/list'
import { loadMappings } from './mappings'
import { loadCards } from './plan'
import { listProjects } from './project'

/**
 * The User Entity Mapping screen in one answer (spec/administration-planning.md §2): the project
 * choice, the project's plan joined with its tags, the totals, and the open Assign Users dialog;
 * what the web assembled from four to eight calls. Read, never written.
 */

/** The screen of one project; null when there is no such project. */
export async function mappingScreen(db: Executor, projectId: string, query: MappingQuery): Promise<MappingScreen | null> {
  const [projects, cards, templates, mappings] = await Promise.all([listProjects(db), loadCards(db, [projectId]), loadTemplates(db), loadMappings(db, { projectId })])
  const project = projects.find((row) => row._id === projectId)
  if (!project) return null
  const plan = planOf(cards, templates, mappings)
  const found = query.assign ? findRow(plan, query.assign) : null
  const view = instanceView(plan, query)
  return {
    projects: projects.map(({ _id, name }) => ({ _id, name })),
    project: { _id: project._id, name: project.name },
    plan: shownPlan(plan, view),
    view,
    totals: totalsOf(plan),
    assign: found ? await assignState(db, projectId, found, query) : null,
  }
}

/**
 * Assign Users' search for one row: active users matching `q`, those who hold the row's role first
 * and the others after them, marked with their own role; a page of them, never the directory.
 * A search of characters no name can hold finds nobody.
 */
async function search(db: Executor, q: string, role: string): Promise<Person[]> {
  if (!isStorable(q)) return []
  const find = (holding?: string) => listUsers(db, { ...(q && { q }), status: 'Active', ...(holding && { role: holding }), limit: SEARCH_SHOWN, offset: 0 })
  const [holders, everyone] = await Promise.all([find(role), find()])
  const held = new Set(holders.users.map((user) => user._id))
  const others = everyone.users.filter((user) => !held.has(user._id))
  return [...holders.users.map(personOf), ...others.map((user) => ({ ...personOf(user), otherRole: user.role }))].slice(0, SEARCH_SHOWN)
}

/** People with their load over the row's dates and what tagging them would clash with; as they were when the row is not in the plan. */
async function annotator(db: Executor, projectId: string, key: string, userIds: string[]) {
  const { projectEntityId, roleId, clusterIds } = parseAssignKey(key)
  const answer = userIds.length ? await availabilityOf(db, { projectId, instanceId: projectEntityId, roleId, clusterIds }, userIds) : null
  const held = new Map(answer?.people.map((person) => [person.userId, person]))
  return (person: Person): Person => ({ ...person, ...pick(held.get(person._id)) })
}

/** What Assign Users shows of someone's availability: their load and their clashes. */
const pick = (found: Availability['people'][number] | undefined) => (found ? { load: found.load, clashes: found.clashes } : {})

/** The dialog of one row without JavaScript: the search's users, who is ticked (the tagged users unless the last search said), and those ticked earlier named again. */
async function assignState(db: Executor, projectId: string, { row, context }: { row: TagRow; context: AssignState['context'] }, query: MappingQuery): Promise<AssignState> {
  const q = query.q ?? ''
  const selected = query.selected ?? row.tagged.map((person) => person._id)
  const candidates = await search(db, q, context.role)
  const known = new Map([...row.tagged, ...candidates].map((person) => [person._id, person]))
  const unknown = selected.filter((id) => !known.has(id)).slice(0, LOOKUPS_MAX)
  if (unknown.length) {
    const looked = await listUsers(db, { ids: unknown, limit: LOOKUPS_MAX, offset: 0 })
    for (const person of looked.users) known.set(person._id, personOf(person))
  }
  const choices = new Map<string, Person>()
  for (const person of [...selected.flatMap((id) => known.get(id) ?? []), ...row.tagged, ...candidates]) choices.set(person._id, person)
  const annotate = await annotator(db, projectId, row.key, [...choices.keys()])
  return { key: row.key, requirement: row.requirement, context, q, choices: [...choices.values()].map(annotate), selected: selected.filter((id) => choices.has(id)) }
}

/**
 * The popover's candidates for one row as the user types: the search alone, with each one's load
 * over the row's dates. Null when the row is not in the project's plan.
 */
export async function mappingCandidates(db: Executor, projectId: string, { key, q = '' }: MappingCandidatesQuery): Promise<MappingCandidates | null> {
  const { projectEntityId: instanceId, roleId, clusterIds } = parseAssignKey(key)
  // The row's role by its name, as the page's dialog searches by (the template names it so too).
  const role = (await listRoles(db)).find((row) => row.id === roleId)
  if (!role) return null
  const candidates = await search(db, q, role.name)
  // Asked even for nobody: it is what says the row is in the project's plan.
  const answer = await availabilityOf(db, { projectId, instanceId, roleId, clusterIds }, candidates.map((person) => person._id))
  if (!answer) return null
  const held = new Map(answer.people.map((person) => [person.userId, person]))
  return { key, candidates: candidates.map((person) => ({ ...person, ...pick(held.get(person._id)) })) }
}
