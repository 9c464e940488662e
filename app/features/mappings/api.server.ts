import { withAvailability } from '#app/features/schedule/availability.server'
import type { Caller } from '#app/lib/api/http.server'
import { listUsers } from '#app/lib/api/people.server'
import { listCards, listMappings } from '#app/lib/api/projects.server'
import { listTemplates } from '#app/lib/api/templates.server'
import { parseAssignKey, personOf, type Person } from './assign'
import { LOOKUPS_MAX, readAssignSearch, SEARCH_SHOWN } from './form'
import { planOf, totalsOf, type findRow } from './plan'

/** The calls of the User Entity Mapping screen; failed loads are empty lists (spec/administration-planning.md §8). */

/** A project's plan with its tags, and the page's totals. */
export async function loadPlan(caller: Caller, projectId: string) {
  const [cards, templates, mappings] = await Promise.all([listCards(caller, projectId), listTemplates(caller), listMappings(caller, projectId)])
  const plan = planOf(cards.ok ? cards.data : [], templates.ok ? (templates.data.data ?? []) : [], mappings.ok ? mappings.data : [])
  return { plan, totals: totalsOf(plan) }
}

/**
 * The Assign Users dialog of one row: the search's active users, those who hold the row's role
 * first and the others after them, marked with their own role (issue 29), and who is ticked.
 */
export async function assignState(caller: Caller, params: URLSearchParams, { row, context }: NonNullable<ReturnType<typeof findRow>>) {
  const { q, selected } = readAssignSearch(params, row.tagged)
  const search = (role?: string) => listUsers(caller, new URLSearchParams({ ...(q && { q }), status: 'Active', ...(role && { role }), limit: String(SEARCH_SHOWN) }))
  const [holding, everyone] = await Promise.all([search(context.role), search()])
  const holders = holding.ok ? holding.data.users : []
  const held = new Set(holders.map((user) => user._id))
  const others = (everyone.ok ? everyone.data.users : []).filter((user) => !held.has(user._id))
  const candidates = [...holders.map(personOf), ...others.map((user) => ({ ...personOf(user), otherRole: user.role }))].slice(0, SEARCH_SHOWN)
  const known = new Map([...row.tagged, ...candidates].map((person) => [person._id, person]))
  const unknown = selected.filter((id) => !known.has(id)).slice(0, LOOKUPS_MAX)
  if (unknown.length) {
    const looked = await listUsers(caller, new URLSearchParams({ ids: unknown.join(','), limit: String(LOOKUPS_MAX) }))
    for (const person of looked.ok ? looked.data.users : []) known.set(person._id, personOf(person))
  }
  const choices = new Map<string, Person>()
  for (const person of [...selected.flatMap((id) => known.get(id) ?? []), ...row.tagged, ...candidates]) choices.set(person._id, person)
  const annotate = await withAvailability(caller, { projectId: params.get('projectId') ?? '', ...parseAssignKey(row.key) }, [...choices.keys()])
  return {
    key: row.key,
    requirement: row.requirement,
    context,
    q,
    candidates: candidates.map(annotate),
    choices: [...choices.values()].map(annotate),
    selected: selected.filter((id) => choices.has(id)),
  }
}
