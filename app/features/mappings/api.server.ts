import { listOr, type Caller } from '#app/lib/api/http.server'
import { listProjects } from '#app/lib/api/catalog.server'
import { getMappingCandidates, getMappingScreen } from '#app/lib/api/projects.server'
import { isUuid } from '#domain/ids'
import type { MappingScreen, Person } from '#domain/planning/mapping'
import { mappingScreenQuery, readAssignSearch } from './form'

/**
 * The calls of the User Entity Mapping screen: the screen whole in one answer, which the API
 * builds (plan, tags, totals, the open dialog); failed loads are empty lists (spec/administration-planning.md §8).
 */

type Screen = Pick<MappingScreen, 'projects' | 'plan' | 'view' | 'totals' | 'assign'> & { projectId: string }
const NO_PROJECT = { projectId: '', plan: [], view: { mode: 'all' }, totals: { totalRequirement: 0, totalTagged: 0, yetToBeRecruited: 0 }, assign: null } satisfies Omit<Screen, 'projects'>

/**
 * The page as its address asks for it: with a project, its screen in one call; without one (or
 * with one the API does not know), the project choice alone.
 */
export async function loadScreen(caller: Caller, params: URLSearchParams): Promise<Screen> {
  const projectId = params.get('projectId') ?? ''
  if (isUuid(projectId)) {
    const screen = await getMappingScreen(caller, projectId, mappingScreenQuery(params))
    if (screen.ok) return { ...screen.data, projectId: screen.data.project._id }
  }
  const projects = await listProjects(caller)
  return { ...NO_PROJECT, projects: listOr(projects, (data) => data.map(({ _id, name }) => ({ _id, name }))) }
}

/** The popover's candidates for one row and the typed text: none when the call fails (the list then says so). */
export async function loadCandidates(caller: Caller, params: URLSearchParams): Promise<{ key: string; candidates: Person[] }> {
  const key = params.get('key') ?? ''
  const projectId = params.get('projectId') ?? ''
  const { q } = readAssignSearch(params, [])
  const answer = isUuid(projectId) ? await getMappingCandidates(caller, projectId, { key, q }) : null
  return { key, candidates: listOr(answer, (data) => data.candidates) }
}
