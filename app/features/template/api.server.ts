import { ERROR_CODES } from '#domain/contracts/errors'
import { listCategories, listClusters, listEntities, listPlannings } from '#app/lib/api/catalog.server'
import { listOr, type Caller } from '#app/lib/api/http.server'
import { findTemplate, listTemplates, saveTemplate } from '#app/lib/api/templates.server'
import { resolveCascade } from '#app/lib/cascade.server'
import { messageOr, refusalOr, type ApiError } from '#app/lib/errors'
import {
  CREATE_FAILED,
  LIST_FAILED,
  UPDATE_FAILED,
  asClusterOption,
  draftFor,
  rolesOf,
  templatePayload,
  type ClusterOption,
  type Combo,
  type Draft,
  type TemplatePage,
} from './form'

/** The calls of the Resource Planning Template screen: what it loads and its Save, in one place. */

/**
 * The page for the choice asked for: category, then entity, then type, a choice that does not
 * belong to the one before it dropped (spec/administration-planning.md §4); the category's clusters, the chosen combination's
 * saved template and the template table load alongside. spec/administration-planning.md §8: failed loads are empty lists.
 */
export async function loadTemplatePage(caller: Caller, wanted: Combo): Promise<Omit<TemplatePage, 'can' | 'deleting'>> {
  const { categoryId, entityId, planningId } = wanted
  const [[category, entity, planning], clusters, existing, templates] = await Promise.all([
    resolveCascade([
      { wanted: categoryId, load: () => listCategories(caller) },
      { wanted: entityId, load: () => listEntities(caller, { categoryId }) },
      { wanted: planningId, load: () => listPlannings(caller, { categoryId, entityId }) },
    ]),
    categoryId ? listClusters(caller, { categoryId }) : null,
    categoryId && entityId && planningId ? findTemplate(caller, wanted) : null,
    listTemplates(caller),
  ])
  const clusterList = category.chosen ? listOr(clusters) : []
  const roles = rolesOf(planning.chosen, clusterList)
  const named = (rows: { _id: string; name: string }[]) => rows.map(({ _id, name }) => ({ _id, name }))
  return {
    choice: { categoryId: category.chosen?._id ?? '', entityId: entity.chosen?._id ?? '', planningId: planning.chosen?._id ?? '' },
    categories: named(category.list),
    entities: named(entity.list),
    plannings: planning.list.map(({ _id, typeName }) => ({ _id, typeName })),
    roles,
    draft: draftFor(roles, planning.chosen && existing?.ok ? existing.data.template : null),
    interchangeClusters: clusterList.map(asClusterOption),
    templates: listOr(templates, (data) => data.data ?? []),
    listError: templates.ok ? null : templates.error.status !== null && messageOr(templates.error, '') ? `Error: ${templates.error.message}` : LIST_FAILED,
  }
}

/** The category's clusters as the interchange dialog offers them; null when they could not be loaded. */
export async function loadClusterOptions(caller: Caller, categoryId: string): Promise<ClusterOption[] | null> {
  if (!categoryId) return null
  const clusters = await listClusters(caller, { categoryId })
  return clusters.ok ? clusters.data.map(asClusterOption) : null
}

export type SaveOutcome = { done: 'saved' | 'confirm' | 'refused'; message: string | null; headers?: Headers }

/**
 * Save Template, or (force) its confirmed overwrite (spec/administration-planning.md §4). An existing template is answered
 * 'confirm'. What the overwrite needs depends on what it does to the saved clusters (adding
 * needs add, changing edit, dropping delete: DESIGN §4), which the API alone knows; its refusal
 * for a missing permission is shown in its words, as is its saying that a template plans nothing.
 * Any other refusal is the screen's own sentence (spec/administration-planning.md §8).
 */
export async function saveDraft(caller: Caller, combo: Combo, draft: Draft, { force }: { force: boolean }): Promise<SaveOutcome> {
  const checked = templatePayload(combo, draft)
  if (!checked.ok) return { done: 'refused', message: checked.message }
  const failed = force ? UPDATE_FAILED : CREATE_FAILED
  const saved = await saveTemplate(caller, force ? { ...checked.payload, force: true } : checked.payload)
  const { headers } = saved
  if (!saved.ok) return { done: 'refused', message: refusal(saved.error, failed), headers }
  if (!saved.data.exists) return { done: 'saved', message: null, headers }
  if (force) return { done: 'refused', message: failed, headers }
  return { done: 'confirm', message: null, headers }
}

const refusal = (error: ApiError, failed: string) => (error.code === ERROR_CODES.nothingPlanned ? error.message : refusalOr(error, failed))
