import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Card } from '#domain/contracts/projects'
import type { Ref } from '#domain/contracts/common'
import { asCardState, type CardDraft } from '#app/components/project-card'
import type { Template } from '#app/components/template-table'
import { api, mergeHeaders } from '#app/lib/api/http.server'
import { draftOf, keyOf, NO_SELECTION, parseKey, query, type Project, type Selection } from './form'

/** The calls of the Project Resource Planning screen: what it loads and its Save, in one place. */

type Caller = LoaderFunctionArgs | ActionFunctionArgs

// §8: failed loads fall back to empty lists.
export async function loadProjects(args: Caller) {
  const result = await api<Project[]>(args, '/api/projects')
  return result.ok ? result.data.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory })) : []
}
export async function loadTemplates(args: Caller) {
  const result = await api<{ data: Template[] }>(args, '/api/resource-planning-templates')
  return result.ok ? (result.data.data ?? []) : []
}
export async function loadSavedCards(args: Caller, projectId: string): Promise<Card[]> {
  if (!projectId) return []
  const result = await api<Card[]>(args, `/api/project-resource-instances?${query({ projectId })}`)
  return result.ok ? result.data : []
}

/**
 * The options of a selection, and the selection without the choices they do not hold: the
 * project's global category replaces any other (§2), an entity must be of the category, a type
 * of the entity. The three lists load at once.
 */
export async function choicesFor(args: Caller, wanted: Selection, projects: Project[]) {
  const project = projects.find((row) => row._id === wanted.projectId)
  if (!project) return { selection: NO_SELECTION, options: { categories: [], entities: [], types: [] } }
  const categoryId = project.globalCategory?._id ?? wanted.categoryId
  const { entityId, typeId } = wanted
  const [categories, entities, types] = await Promise.all([
    api<Ref[]>(args, `/api/categories?${query({ projectId: project._id })}`),
    categoryId ? api<Ref[]>(args, `/api/entity-types?${query({ projectId: project._id, categoryId })}`) : null,
    categoryId && entityId ? api<{ _id: string; typeName: string }[]>(args, `/api/planning?${query({ categoryId, entityId })}`) : null,
  ])
  const categoryList = categories.ok ? categories.data.map(({ _id, name }) => ({ _id, name })) : []
  const category = categoryList.find((row) => row._id === categoryId)
  const entityList = category && entities?.ok ? entities.data.map(({ _id, name }) => ({ _id, name })) : []
  const entity = entityList.find((row) => row._id === entityId)
  const typeList = entity && types?.ok ? types.data.map((row) => ({ _id: row._id, name: row.typeName })) : []
  const type = typeList.find((row) => row._id === typeId)
  return {
    selection: { projectId: project._id, categoryId: category?._id ?? '', entityId: entity?._id ?? '', typeId: type?._id ?? '' },
    options: { categories: categoryList, entities: entityList, types: typeList },
  }
}

/**
 * Save (§4): the queued deletions and every changed card in one call, which the API saves whole or
 * not at all. Names of saved instances go as {name, projectEntityId}, so renaming keeps their
 * tagged users. A card exactly as saved (and not queued for deletion) is not sent again: a save
 * costs what changed, not the whole plan.
 */
export async function saveAll(args: ActionFunctionArgs, projectId: string, cards: CardDraft[], removed: string[]) {
  const kept = (await loadSavedCards(args, projectId)).filter((card) => !removed.includes(keyOf(card)))
  const asSaved = new Set(kept.map((card) => JSON.stringify(asCardState(draftOf(card)))))
  const saved = await api(args, `/api/projects/${projectId}/plan`, {
    method: 'PUT',
    body: {
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
    },
  })
  return { ok: saved.ok, headers: mergeHeaders(saved.headers) }
}
