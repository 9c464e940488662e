import { INSTANCES_MAX, PLAN_CARDS_MAX, projectMessages } from '#domain/planning/messages'
import { cardKey, hasUnsavedChanges } from '#domain/planning/project-plan'
import type { Ref } from '#domain/contracts/common'
import type { Project } from '#domain/contracts/catalog'
import type { Card } from '#domain/contracts/projects'
import { isUuid } from '#domain/ids'
import { safeRedirect } from '#app/lib/redirect'
import { hrefOf } from '#app/lib/search'
import { firstOf, listField, numbered, parseWithSchema, recordOf, textField } from '#app/lib/validation'
import * as z from 'zod/mini'
import { asCardState, parseNumber, resized, type CardDraft } from './card'
import type { Template } from '#app/components/template-table'

/**
 * The Project Resource Planning page form (spec/administration-planning.md §4, §5): what it holds, the names of its fields, and
 * reading it back from a post. Pure, so the decoding is tested without a browser
 * (tests/unit/project-plan-form.test.ts).
 */

const PATH = '/project-resource-planning'
/** More cards than this in one post is not a plan but a mistake or an attack. */
const CARDS_MAX = PLAN_CARDS_MAX
export const NOTICES: Record<string, string> = { saved: projectMessages.saved }

/** The project and the combination chosen for the next card. */
export interface Selection {
  projectId: string
  categoryId: string
  entityId: string
  typeId: string
}
/** What the loader gives the page besides its view: the lists, the last saved snapshot, the permissions. */
export interface PlanPage {
  projects: Project[]
  templates: Template[]
  /** The last saved snapshot (spec/administration-planning.md §4), for the unsaved-changes rule and the names of saved cards. */
  saved: Card[]
  can: { add: boolean; delete: boolean }
}
/** Everything the page form holds: the choices, Number for the next card, the cards, the deletion queue (card keys). */
export interface PlanState {
  selection: Selection
  number: string
  cards: CardDraft[]
  removed: string[]
}
export interface Message {
  text: string
  tone: 'error' | 'success'
  /** Beside Add or beside Save Changes. */
  at: 'add' | 'save'
}
/** What the page shows: the loader's for a fresh visit, the action's answer after a post. */
export interface View {
  state: PlanState
  options: { categories: Ref[]; entities: Ref[]; types: Ref[] }
  message: Message | null
  /** The unsaved-changes question, asked when the project changes (spec/administration-planning.md §4, §5). */
  dialog: { pendingProjectId: string } | null
}

export const NO_SELECTION: Selection = { projectId: '', categoryId: '', entityId: '', typeId: '' }
export const field = {
  current: (name: keyof Selection) => `current.${name}`,
  number: 'number',
  removed: 'removed',
  pendingProjectId: 'pendingProjectId',
  /** Where the person was going when the page asked to save first (a link, the sidebar): 'Save now' goes on there. */
  leaveTo: 'leaveTo',
}

/** A saved card as the form holds it. The page uses these in the browser too: they stay out of api.server.ts. */
export const draftOf = (card: Card): CardDraft => ({
  categoryId: card.categoryId,
  entityId: card.entityId,
  typeId: card.typeId,
  number: String(card.names.length),
  names: card.names.map((entry) => ({ name: entry.name, id: entry.projectEntityId })),
})
export const unsavedChanges = (cards: CardDraft[], saved: Card[], removed: string[]) =>
  hasUnsavedChanges(cards.map(asCardState), saved.map(draftOf).map(asCardState), removed)

export const pagePath = (projectId: string, notice?: string) => hrefOf(PATH, { projectId, notice })
export const keyOf = (card: Pick<CardDraft, 'categoryId' | 'entityId' | 'typeId'>) => cardKey(card)
export const parseKey = (key: string) => {
  const [categoryId = '', entityId = '', typeId = ''] = key.split('/')
  return { categoryId, entityId, typeId }
}
export const isCardKey = (key: string) => Object.values(parseKey(key)).every(isUuid) && key.split('/').length === 3

