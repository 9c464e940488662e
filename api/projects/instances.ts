import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { cardChanges, cardRemovals, mergeChanges, type ChangeSet } from '#domain/planning/changes'
import type { InstanceDelete, InstanceSave, PlanSave } from '#domain/planning/project-schemas'
import { planningOwnMessages, projectMessages } from '#domain/planning/messages'
import type { Executor } from '#api/db/client'
import { plannings, projectEntities, projectResourceInstances, projects } from '#api/db/schema'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import type { ChangeCheck } from '#api/change-check'
import { invalid, notFound, Refusal } from '#api/refusals'
import { recordChanges, type Change } from '#api/audit/record'
import { auditActor, transaction, type StoreContext } from '#api/context'
import { instanceEntry, tagRemovals, type InstanceFields } from './entries'
import { loadCards, templateHasItems } from './plan'

const comboOf = (input: Pick<InstanceSave, 'projectId' | 'categoryId' | 'entityId' | 'typeId'>) =>
  and(
    eq(projectResourceInstances.projectId, input.projectId),
    eq(projectResourceInstances.categoryId, input.categoryId),
    eq(projectResourceInstances.entityId, input.entityId),
    eq(projectResourceInstances.planningId, input.typeId),
  )

/**
 * Saves one card in one transaction (POST /api/project-resource-instances): creates it, or
 * replaces its instances. A name sent with its projectEntityId keeps that instance and its
 * tagged users; instances left out are removed with their tags. What the save would add, change
 * and remove is handed to `check` once the card is locked and read, before its instances are
 * written; each instance added, renamed or removed (and each tag removed with one) is recorded.
 * Answers the card and whether it is new.
 */
export async function saveCard(ctx: StoreContext, input: InstanceSave, check: ChangeCheck) {
  const { now } = ctx
  return translating(
    () =>
      transaction(ctx, async ({ db: tx }) => {
        const entries: Change[] = []
        const saved = await writeCard(tx, input, now, check, entries)
        await recordChanges(tx, auditActor(ctx), now, entries)
        return saved
      }),
    // The project or the planning type was deleted meanwhile.
    { [FOREIGN_KEY_VIOLATION]: () => invalid('The project or the planning type of this card no longer exists') },
  )
}

const fieldsOf = (input: Pick<InstanceSave, 'categoryId' | 'entityId' | 'typeId'>, name: string): InstanceFields => ({
  name,
  categoryId: input.categoryId,
  entityId: input.entityId,
  typeId: input.typeId,
})

/** saveCard, its audit entries added to `entries` for the caller to record. */
async function writeCard(tx: Executor, input: InstanceSave, now: Date, check: ChangeCheck, entries: Change[]) {
  const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId))
  if (!project) throw invalid('projectId: Project not found')
  if (project.globalCategoryId && project.globalCategoryId !== input.categoryId) throw invalid(`categoryId: ${planningOwnMessages.categoryFixed}`)
  const [planning] = await tx.select().from(plannings).where(eq(plannings.id, input.typeId))
  if (!planning || planning.categoryId !== input.categoryId || planning.entityId !== input.entityId) {
    throw invalid('typeId: This type is not of the chosen category and entity')
  }
  if (!(await templateHasItems(tx, { categoryId: input.categoryId, entityId: input.entityId, planningId: input.typeId }))) throw invalid(projectMessages.noData)

  const [created] = await tx
    .insert(projectResourceInstances)
    .values({ projectId: input.projectId, categoryId: input.categoryId, entityId: input.entityId, planningId: input.typeId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: projectResourceInstances.id })
  // Locked, so that two saves of one card replace its instances one after the other.
  const [card] = created ? [created] : await tx.select({ id: projectResourceInstances.id }).from(projectResourceInstances).where(comboOf(input)).for('update')

  const stored = created
    ? null
    : await tx.select({ id: projectEntities.id, name: projectEntities.name }).from(projectEntities).where(eq(projectEntities.instanceId, card.id)).orderBy(asc(projectEntities.position))
  const existing = new Set(stored?.map((row) => row.id))
  const kept = new Set<string>()
  input.names.forEach((entry, index) => {
    if (entry.projectEntityId === null) return
    if (!existing.has(entry.projectEntityId) || kept.has(entry.projectEntityId)) throw invalid(`names.${index}: Not an instance of this card`)
    kept.add(entry.projectEntityId)
  })
  check(cardChanges(stored, input.names))
  const onRecord = (id: string, before: string | null, after: string | null) =>
    instanceEntry(project.id, project.name, id, before === null ? null : fieldsOf(input, before), after === null ? null : fieldsOf(input, after))
  const sentNames = new Map(input.names.flatMap((entry) => (entry.projectEntityId ? [[entry.projectEntityId, entry.name] as const] : [])))
  const removed = (stored ?? []).filter((row) => !kept.has(row.id))
  entries.push(...(await tagRemovals(tx, project, removed.map((row) => row.id))).entries)
  for (const row of stored ?? []) {
    const name = sentNames.get(row.id)
    if (name === undefined) entries.push(onRecord(row.id, row.name, null))
    else if (name !== row.name) entries.push(onRecord(row.id, row.name, name))
  }
  await tx
    .delete(projectEntities)
    .where(and(eq(projectEntities.instanceId, card.id), kept.size ? notInArray(projectEntities.id, [...kept]) : undefined))
  // The kept instances take their new names and places in one statement, whatever their number.
  const renamed = input.names.flatMap((entry, position) => (entry.projectEntityId ? [sql`(${entry.projectEntityId}::uuid, ${entry.name}, ${position}::int)`] : []))
  if (renamed.length) {
    await tx.execute(
      sql`update ${projectEntities} set name = kept.name, position = kept.position from (values ${sql.join(renamed, sql`, `)}) as kept(id, name, position) where ${projectEntities.id} = kept.id`,
    )
  }
  const added = input.names.flatMap((entry, position) => (entry.projectEntityId ? [] : [{ instanceId: card.id, name: entry.name, position }]))
  if (added.length) {
    const inserted = await tx.insert(projectEntities).values(added).returning({ id: projectEntities.id, name: projectEntities.name })
    entries.push(...inserted.map((row) => onRecord(row.id, null, row.name)))
  }
  if (!created) await tx.update(projectResourceInstances).set({ updatedAt: now }).where(eq(projectResourceInstances.id, card.id))

  const saved = (await loadCards(tx, [input.projectId])).find((row) => row._id === card.id)!
  return { card: saved, created: Boolean(created) }
}

