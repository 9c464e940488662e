import * as z from 'zod/mini'
import { UUID_PATTERN } from '../ids'
import { blankToNull, idText, optionalId, requiredId } from '../id-schemas'
import { WITHIN_YEARS, WITHIN_YEARS_MESSAGE } from '../dates'
import { unwrapSingletons } from './cluster-list'
import { interchangeProblem } from './interchanges'
import { tidyName } from '../text'
import { nameChecks as textNameChecks, storable } from '../text-checks'
import {
  CLUSTERS_MAX,
  DESCRIPTION_IDS_MAX,
  DESCRIPTION_MAX,
  INTERCHANGES_MAX,
  NAME_MAX,
  PEOPLE_MAX,
  PLANNED_PEOPLE_MIN,
  ROLES_MAX,
  planningMessages,
  planningOwnMessages,
} from './messages'

// ---------------------------------------------------------------------------------------------
// Building blocks. Every payload schema is strict (an unknown key is refused) and its output is
// itself a valid input, so the web may validate, then send what it parsed.
// ---------------------------------------------------------------------------------------------

const UUID = UUID_PATTERN

// The id fields live apart (domain/id-schemas.ts), so a worker's form reads an id without this module.
export { blankToNull, optionalId, requiredId }

export const nameChecks = (label: string) => textNameChecks(label, NAME_MAX)
/** A name: tidied (domain/text.ts), required (`required` when nothing visible is left), one line. */
export const requiredName = (label: string, required: string) => z.string({ error: required }).check(...nameChecks(label), z.minLength(1, required))
const optionalName = (label: string) =>
  z.pipe(
    z.transform((value: unknown) => blankToNull(typeof value === 'string' ? tidyName(value) : value)),
    z.nullable(z.string(`${label} must be text`).check(...nameChecks(label))),
  )
const optionalText = (label: string, max: number) =>
  z.pipe(z.transform(blankToNull), z.nullable(z.string(`${label} must be text`).check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), storable)))

/** A checkbox: JSON true/false, or what a form sends ('on', 'true', nothing). */
const flag = (label: string) =>
  z.pipe(
    z.transform((value: unknown) => (value == null || value === '' || value === 'false' ? false : value === 'on' || value === 'true' ? true : value)),
    z.boolean(`${label} must be true or false`),
  )

/** A list that may be left out (null or missing: empty), at most `max` long. */
export const listOf = <T extends z.ZodMiniType>(item: T, max: number, label: string) =>
  z.pipe(z.transform((value: unknown) => value ?? []), z.array(item, `${label} must be a list`).check(z.maxLength(max, `At most ${max} ${label}`)))
/**
 * The whole set a save replaces (a plan's cards, a template role's clusters, a cluster's users):
 * it must be sent as a list, since reading null or nothing as empty would remove what is stored
 * or do nothing while answering 200. At most `max` long.
 */
export const wholeListOf = <T extends z.ZodMiniType>(item: T, max: number, label: string) =>
  z.array(item, `Send the ${label} as a list`).check(z.maxLength(max, `At most ${max} ${label}`))

