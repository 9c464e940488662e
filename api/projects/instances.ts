import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { cardChanges, cardRemovals, mergeChanges, type ChangeSet } from '#domain/planning/changes'
import type { InstanceDelete, InstanceSave, PlanSave } from '#domain/planning/project-schemas'
import { planningOwnMessages, projectMessages } from '#domain/planning/messages'
import type { Executor } from '#api/db/client'
import { plannings, projectEntities, projectEntityUserMappings, projectResourceInstances, projects } from '#api/db/schema'
import type { ChangeCheck } from '#api/http/changes'
import { badRequest, HttpError, notFound } from '#api/http/errors'
import { loadCards, templateHasItems } from './plan'

const comboOf = (input: Pick<InstanceSave, 'projectId' | 'categoryId' | 'entityId' | 'typeId'>) =>
  and(
    eq(projectResourceInstances.projectId, input.projectId),
    eq(projectResourceInstances.categoryId, input.categoryId),
    eq(projectResourceInstances.entityId, input.entityId),
    eq(projectResourceInstances.planningId, input.typeId),
  )

/**
 * Saves one card inside the caller's transaction (POST /api/project-resource-instances): creates
 * it, or replaces its instances. A name sent with its projectEntityId keeps that instance and its
 * tagged users; instances left out are removed with their tags. What the save would add, change
 * and remove is handed to `check` once the card is locked and read, before its instances are
 * written. Answers the card and whether it is new.
 */
export async function saveCard(tx: Executor, input: InstanceSave, now: Date, check: ChangeCheck) {
  const [project] = await tx.select().from(projects).where(eq(projects.id, input.projectId))
  if (!project) throw badRequest('projectId: Project not found')
  if (project.globalCategoryId && project.globalCategoryId !== input.categoryId) throw badRequest(`categoryId: ${planningOwnMessages.categoryFixed}`)
  const [planning] = await tx.select().from(plannings).where(eq(plannings.id, input.typeId))
  if (!planning || planning.categoryId !== input.categoryId || planning.entityId !== input.entityId) {
    throw badRequest('typeId: This type is not of the chosen category and entity')
  }
  if (!(await templateHasItems(tx, { categoryId: input.categoryId, entityId: input.entityId, planningId: input.typeId }))) throw badRequest(projectMessages.noData)

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
    if (!existing.has(entry.projectEntityId) || kept.has(entry.projectEntityId)) throw badRequest(`names.${index}: Not an instance of this card`)
    kept.add(entry.projectEntityId)
  })
  check(cardChanges(stored, input.names))
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
  if (added.length) await tx.insert(projectEntities).values(added)
  if (!created) await tx.update(projectResourceInstances).set({ updatedAt: now }).where(eq(projectResourceInstances.id, card.id))

  const saved = (await loadCards(tx, [input.projectId])).find((row) => row._id === card.id)!
  return { card: saved, created: Boolean(created) }
}

/**
 * DELETE /api/project-resource-instances: one instance by name (its tagged users go with it; the
 * card goes with its last instance), or with no name the whole card. Answers what was removed.
 */
export async function deleteFromCard(tx: Executor, input: InstanceDelete) {
  const [card] = await tx.select({ id: projectResourceInstances.id }).from(projectResourceInstances).where(comboOf(input)).for('update')
  if (!card) throw notFound('This card is not part of the project')
  const names = await tx.select().from(projectEntities).where(eq(projectEntities.instanceId, card.id))
  const doomed = input.name ? names.filter((row) => row.name.toLowerCase() === input.name!.toLowerCase()) : names
  if (input.name && doomed.length === 0) throw notFound(`No instance named "${input.name}" in this card`)
  const [{ tags }] = doomed.length
    ? await tx.select({ tags: count() }).from(projectEntityUserMappings).where(inArray(projectEntityUserMappings.projectEntityId, doomed.map((row) => row.id)))
    : [{ tags: 0 }]
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
    removedTags: tags,
  }
}

/**
 * Saves a whole plan inside the caller's transaction (PUT /api/projects/{id}/plan): the removed
 * cards first, then each card as saveCard does. A refusal names the card it is about
 * (`cards.2.typeId: …`) and, thrown, leaves the transaction to roll everything back. What the
 * whole plan adds, changes and removes goes to `check` once, at the end, so that a refusal names
 * every permission missing; thrown there, it rolls back what was written before it.
 */
export async function savePlan(tx: Executor, projectId: string, plan: PlanSave, now: Date, check: ChangeCheck) {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update')
  if (!project) throw notFound('Project not found')
  const changes: ChangeSet[] = []
  let removedCards = 0
  for (const card of plan.removed) {
    const [existing] = await tx.select({ id: projectResourceInstances.id }).from(projectResourceInstances).where(comboOf({ projectId, ...card }))
    // A card already gone is what the user wanted, and removes nothing.
    if (!existing) continue
    await deleteFromCard(tx, { projectId, ...card })
    removedCards++
  }
  changes.push(cardRemovals(removedCards))
  for (const [index, card] of plan.cards.entries()) {
    try {
      // Cards are listed in the order they were created: each new one a millisecond after the one
      // before, so a plan saved at once keeps the order it was sent in.
      await saveCard(tx, { projectId, ...card }, new Date(now.getTime() + index), (made) => changes.push(made))
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 400)) throw error
      throw badRequest(/^[\w.]+: /.test(error.message) ? `cards.${index}.${error.message}` : `cards.${index}: ${error.message}`)
    }
  }
  check(mergeChanges(...changes))
  return loadCards(tx, [projectId])
}