/**
 * DELETE /api/project-resource-instances: one instance by name (its tagged users go with it; the
 * card goes with its last instance), or with no name the whole card. Each instance and tag
 * removed is recorded. Answers what was removed.
 */
export async function deleteFromCard(ctx: StoreContext, input: InstanceDelete) {
  const { now } = ctx
  return transaction(ctx, async ({ db: tx }) => {
    const entries: Change[] = []
    const removed = await removeFromCard(tx, input, entries)
    await recordChanges(tx, auditActor(ctx), now, entries)
    return removed
  })
}

/** deleteFromCard, its audit entries added to `entries` for the caller to record. */
async function removeFromCard(tx: Executor, input: InstanceDelete, entries: Change[]) {
  const [card] = await tx
    .select({ id: projectResourceInstances.id, projectName: projects.name })
    .from(projectResourceInstances)
    .innerJoin(projects, eq(projects.id, projectResourceInstances.projectId))
    .where(comboOf(input))
    .for('update', { of: projectResourceInstances })
  if (!card) throw notFound('This card is not part of the project')
  const names = await tx.select().from(projectEntities).where(eq(projectEntities.instanceId, card.id))
  const doomed = input.name ? names.filter((row) => row.name.toLowerCase() === input.name!.toLowerCase()) : names
  if (input.name && doomed.length === 0) throw notFound(`No instance named "${input.name}" in this card`)
  const project = { id: input.projectId, name: card.projectName }
  const tags = await tagRemovals(tx, project, doomed.map((row) => row.id))
  entries.push(...tags.entries, ...doomed.map((row) => instanceEntry(project.id, project.name, row.id, fieldsOf(input, row.name), null)))
  const wholeCard = doomed.length === names.length
  if (wholeCard) await tx.delete(projectResourceInstances).where(eq(projectResourceInstances.id, card.id))
  else {
    await tx.delete(projectEntities).where(inArray(projectEntities.id, doomed.map((row) => row.id)))
    // The instances left close ranks, so positions stay 0..n-1.
    await tx.execute(sql`update ${projectEntities} set position = ranked.position from (select id, (row_number() over (order by position)) - 1 as position from ${projectEntities} where instance_id = ${card.id}) as ranked where ${projectEntities.id} = ranked.id`)
  }
  return {
    message: wholeCard ? 'Card deleted' : 'Instance deleted',
    removedInstances: doomed.map((row) => row.name),
    removedTags: tags.rows,
  }
}

/**
 * Saves a whole plan in one transaction (PUT /api/projects/{id}/plan), so a failure half-way
 * saves nothing: the removed cards first, then each card as saveCard does. A refusal names the
 * card it is about (`cards.2.typeId: …`) and, thrown, rolls everything back. What the whole plan
 * adds, changes and removes goes to `check` once, at the end, so that a refusal names every
 * permission missing. Every instance and tag it adds, renames or removes is recorded, in one insert.
 */
export async function savePlan(ctx: StoreContext, projectId: string, plan: PlanSave, check: ChangeCheck) {
  return translating(() => transaction(ctx, (tx) => writePlan(tx, projectId, plan, check)), {
    [FOREIGN_KEY_VIOLATION]: () => invalid('The project or a planning type of this plan no longer exists'),
  })
}

async function writePlan(ctx: StoreContext, projectId: string, plan: PlanSave, check: ChangeCheck) {
  const { db: tx, now } = ctx
  const entries: Change[] = []
  const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update')
  if (!project) throw notFound('Project not found')
  const changes: ChangeSet[] = []
  let removedCards = 0
  for (const card of plan.removed) {
    const [existing] = await tx.select({ id: projectResourceInstances.id }).from(projectResourceInstances).where(comboOf({ projectId, ...card }))
    // A card already gone is what the user wanted, and removes nothing.
    if (!existing) continue
    await removeFromCard(tx, { projectId, ...card }, entries)
    removedCards++
  }
  changes.push(cardRemovals(removedCards))
  for (const [index, card] of plan.cards.entries()) {
    try {
      // Cards are listed in the order they were created: each new one a millisecond after the one
      // before, so a plan saved at once keeps the order it was sent in.
      await writeCard(tx, { projectId, ...card }, new Date(now.getTime() + index), (made) => changes.push(made), entries)
    } catch (error) {
      if (!(error instanceof Refusal && error.kind === 'invalid')) throw error
      throw invalid(/^[\w.]+: /.test(error.message) ? `cards.${index}.${error.message}` : `cards.${index}: ${error.message}`)
    }
  }
  check(mergeChanges(...changes))
  await recordChanges(tx, auditActor(ctx), now, entries)
  return loadCards(tx, [projectId])
}