// A number typed in a form arrives as text: coerced, the empty field taking `empty`.
export const toNumber = (empty: number | null) => (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') ? empty : typeof value === 'string' ? Number(value) : value

export const roleId = requiredId('Choose a role from the list', 'Choose a role from the list')
export const clusterId = requiredId('Choose a cluster from the list', 'Choose a cluster from the list')

// ---------------------------------------------------------------------------------------------
// Categories, entities (entity types), projects: the administration calls of DESIGN §8.
// ---------------------------------------------------------------------------------------------

export const categoryCreateSchema = z.strictObject({ name: requiredName('Category name', 'Category name is required') })
export const categoryUpdateSchema = categoryCreateSchema
export type CategoryCreate = z.infer<typeof categoryCreateSchema>

export const entityCreateSchema = z.strictObject({
  name: requiredName('Entity name', 'Entity name is required'),
  categoryId: requiredId(planningOwnMessages.selectCategory, 'Choose a category from the list'),
})
/** An entity keeps its category: its clusters and planning types belong to that category. */
export const entityUpdateSchema = z.strictObject({ name: requiredName('Entity name', 'Entity name is required') })
export type EntityCreate = z.infer<typeof entityCreateSchema>

const globalCategory = optionalId('Choose a category from the list')
export const projectCreateSchema = z.strictObject({
  name: requiredName('Project name', 'Project name is required'),
  globalCategory: z.pipe(z.transform((value: unknown): unknown => value ?? null), globalCategory),
})
/** A PUT without globalCategory keeps it; null (or '') clears it. */
export const projectUpdateSchema = z.strictObject({
  name: requiredName('Project name', 'Project name is required'),
  globalCategory: z.optional(globalCategory),
})
export type ProjectCreate = z.infer<typeof projectCreateSchema>
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>

// ---------------------------------------------------------------------------------------------
// Clusters
// ---------------------------------------------------------------------------------------------

/** POST /api/clusters and the Add Cluster form: category, entity and name required, description optional (spec/administration-planning.md §5). */
export const clusterCreateSchema = z.pipe(
  z
    .strictObject({
      category: optionalId('Choose a category from the list'),
      entityType: optionalId('Choose an entity from the list'),
      name: optionalName('Cluster name'),
      description: optionalText('Description', DESCRIPTION_MAX),
    })
    .check(
      z.superRefine((data, ctx) => {
        if (data.category == null || data.entityType == null || data.name == null) {
          ctx.addIssue({ code: 'custom', path: [], message: planningMessages.clusterFieldsRequired })
        }
      }),
    ),
  z.transform((data) => data as { category: string; entityType: string; name: string; description: string | null }),
)
export type ClusterCreate = z.infer<typeof clusterCreateSchema>

// A date of the product's years, 1900 to 2100 (domain/dates.ts): outside them it is a typing
// mistake, and an unbounded one makes every reader pay. The messages name no field: the
// API's error names it once. The key must be sent: a body that forgot a date must not clear it.
export const isoDate = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value)),
  z.nullable(
    z.iso
      .date({ error: (issue) => (issue.input === undefined ? 'Send a date, or null to clear it' : 'Enter a valid date (YYYY-MM-DD)') })
      .check(z.regex(WITHIN_YEARS, WITHIN_YEARS_MESSAGE)),
  ),
)

/** PUT /api/clusters/{id}: both dates are sent; either may be cleared (null or empty); the end is not before the start. */
export const clusterDatesSchema = z.strictObject({ startDate: isoDate, endDate: isoDate }).check(
  z.superRefine((data, ctx) => {
    if (data.startDate && data.endDate && data.endDate < data.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: planningOwnMessages.endBeforeStart })
    }
  }),
)
export type ClusterDates = z.infer<typeof clusterDatesSchema>

// ---------------------------------------------------------------------------------------------
// Planning types
// ---------------------------------------------------------------------------------------------

const repeatedAt = (values: readonly string[]) => values.findIndex((value, index) => values.indexOf(value) !== index)

/**
 * POST /api/planning and the Create New Planning Type form (spec/administration-planning.md §5): a type name, and at least one
 * cluster across all roles. Roles left without a cluster are dropped; a cluster ticked twice counts once.
 */
export const planningCreateSchema = z.pipe(
  z
    .strictObject({
      categoryId: requiredId(planningMessages.selectCategoryAndEntityFirst, 'Choose a category from the list'),
      entityId: requiredId(planningMessages.selectEntityFirst, 'Choose an entity from the list'),
      typeName: requiredName('Type name', planningMessages.typeNameRequired),
      roleClusters: listOf(z.strictObject({ roleId, clusters: listOf(clusterId, CLUSTERS_MAX, 'clusters') }, { error: 'Each role must be {roleId, clusters}' }), ROLES_MAX, 'roles'),
    })
    .check(
      z.superRefine((data, ctx) => {
        if (!data.roleClusters.some((role) => role.clusters.length > 0)) {
          ctx.addIssue({ code: 'custom', path: ['roleClusters'], message: planningMessages.clusterRequired })
          return
        }
        const repeated = repeatedAt(data.roleClusters.map((role) => role.roleId))
        if (repeated >= 0) ctx.addIssue({ code: 'custom', path: ['roleClusters', repeated, 'roleId'], message: planningOwnMessages.roleRepeated })
      }),
    ),
  z.transform((data) => ({
    ...data,
    roleClusters: data.roleClusters
      .filter((role) => role.clusters.length > 0)
      .map((role) => ({ roleId: role.roleId, clusters: [...new Set(role.clusters)] })),
  })),
)
export type PlanningCreate = z.infer<typeof planningCreateSchema>

