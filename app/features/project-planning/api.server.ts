import type { Project } from '#domain/contracts/catalog'
import type { Card } from '#domain/contracts/projects'
import { asCardState, type CardDraft } from './card'
import { listCategories, listEntityTypes, listPlannings, listProjects } from '#app/lib/api/catalog.server'
import type { Caller } from '#app/lib/api/http.server'
import { listCards, savePlan } from '#app/lib/api/projects.server'
import { listTemplates } from '#app/lib/api/templates.server'
import { resolveCascade } from '#app/lib/cascade.server'
import { draftOf, keyOf, NO_SELECTION, parseKey, type Selection } from './form'

/** The calls of the Project Resource Planning screen: what it loads and its Save, in one place. */

// spec/administration-planning.md §8: failed loads fall back to empty lists.
export async function loadProjects(caller: Caller): Promise<Project[]> {
  const result = await listProjects(caller)
  return result.ok ? result.data.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory })) : []
}
export async function loadTemplates(caller: Caller) {
  const result = await listTemplates(caller)
  return result.ok ? (result.data.data ?? []) : []
}
export async function loadSavedCards(caller: Caller, projectId: string): Promise<Card[]> {
  if (!projectId) return []
  const result = await listCards(caller, projectId)
  return result.ok ? result.data : []
}

/**
 * The options of a selection, and the selection without the choices they do not hold: the
 * project's global category replaces any other (spec/administration-planning.md §2), an entity must be of the category, a type
 * of the entity. The three lists load at once.
 */
export async function choicesFor(caller: Caller, wanted: Selection, projects: Project[]) {
  const project = projects.find((row) => row._id === wanted.projectId)
  if (!project) return { selection: NO_SELECTION, options: { categories: [], entities: [], types: [] } }
  const projectId = project._id
  const categoryId = project.globalCategory?._id ?? wanted.categoryId
  const [category, entity, type] = await resolveCascade([
    { wanted: categoryId, load: () => listCategories(caller, { projectId }) },
    { wanted: wanted.entityId, load: () => listEntityTypes(caller, { projectId, categoryId }) },
    { wanted: wanted.typeId, load: () => listPlannings(caller, { categoryId, entityId: wanted.entityId }) },
  ])
  const named = (rows: { _id: string; name: string }[]) => rows.map(({ _id, name }) => ({ _id, name }))
  return {
    selection: { projectId, categoryId: category.chosen?._id ?? '', entityId: entity.chosen?._id ?? '', typeId: type.chosen?._id ?? '' },
    options: { categories: named(category.list), entities: named(entity.list), types: type.list.map((row) => ({ _id: row._id, name: row.typeName })) },
  }
}

/**
 * Save (spec/administration-planning.md §4): the queued deletions and every changed card in one call, which the API saves whole or
 * not at all. Names of saved instances go as {name, projectEntityId}, so renaming keeps their
 * tagged users. A card exactly as saved (and not queued for deletion) is not sent again: a save
 * costs what changed, not the whole plan.
 */
export async function saveAll(caller: Caller, projectId: string, cards: CardDraft[], removed: string[]) {
  const kept = (await loadSavedCards(caller, projectId)).filter((card) => !removed.includes(keyOf(card)))
  const asSaved = new Set(kept.map((card) => JSON.stringify(asCardState(draftOf(card)))))
  return savePlan(caller, projectId, {
    removed: removed.map(parseKey),
    cards: cards
      .filter((card) => !asSaved.has(JSON.stringify(asCardState(card))))
      .map((card) => ({
        categoryId: card.categoryId,
        entityId: card.entityId,
        typeId: card.typeId,
        number: card.names.length,
        names: card.names.map((entry) => (entry.id ? { name: entry.name, projectEntityId: entry.id } : entry.name)),
      })),
  })
}
