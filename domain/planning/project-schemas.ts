import * as z from 'zod/mini'
import { INSTANCES_MAX, PLAN_CARDS_MAX, USERS_PER_CLUSTER_MAX, CLUSTERS_MAX, planningOwnMessages, projectMessages } from './messages'
import { taggingMessages } from './project-plan'
import { INSTANCE_PARAM_MAX, parseAssignKey, QUERY_MAX, ROW_KEY_MAX, SELECTED_MAX } from './mapping'
import { isUuid, UUID_PATTERN } from '../ids'
import { clusterId, isoDate, listOf, nameChecks, optionalId, queryId, requiredId, requiredQueryId, roleId, toNumber, wholeListOf } from './schemas'

// The payloads of the projects calls (spec/administration-planning.md §7 "Projects"). Like the planning schemas: strict, and
// their output is itself a valid input.

const selectAll = projectMessages.selectAllFields
const project = requiredId(selectAll, 'Choose a project from the list')
const combo = {
  projectId: project,
  categoryId: requiredId(selectAll, 'Choose a category from the list'),
  entityId: requiredId(selectAll, 'Choose an entity from the list'),
  typeId: requiredId(selectAll, 'Choose a type from the list'),
}

/** An instance name as sent: a string (a new name) or what GET answered ({name, projectEntityId, _id}). */
const instanceName = z.pipe(
  z.transform((value: unknown) => {
    if (typeof value === 'string') return { name: value, projectEntityId: null }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const { name, projectEntityId, _id } = value as Record<string, unknown>
      return { name, projectEntityId: projectEntityId ?? _id ?? null }
    }
    return value
  }),
  z.object(
    {
      name: z.pipe(z.transform((value: unknown) => value ?? ''), z.string('Each name must be text').check(z.trim(), ...nameChecks('Instance name'))),
      projectEntityId: optionalId('Not an instance of this card'),
    },
    { error: 'Each name must be text' },
  ),
)

/** A card as saved: its type (category, entity, planning type), its Number and that many names. */
const cardShape = {
  categoryId: combo.categoryId,
  entityId: combo.entityId,
  typeId: combo.typeId,
  number: z.pipe(
    z.transform(toNumber(null)),
    z.number('Number must be a number').check(z.int('Number must be a whole number'), z.minimum(1, 'Number must be at least 1'), z.maximum(INSTANCES_MAX, `Number must be at most ${INSTANCES_MAX}`)),
  ),
  names: listOf(instanceName, INSTANCES_MAX, 'names'),
}
/** Exactly Number non-blank names, different within the card. */
const namesMatchNumber = z.superRefine((card: { number: number; names: { name: string }[] }, ctx) => {
  if (card.names.length !== card.number || card.names.some((entry) => entry.name === '')) {
    ctx.addIssue({ code: 'custom', path: ['names'], message: projectMessages.fillAllNames })
    return
  }
  const lower = card.names.map((entry) => entry.name.toLowerCase())
  if (new Set(lower).size !== lower.length) ctx.addIssue({ code: 'custom', path: ['names'], message: planningOwnMessages.namesRepeated })
})

/**
 * POST /api/project-resource-instances: one card, saved whole (spec/administration-planning.md §5). Number at least 1; exactly
 * Number non-blank names, different within the card. A name sent with its projectEntityId keeps
 * that instance (and its tagged users) under a new name.
 */
export const instanceSaveSchema = z.strictObject({ projectId: project, ...cardShape }).check(namesMatchNumber)
export type InstanceSave = z.infer<typeof instanceSaveSchema>

/**
 * DELETE /api/project-resource-instances: one instance by name, or the whole card when `name` is
 * left out. A name sent blank is refused rather than read as "none": one slip would remove a card.
 */
export const instanceDeleteSchema = z.strictObject({
  ...combo,
  name: z.optional(z.string('Instance name must be text').check(z.trim(), z.minLength(1, 'Instance name is required'), ...nameChecks('Instance name'))),
})
export type InstanceDelete = z.infer<typeof instanceDeleteSchema>

/** A card by its type, as the plan save names the cards it removes. */
const cardKey = z.strictObject({ categoryId: combo.categoryId, entityId: combo.entityId, typeId: combo.typeId })

/** The index of the first card whose combination came before it in the list, or -1. */
const repeatedCard = (cards: readonly { categoryId: string; entityId: string; typeId: string }[]) => {
  const keys = cards.map((card) => `${card.categoryId} ${card.entityId} ${card.typeId}`)
  return keys.findIndex((key, index) => keys.indexOf(key) !== index)
}

/**
 * PUT /api/projects/{id}/plan: the Project Resource Planning screen's Save, in one transaction.
 * `removed` cards go first (so a card removed and added again starts afresh; one already gone is
 * what the user wanted), then every card of `cards`, each saved whole as by POST
 * /api/project-resource-instances. Either all of it is saved or nothing. Both lists must be sent
 * (null is not "nothing"), and `cards` names a combination once: a second card of the same
 * combination would replace the first and drop its tags. A card removed twice is
 * removed once: the repeated key carries nothing that could be lost.
 */
