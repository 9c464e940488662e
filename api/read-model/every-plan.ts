import { inArray, sql } from 'drizzle-orm'
import type { Card } from '#domain/contracts/projects'
import { planSlots } from '#domain/schedule/slots'
import type { Executor } from '#api/db/client'
import { projectResourceInstances } from '#api/db/schema'
import { assemblePlans, loadPlanParts, readTags, taggedFrom, type PlanPart, type Plans } from '#api/schedule/load'

/*
 * The kept reading of every plan, read again after a change only where it moved: the projects
 * ./changes.sql noted (./revision.ts reads them). Whatever is read, the answer is the one a whole
 * reading (`loadPlans(db, null)`, api/schedule/load.ts) gives, in the same order.
 */

/**
 * Where each card of some projects (null: all) stands among every card: the order loadCards reads
 * them in (added, then id) as one string to compare, so parts read at different times can be put
 * back in that order. One query, packed for the reason `readTags` gives.
 */
export async function readCardOrder(db: Executor, projectIds: string[] | null): Promise<Map<string, string>> {
  if (projectIds?.length === 0) return new Map()
  const card = projectResourceInstances
  const [row] = await db
    .select({ packed: sql<string | null>`string_agg(${card.id} || '/' || lpad((extract(epoch from ${card.createdAt}) * 1000000)::bigint::text, 20, '0') || '/' || ${card.id}, ' ')` })
    .from(card)
    .where(projectIds ? inArray(card.projectId, projectIds) : undefined)
  return new Map((row?.packed?.split(' ') ?? []).map((packed) => [packed.slice(0, packed.indexOf('/')), packed.slice(packed.indexOf('/') + 1)]))
}

/** Every plan, kept per project: the parts, and each card's place (`readCardOrder`). */
export interface EveryPlan {
  parts: readonly PlanPart[]
  cardOrder: ReadonlyMap<string, string>
  plans: Plans
}

/**
 * Every plan, read again only where it moved: given the reading kept before and the
 * projects changed since (`moved`, from readProjectsChanged), the moved projects' plans are read
 * (eight queries, as many as for all) and put back among the kept ones in the order a whole
 * reading gives, so every answer is the same as from `loadPlans(db, null)`. Of those, the ones
 * whose tags alone moved (`tagsOnly`, noted apart by changes.sql) have only their tags read (one query) and
 * keep their cards, items and dates. With nothing kept, or every project moved, all are read.
 * Nothing moved: the kept reading itself.
 */
export async function loadEveryPlan(db: Executor, before?: { kept: EveryPlan; moved: string[]; tagsOnly?: string[] }): Promise<EveryPlan> {
  if (before && before.moved.length === 0) return before.kept
  if (!before) {
    const [{ parts, cards }, order] = await Promise.all([loadPlanParts(db, null), readCardOrder(db, null)])
    return { parts, cardOrder: order, plans: assemblePlans(parts, cards) }
  }
  const keptPart = new Map(before.kept.parts.map((part) => [part.projectId, part]))
  const retagged = new Set((before.tagsOnly ?? []).filter((projectId) => keptPart.has(projectId)))
  const ids = before.moved.filter((projectId) => !retagged.has(projectId))
  const [{ parts }, order, tagged] = await Promise.all([loadPlanParts(db, ids), readCardOrder(db, ids), retag(db, [...retagged].map((projectId) => keptPart.get(projectId)!))])
  const moved = new Set(before.moved)
  // Only tags moved: every card and every project's place are as kept, so the parts keep their order.
  if (ids.length === 0) {
    const retaggedPart = new Map(tagged.map((part) => [part.projectId, part]))
    const all = before.kept.parts.map((part) => retaggedPart.get(part.projectId) ?? part)
    return { parts: all, cardOrder: before.kept.cardOrder, plans: assemblePlans(all, () => cardsInOrder(all, before.kept.cardOrder)) }
  }
  const cardOrder = new Map(before.kept.cardOrder)
  for (const part of before.kept.parts) if (moved.has(part.projectId) && !retagged.has(part.projectId)) for (const card of part.cards) cardOrder.delete(card._id)
  for (const [cardId, place] of order) cardOrder.set(cardId, place)
  const placeOf = (card: Card) => cardOrder.get(card._id) ?? ''
  const all = [...before.kept.parts.filter((part) => !moved.has(part.projectId)), ...tagged, ...parts].sort((a, b) => compare(placeOf(a.cards[0]!), placeOf(b.cards[0]!)))
  // Every card in order only when asked for (the kept answers read them per part).
  return { parts: all, cardOrder, plans: assemblePlans(all, () => cardsInOrder(all, cardOrder)) }
}

/**
 * Kept parts with their tags read again (one query for all of them) and their slots and
 * assignments worked out anew from them; their cards, items, names and dates as kept.
 */
async function retag(db: Executor, parts: readonly PlanPart[]): Promise<PlanPart[]> {
  if (parts.length === 0) return []
  const tagRows = await readTags(
    db,
    parts.flatMap((part) => part.cards.flatMap((card) => card.names.map((name) => name._id))),
  )
  const taggedTo = taggedFrom(tagRows)
  return parts.map((part) => {
    const { slots, assignments } = planSlots(
      [{ projectId: part.projectId, cards: part.cards.map((card) => ({ entityId: card.entityId, instanceIds: card.names.map((name) => name._id), items: part.items.get(card._id) ?? [] })) }],
      { datesOf: (_projectId, clusterId) => part.datesOf.get(clusterId) ?? { start: null, end: null }, taggedTo },
    )
    return { ...part, slots, assignments }
  })
}


/** Every card of some parts in the order a whole reading lists them (`readCardOrder`'s places). */
const cardsInOrder = (parts: readonly PlanPart[], cardOrder: ReadonlyMap<string, string>) =>
  parts.flatMap((part) => part.cards).sort((a, b) => compare(cardOrder.get(a._id) ?? '', cardOrder.get(b._id) ?? ''))

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

