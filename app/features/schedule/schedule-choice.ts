import { assignKey, MAPPING_PATH, tagCellId } from '#app/features/mappings/assign'
import { hrefOf } from '#app/lib/search'

/**
 * The Schedule's address: every choice is a GET parameter, so each view can be linked to
 * and reached without JavaScript; and where its bars and placeholders lead. Client-safe.
 */

export const SCHEDULE_PATH = '/schedule'

/** The parameters the page reads and passes on to GET /api/schedule, as the address holds them ('' when not chosen). */
const NAMES = ['from', 'zoom', 'span', 'group', 'projectId', 'roleId', 'location', 'conflictsOnly', 'unfilledOnly', 'page'] as const
export type ScheduleChoice = Record<(typeof NAMES)[number], string>

export function readScheduleChoice(params: URLSearchParams): ScheduleChoice {
  return Object.fromEntries(NAMES.map((name) => [name, params.get(name)?.trim() ?? ''])) as ScheduleChoice
}

/** The Schedule with these choices, a changed window or filter going back to the first page. */
export const scheduleHref = (choice: ScheduleChoice, change: Partial<ScheduleChoice> = {}) => hrefOf(SCHEDULE_PATH, { ...choice, page: '', ...change })

/** A bar's cluster in User Entity Mapping: its project, its instance open, at the cluster's row. */
export const clusterHref = (bar: { project: { _id: string }; instance: { _id: string }; role: { _id: string }; clusterIds: readonly string[] }) =>
  `${hrefOf(MAPPING_PATH, { projectId: bar.project._id, instance: bar.instance._id })}#${tagCellId(assignKey(bar.instance._id, bar.role._id, bar.clusterIds))}`

/** Assign Users open for a placeholder's cluster (User Entity Mapping's ?assign=). */
export const assignHref = (line: { project: { _id: string }; instance: { _id: string }; role: { _id: string }; clusterIds: readonly string[] }) =>
  hrefOf(MAPPING_PATH, { projectId: line.project._id, instance: line.instance._id, assign: assignKey(line.instance._id, line.role._id, line.clusterIds) })