const text = (value: unknown) => String(firstOf(value) ?? '')
const idField = z.pipe(textField, z.transform((value: string) => (isUuid(value) ? value : '')))
const selectionSchema = z.object({ projectId: idField, categoryId: idField, entityId: idField, typeId: idField })

/** The cards (`card.0.key`, its Number, `card.0.name.0` and the saved `card.0.id.0`) in order; a card whose key the page did not write is left out. */
const cardsSchema = z.transform((cards: unknown): CardDraft[] =>
  numbered(cards, CARDS_MAX, 'key')
    .map(recordOf)
    .flatMap((card) => {
      const key = text(card.key)
      const ids = recordOf(card.id)
      const names = numbered(card.name, INSTANCES_MAX).map((name, at) => {
        const saved = text(ids[String(at)])
        return { name: text(name), id: isUuid(saved) ? saved : null }
      })
      return isCardKey(key) ? [{ ...parseKey(key), number: text(card.number), names }] : []
    }),
)

/**
 * The page form: the button (`update` when none was pressed, as Enter and a select with
 * JavaScript post), the choices applied (`current.…`) and wanted, Number, the cards, the deletion
 * queue, the pending project and where Save now goes on. Every field reads as text, so it always
 * succeeds; ids that are not ids are dropped, never sent on.
 */
export const planFormSchema = z.pipe(
  z.transform((form: unknown) => ({ ...recordOf(form), applied: recordOf(recordOf(form).current), wanted: form })),
  z.object({
    intent: z.transform((value: unknown) => (value === undefined ? 'update' : text(value))),
    applied: selectionSchema,
    wanted: selectionSchema,
    number: z.pipe(textField, z.transform((value: string) => value.slice(0, 6) || '1')),
    card: cardsSchema,
    removed: z.pipe(listField, z.transform((keys: string[]) => [...new Set(keys.filter(isCardKey))].slice(0, CARDS_MAX))),
    pendingProjectId: idField,
    leaveTo: z.pipe(textField, z.transform((value: string) => safeRedirect(value, ''))),
  }),
)

/** The page form as posted. */
export function readPlanForm(form: FormData) {
  const submission = parseWithSchema(form, { schema: planFormSchema })
  const { card: cards, ...posted } = submission.status === 'success' ? submission.value : planFormSchema.parse({})
  return { ...posted, cards }
}

/** spec/administration-planning.md §4: a changed category resets entity and type; a changed entity resets the type. */
export function resolve(applied: Selection, wanted: Selection): Selection {
  if (wanted.categoryId !== applied.categoryId) return { ...applied, categoryId: wanted.categoryId, entityId: '', typeId: '' }
  if (wanted.entityId !== applied.entityId) return { ...applied, entityId: wanted.entityId, typeId: '' }
  return { ...applied, typeId: wanted.typeId }
}

/**
 * Add (spec/administration-planning.md §4): the card of the chosen combination with Number's instances, or why not: a choice is
 * missing, the combination has its card already, or its template plans nobody.
 */
export function addCard(cards: CardDraft[], selection: Selection, number: string, template: Template | undefined): { cards: CardDraft[]; problem: string | null } {
  const problem =
    !selection.projectId || !selection.categoryId || !selection.entityId || !selection.typeId
      ? projectMessages.selectAllFields
      : cards.some((card) => keyOf(card) === keyOf(selection))
        ? projectMessages.alreadyAdded
        : !template?.roleClusters.some((role) => role.clusters.length > 0)
          ? projectMessages.noData
          : null
  if (problem) return { cards, problem }
  const size = parseNumber(number) ?? 1
  return { cards: [...cards, { categoryId: selection.categoryId, entityId: selection.entityId, typeId: selection.typeId, number: String(size), names: resized([], size) }], problem: null }
}
