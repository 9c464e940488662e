import { INSTANCES_MAX } from '#domain/planning/messages'
import { resizeNames } from '#domain/planning/project-plan'

/**
 * A card of Project Resource Planning as the page form holds it, its field names, and Number
 * read and applied. Pure: the route's action and the page's component both use it.
 */

/** One instance name as typed; `id` is the saved instance's projectEntityId, so renaming keeps its tagged users. */
export interface NameDraft {
  name: string
  id: string | null
}
/** A card of Project Resource Planning as the page holds it: Number as typed, and its instance names. */
export interface CardDraft {
  categoryId: string
  entityId: string
  typeId: string
  number: string
  names: NameDraft[]
}

/** The page form's field names of a card (its index in the page) and of its names. */
export const cardField = {
  key: (card: number) => `card.${card}.key`,
  number: (card: number) => `card.${card}.number`,
  name: (card: number, at: number) => `card.${card}.name.${at}`,
  id: (card: number, at: number) => `card.${card}.id.${at}`,
}

/** Number as typed, when it is one: a whole number from 1 to INSTANCES_MAX. */
export function parseNumber(text: string): number | null {
  const value = Number(text)
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= INSTANCES_MAX ? value : null
}

/** The names resized to `size` (domain resizeNames), each keeping its saved instance. */
export const resized = (names: readonly NameDraft[], size: number): NameDraft[] =>
  resizeNames(
    names.map((entry) => entry.name),
    size,
  ).map((name, at) => ({ name, id: names[at]?.id ?? null }))

/** A card with its Number applied: as many names as Number says (an invalid Number keeps the names it has). */
export function withNumber(card: CardDraft): CardDraft {
  const size = parseNumber(card.number) ?? Math.max(1, card.names.length)
  return { ...card, number: String(size), names: resized(card.names, size) }
}

/** What the unsaved-changes rule and cardsComplete read of a card. */
export const asCardState = (card: CardDraft) => ({
  categoryId: card.categoryId,
  entityId: card.entityId,
  typeId: card.typeId,
  number: Number(card.number),
  names: card.names.map((entry) => entry.name),
})