/**
 * PUT /api/planning/{id}/groups: the role's whole new cluster list, single ids and groups (lists
 * of ids). A group of one is unwrapped to a single cluster. Whether it uses exactly the role's
 * clusters is checked against the saved planning (usesEachClusterOnce).
 */
export const planningGroupsSchema = z.pipe(
  z.strictObject({
    roleId,
    groups: z
      .array(
        z.union([clusterId, z.array(clusterId).check(z.minLength(1, 'A group must hold at least one cluster'), z.maxLength(CLUSTERS_MAX, `At most ${CLUSTERS_MAX} clusters`))], {
          error: 'Each entry must be a cluster id or a list of cluster ids',
        }),
        'groups must be a list',
      )
      .check(z.maxLength(CLUSTERS_MAX, `At most ${CLUSTERS_MAX} clusters`)),
  }),
  z.transform((data) => ({ roleId: data.roleId, groups: unwrapSingletons(data.groups) })),
)
export type PlanningGroups = z.infer<typeof planningGroupsSchema>

// ---------------------------------------------------------------------------------------------
// Resource planning templates
// ---------------------------------------------------------------------------------------------

const interchangeSchema = z.strictObject({
  interchangePeople: z.pipe(
    z.transform(toNumber(null)),
    z.nullable(
      z
        .number('Interchange people must be a number')
        .check(z.int('Interchange people must be a whole number'), z.maximum(PEOPLE_MAX, `Interchange people must be at most ${PEOPLE_MAX}`)),
    ),
  ),
  interchangeFrom: z.pipe(
    z.transform((value: unknown) => value ?? {}),
    z.strictObject(
      { entityId: optionalId('Choose an entity from the list'), clusterId: optionalId('Choose a cluster from the list') },
      { error: 'interchangeFrom must be {entityId, clusterId}' },
    ),
  ),
}, { error: 'Each interchange must be {interchangePeople, interchangeFrom}' })

/** One cluster (or group) of a role: the people it needs, and where some of them come from. */
const templateClusterSchema = z.pipe(
  z
    .strictObject({
      /** Sent back from GET; the item is saved afresh, so it is ignored. */
      _id: z.optional(optionalId('Not a cluster item id')),
      clusterId: z.pipe(
        z.transform((value: unknown) => (value == null ? [] : Array.isArray(value) ? value : [value])),
        z.array(clusterId).check(z.minLength(1, 'Choose a cluster from the list'), z.maxLength(CLUSTERS_MAX, `At most ${CLUSTERS_MAX} clusters`)),
      ),
      plannedPeople: z.pipe(
        z.transform(toNumber(0)),
        z
          .number('Planned people must be a number')
          .check(
            z.int('Planned people must be a whole number'),
            z.minimum(PLANNED_PEOPLE_MIN, 'Planned people cannot be negative'),
            z.maximum(PEOPLE_MAX, `Planned people must be at most ${PEOPLE_MAX}`),
          ),
      ),
      isInterchange: flag('isInterchange'),
      interchanges: listOf(interchangeSchema, INTERCHANGES_MAX, 'interchanges'),
    }, { error: 'Each cluster must be {clusterId, plannedPeople, isInterchange, interchanges}' })
    .check(
      z.superRefine((item, ctx) => {
        const problem = item.isInterchange ? interchangeProblem(item.plannedPeople, item.interchanges) : null
        if (problem) ctx.addIssue({ code: 'custom', path: ['interchanges'], message: problem })
      }),
    ),
  // Unticking Interchange drops its rows: what is saved is what the table will show.
  z.transform((item) => ({
    clusterId: [...new Set(item.clusterId)],
    plannedPeople: item.plannedPeople,
    isInterchange: item.isInterchange,
    interchanges: item.isInterchange
      ? item.interchanges.map((row) => ({
          interchangePeople: row.interchangePeople as number,
          interchangeFrom: { entityId: row.interchangeFrom.entityId as string, clusterId: row.interchangeFrom.clusterId as string },
        }))
      : [],
  })),
)

/** Accepted because the spec's save payload carries it; the per-cluster interchanges are what count. */
const legacyInterchangeFrom = z.optional(
  z.nullable(
    z.strictObject({
      entityId: z.optional(optionalId('Choose an entity from the list')),
      role: z.optional(optionalName('role')),
      clusterId: z.optional(optionalId('Choose a cluster from the list')),
    }),
  ),
)

