import type { Card } from '#domain/contracts/projects'
import { isUuid } from '#domain/ids'
import { asCardState, type CardDraft } from './card'
import { listProjects } from '#app/lib/api/catalog.server'
import { listOr, type Caller } from '#app/lib/api/http.server'
import { getPlanningScreen, savePlan } from '#app/lib/api/projects.server'
import { draftOf, keyOf, NO_SELECTION, parseKey, type PlanPage, type Selection, type View } from './form'

/**
 * The calls of the Project Resource Planning screen: its one reading of a project (GET
 * /api/projects/{id}/planning) and its Save, in one place. A page costs that call; a post that call,
 * and its Save.
 */

/** What the page and its posts read: the lists, the last saved snapshot, the next card's choices and their options. */
export type Screen = Omit<PlanPage, 'can'> & Pick<View, 'options'> & { selection: Selection }

const NO_OPTIONS: View['options'] = { categories: [], entities: [], types: [] }

/**
 * The project of `wanted` with its saved cards and the choices of `wanted` resolved; without a
 * project (or one the API does not know), the project choice alone. spec/administration-planning.md
 * §8: a failed load is an empty list.
 *
 * A post without JavaScript is answered with the page, whose loader then runs in the same request:
 * it reads what the action read (the same load context) instead of asking again. Nothing the page
 * shows can change between the two but by Save, which redirects, so no loader follows it.
 */
export function loadScreen(caller: Caller, wanted: Selection): Promise<Screen> {
  const kept = readings.get(caller.context)
  if (kept && kept.projectId === wanted.projectId) return kept.screen
  const screen = readScreen(caller, wanted)
  readings.set(caller.context, { projectId: wanted.projectId, screen })
  return screen
}
const readings = new WeakMap<Caller['context'], { projectId: string; screen: Promise<Screen> }>()

async function readScreen(caller: Caller, wanted: Selection): Promise<Screen> {
  if (isUuid(wanted.projectId)) {
    const { categoryId, entityId, typeId } = wanted
    const answer = await getPlanningScreen(caller, wanted.projectId, { categoryId, entityId, typeId })
    if (answer.ok) {
      const { projects, templates, saved, selection, options } = answer.data
      return { projects: projects.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory })), templates, saved, selection, options }
    }
  }
  const projects = await listProjects(caller)
  return { projects: listOr(projects, (data) => data.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory }))), templates: [], saved: [], selection: NO_SELECTION, options: NO_OPTIONS }
}

/**
 * Save (spec/administration-planning.md §4): the queued deletions and every changed card in one call, which the API saves whole or
 * not at all. Names of saved instances go as {name, projectEntityId}, so renaming keeps their
 * tagged users. A card exactly as saved (and not queued for deletion) is not sent again: a save
 * costs what changed, not the whole plan.
 */
export function saveAll(caller: Caller, projectId: string, cards: CardDraft[], removed: string[], saved: Card[]) {
  const kept = saved.filter((card) => !removed.includes(keyOf(card)))
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