export const planSaveSchema = z
  .strictObject(
    {
      cards: wholeListOf(z.strictObject(cardShape).check(namesMatchNumber), PLAN_CARDS_MAX, 'cards'),
      removed: wholeListOf(cardKey, PLAN_CARDS_MAX, 'removed cards'),
    },
    { error: 'Send the plan as {cards, removed}' },
  )
  .check(
    z.superRefine((plan, ctx) => {
      const card = repeatedCard(plan.cards)
      if (card >= 0) ctx.addIssue({ code: 'custom', path: ['cards', card], message: projectMessages.alreadyAdded })
    }),
  )
export type PlanSave = z.infer<typeof planSaveSchema>

/**
 * POST /api/project-entity-user-mappings/replace: the users tagged to one cluster (or group) of
 * one role of one instance, replacing those it had. The requirement cap is checked by the API.
 */
export const mappingReplaceSchema = z.strictObject({
  projectId: requiredId(taggingMessages.selectProject, 'Choose a project from the list'),
  projectEntityId: requiredId(taggingMessages.projectEntityMissing, taggingMessages.projectEntityMissing),
  roleId,
  clusterIds: listOf(clusterId, CLUSTERS_MAX, 'clusters').check(z.minLength(1, 'Choose a cluster from the list')),
  // The whole set of users the cluster keeps: null is not "nobody" (clearing sends []).
  // A user sent twice counts once: a repeat carries nothing that could be lost.
  userIds: wholeListOf(requiredId('Choose users from the list', 'Choose users from the list'), USERS_PER_CLUSTER_MAX, 'users'),
})
export type MappingReplace = z.infer<typeof mappingReplaceSchema>

/** PUT /api/timelines/site-overrides: a project's own dates for a Site cluster; either may be cleared. */
export const siteOverrideSchema = z
  .strictObject({
    projectId: requiredId('Choose a project from the list', 'Choose a project from the list'),
    categoryId: requiredId('Choose a category from the list', 'Choose a category from the list'),
    entityId: requiredId('Choose an entity from the list', 'Choose an entity from the list'),
    clusterId,
    startDate: isoDate,
    endDate: isoDate,
  })
  .check(
    z.superRefine((data, ctx) => {
      if (data.startDate && data.endDate && data.endDate < data.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: planningOwnMessages.endBeforeStart })
      }
    }),
  )
export type SiteOverride = z.infer<typeof siteOverrideSchema>

export const projectQuerySchema = z.object({ projectId: requiredQueryId('projectId') })
export const timelineSelectionQuerySchema = z.object({ projectId: requiredQueryId('projectId'), entityTypeId: requiredQueryId('entityTypeId') })
export const siteOverridesQuerySchema = z.object({ projectId: requiredQueryId('projectId'), categoryId: queryId('categoryId'), entityId: requiredQueryId('entityId') })
export const clusterByEntityQuerySchema = z.object({ projectId: requiredQueryId('projectId'), entityId: requiredQueryId('entityId') })

/** Comma-joined ids of an address, each once; blank: none. */
const commaIds = (label: string, max: number) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? [...new Set(value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))] : value)),
    z.array(z.string().check(z.regex(UUID_PATTERN, `${label} must be ids separated by commas`)), `${label} must be ids separated by commas`).check(z.maxLength(max, `At most ${max} ${label}`)),
  )
const search = z.optional(z.string('q must be text').check(z.trim(), z.maxLength(QUERY_MAX, `q must be at most ${QUERY_MAX} characters`)))

/**
 * GET /api/projects/{id}/mapping: the screen as its address asks for it. `instance` and `assign`
 * are what the page's address carries (one that names no instance or no row is no error: the view
 * falls back as the page always did); `selected`, when sent (blank too), is who the last search
 * without JavaScript had ticked, otherwise the row's tagged users are.
 */
export const mappingQuerySchema = z.object({
  instance: z.optional(z.string('instance must be text').check(z.maxLength(INSTANCE_PARAM_MAX, 'instance must be all or an instance id'))),
  assign: z.optional(z.string('assign must be text').check(z.maxLength(ROW_KEY_MAX, 'assign must name a row: instanceId:roleId:clusterIds'))),
  q: search,
  selected: z.optional(commaIds('selected users', SELECTED_MAX)),
})
export type MappingQuery = z.infer<typeof mappingQuerySchema>

/** A row key as Assign Users names one: instanceId:roleId:clusterIds (comma-joined). */
const rowKey = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : value)),
  z.string('key is required').check(
    z.minLength(1, 'key is required'),
    z.maxLength(ROW_KEY_MAX, 'key must name a row: instanceId:roleId:clusterIds'),
    z.refine((key) => {
      const { projectEntityId, roleId, clusterIds } = parseAssignKey(key)
      return isUuid(projectEntityId) && isUuid(roleId) && clusterIds.length > 0 && clusterIds.every(isUuid)
    }, 'key must name a row: instanceId:roleId:clusterIds'),
  ),
)

/** GET /api/projects/{id}/mapping/candidates: the row (?assign= key) and the typed search. */
export const mappingCandidatesQuerySchema = z.object({ key: rowKey, q: search })
export type MappingCandidatesQuery = z.infer<typeof mappingCandidatesQuerySchema>

/** GET /api/projects/{id}/planning: the choices asked for the next card (left out or blank: none). */
export const planningScreenQuerySchema = z.object({ categoryId: queryId('categoryId'), entityId: queryId('entityId'), typeId: queryId('typeId') })