/**
 * POST /api/resource-planning-templates and the Resource Planning Template form (spec/administration-planning.md §5): category,
 * entity and type required; planned people coerced to a number (empty: 0); each cluster with
 * Interchange ticked obeys the Manage Interchanges rules. That some role has a cluster is the
 * API's check alone (plansSomeCluster), so the screen shows the API's answer, not a copy of it.
 */
export const templateSaveSchema = z
  .strictObject({
    categoryId: requiredId(planningOwnMessages.selectCategory, 'Choose a category from the list'),
    planningId: requiredId(planningMessages.selectTypeAndEntity, 'Choose a planning type from the list'),
    entityId: requiredId(planningMessages.selectTypeAndEntity, 'Choose an entity from the list'),
    roleClusters: wholeListOf(
      z.strictObject({ roleId, clusters: wholeListOf(templateClusterSchema, CLUSTERS_MAX, 'clusters') }, { error: 'Each role must be {roleId, clusters}' }),
      ROLES_MAX,
      'roles',
    ),
    isInterchange: z.optional(flag('isInterchange')),
    interchangeFrom: legacyInterchangeFrom,
    force: z.optional(flag('force')),
  })
  .check(
    z.superRefine((data, ctx) => {
      const repeatedRole = repeatedAt(data.roleClusters.map((role) => role.roleId))
      if (repeatedRole >= 0) {
        ctx.addIssue({ code: 'custom', path: ['roleClusters', repeatedRole, 'roleId'], message: planningOwnMessages.roleRepeated })
        return
      }
      data.roleClusters.forEach((role, index) => {
        const seen = new Set<string>()
        const repeated = role.clusters.findIndex((item) => {
          const again = item.clusterId.some((id) => seen.has(id))
          item.clusterId.forEach((id) => seen.add(id))
          return again
        })
        if (repeated >= 0) {
          ctx.addIssue({ code: 'custom', path: ['roleClusters', index, 'clusters', repeated, 'clusterId'], message: planningOwnMessages.clusterRepeated })
        }
      })
    }),
  )
export type TemplateSave = z.infer<typeof templateSaveSchema>
/** spec/administration-planning.md §5: a template plans at least one cluster ('Please enter planned people for at least one cluster.' otherwise). */
export const plansSomeCluster = (roleClusters: readonly { clusters: readonly unknown[] }[]) => roleClusters.some((role) => role.clusters.length > 0)
export type TemplateCluster = TemplateSave['roleClusters'][number]['clusters'][number]
export type Interchange = TemplateCluster['interchanges'][number]

// ---------------------------------------------------------------------------------------------
// Query strings. Not strict: a cache-busting parameter must not break a read.
// ---------------------------------------------------------------------------------------------

export const queryId = (label: string) =>
  z.pipe(z.transform((value: unknown) => (blankToNull(value) === null ? undefined : value)), z.optional(idText(`${label} must be an id`)))
export const requiredQueryId = (label: string) => z.pipe(z.transform(blankToNull), z.string({ error: `${label} is required` }).check(z.trim(), z.regex(UUID, `${label} must be an id`), z.toLowerCase()))

export const categoriesQuerySchema = z.object({ projectId: queryId('projectId') })
export const entitiesQuerySchema = z.object({ categoryId: queryId('categoryId') })
export const entityTypesQuerySchema = z.object({ projectId: queryId('projectId'), categoryId: queryId('categoryId') })
export const clustersQuerySchema = z.object({ categoryId: queryId('categoryId'), entityId: queryId('entityId') })
export const planningQuerySchema = z.object({ categoryId: queryId('categoryId'), entityId: queryId('entityId') })
export const templateComboQuerySchema = z.object({
  categoryId: requiredQueryId('categoryId'),
  entityId: requiredQueryId('entityId'),
  planningId: requiredQueryId('planningId'),
})

/** GET /api/clusters/description?ids=a,b: the comma-joined ids, each once, in the order given. */
export const clusterDescriptionQuerySchema = z.object({
  ids: z.pipe(
    z.transform((value: unknown) =>
      value == null ? [] : typeof value === 'string' ? [...new Set(value.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))] : value,
    ),
    z.array(z.string().check(z.regex(UUID, 'ids must be cluster ids, comma-separated')), 'ids must be cluster ids, comma-separated').check(
      z.maxLength(DESCRIPTION_IDS_MAX, `At most ${DESCRIPTION_IDS_MAX} ids`),
    ),
  ),
})
