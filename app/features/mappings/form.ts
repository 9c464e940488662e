import { taggingMessages } from '#domain/planning/project-plan'
import { isUuid } from '#domain/ids'
import { INSTANCE_PARAM_MAX, QUERY_MAX, ROW_KEY_MAX, SELECTED_MAX } from '#domain/planning/mapping'
import * as z from 'zod/mini'
import { hrefOf } from '#app/lib/search'
import { listField, parseWithSchema, textField, trimmedField } from '#app/lib/validation'
import { MAPPING_PATH, parseAssignKey, tagCellId, type Person } from './assign'

/**
 * The User Entity Mapping screen's words and forms: Assign Users' Save as posted and the dialog's
 * search as the address carries it. Pure (tests/unit/mapping-form.test.ts).
 */

/** spec/administration-planning.md §2 and §8, word for word. */
export const NO_PLAN = 'No project resource planning data found for this project.'
export const NO_ENTITIES = 'No project entities found'
export const SAVE_FAILED = 'Save failed'

/** The page of a project; with `instance`, that instance open and the others links ('all': every one whole; plan.ts's instanceView). */
export const projectPath = (projectId: string, instance?: string) => hrefOf(MAPPING_PATH, { projectId, instance })
/** The page at a row (its fragment): where Assign Users without JavaScript opens, is closed and lands after a save. */
export const rowPath = (projectId: string, key: string, instance?: string) => `${projectPath(projectId, instance)}#${tagCellId(key)}`

/**
 * Assign Users' Save: the row (?assign= key), the project, the ticked users (once each), whether
 * the popover reads the answer (inPage, with JavaScript) and the instance the one-at-a-time view
 * had open, where the save lands again. Every field reads as text, so it always succeeds.
 */
export const assignSchema = z.object({
  assign: textField,
  projectId: trimmedField,
  userIds: z.pipe(listField, z.transform((ids: string[]) => [...new Set(ids)])),
  inPage: z.pipe(textField, z.transform((value: string) => value === '1')),
  instance: z.pipe(textField, z.transform((value: string) => (isUuid(value) ? value : undefined))),
})

/**
 * Assign Users' Save as posted, and the refusal when the row cannot be named. The cap is the
 * API's alone to decide.
 */
export function readAssignForm(form: FormData) {
  const submission = parseWithSchema(form, { schema: assignSchema })
  const { assign: key, projectId, userIds, inPage, instance } = submission.status === 'success' ? submission.value : assignSchema.parse({})
  const { projectEntityId, roleId, clusterIds } = parseAssignKey(key)
  const problem = !projectId ? taggingMessages.selectProject : !projectEntityId ? taggingMessages.projectEntityMissing : null
  return { key, userIds, inPage, problem, body: { projectId, projectEntityId, clusterIds, userIds, roleId }, instance }
}

/**
 * The dialog's search (?q) and who is ticked: a search without JavaScript carries the ticked users
 * along (picked=1&userIds=…); otherwise the row's tagged users are.
 */
export function readAssignSearch(params: URLSearchParams, tagged: readonly Person[]) {
  const q = (params.get('q') ?? '').trim().slice(0, QUERY_MAX)
  const selected = params.get('picked') === '1' ? [...new Set(params.getAll('userIds').filter(isUuid))] : tagged.map((person) => person._id)
  return { q, selected }
}

/**
 * What GET /api/projects/{id}/mapping is asked from the page's address: the instance open, the
 * row of ?assign=, and the dialog's search as readAssignSearch reads it; `selected` only when a
 * search without JavaScript carried the ticked users (otherwise the API ticks the tagged ones).
 * What no row or instance could be named by is left out, as it would name none.
 */
export function mappingScreenQuery(params: URLSearchParams) {
  const query = new URLSearchParams()
  const instance = params.get('instance')
  const assign = params.get('assign')
  if (instance && instance.length <= INSTANCE_PARAM_MAX) query.set('instance', instance)
  if (assign && assign.length <= ROW_KEY_MAX) {
    query.set('assign', assign)
    const { q, selected } = readAssignSearch(params, [])
    if (q) query.set('q', q)
    if (params.get('picked') === '1') query.set('selected', selected.slice(0, SELECTED_MAX).join(','))
  }
  return query
}
