import * as z from 'zod/mini'
import { hrefOf } from '#app/lib/search'
import { parseWithSchema } from '#app/lib/validation'
/**
 * The Project Cluster Timelines screen's address and forms (spec/administration-planning.md §2, §6):
 * the choice it carries in GET parameters and a row's Save. Pure, so the decoding is tested
 * without a browser (tests/unit/timelines-form.test.ts).
 */

export const PATH = '/project-cluster-timelines'
/** spec/administration-planning.md §2 and §8, word for word (the 201/200 split: contract decision). */
export const SAVED_CREATED = 'Dates saved (created) for this cluster.'
export const SAVED_CHANGED = 'Cluster dates saved successfully!'
export const SAVE_FAILED = 'Error saving cluster dates. Please try again.'
export const NO_DATA = 'No data'
export const LOADING = 'Loading...'
export const CREATED_MARK = 'created'

/** Project, then category, then entity type. */
export interface Choice {
  projectId: string
  categoryId: string
  entityTypeId: string
}

/** What the action answers about one row's Save. */
export interface SaveAnswer {
  clusterId: string
  tone: 'success' | 'error'
  message: string
  /** What the row held when a save failed, so the page shows it again without JavaScript. */
  typed: { startDate: string; endDate: string } | null
}

export const pagePath = (choice: Partial<Choice>) => hrefOf(PATH, choice)

/**
 * The choice the address asks for, or the clean address to go to instead. Without JavaScript the
 * Apply button also sends the choice the page showed (prev*): a new project then drops the
 * category and entity type, a new category the entity type.
 */
export function readChoice(params: URLSearchParams): { wanted: Choice; redirectTo: string | null } {
  const wanted: Choice = {
    projectId: params.get('projectId') ?? '',
    categoryId: params.get('categoryId') ?? '',
    entityTypeId: params.get('entityTypeId') ?? '',
  }
  if (!params.has('prevProjectId') && !params.has('prevCategoryId')) return { wanted, redirectTo: null }
  if (wanted.projectId !== (params.get('prevProjectId') ?? '')) return { wanted, redirectTo: pagePath({ projectId: wanted.projectId }) }
  if (wanted.categoryId !== (params.get('prevCategoryId') ?? '')) return { wanted, redirectTo: pagePath({ projectId: wanted.projectId, categoryId: wanted.categoryId }) }
  return { wanted, redirectTo: pagePath(wanted) }
}

/** A field as typed, trimmed; '' when absent or not text. */
const typedField = z.transform((value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' ? first.trim() : ''
})

/** A row's Save: the row's ids and its dates, every field as text (so it always succeeds). */
export const saveSchema = z.object({ projectId: typedField, categoryId: typedField, entityId: typedField, clusterId: typedField, startDate: typedField, endDate: typedField })

/** A row's Save as posted: the dates as typed (trimmed), and the call's body, where an empty date clears it. */
export function readSave(form: FormData) {
  const submission = parseWithSchema(form, { schema: saveSchema })
  const { startDate, endDate, ...row } = submission.status === 'success' ? submission.value : saveSchema.parse({})
  return { typed: { startDate, endDate }, body: { ...row, startDate: startDate || null, endDate: endDate || null } }
}
