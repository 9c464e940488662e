import * as z from 'zod/mini'
import type { Cluster, DescribedCluster } from '#domain/contracts/catalog'
import type { Ref } from '#domain/contracts/common'
import type { Planning, Template, TemplateItem } from '#domain/contracts/planning'
import { isUuid } from '#domain/ids'
import { clusterLabel, isGroup, sameClusterSet } from '#domain/planning/cluster-list'
import { canAddInterchange, interchangeProblem, type InterchangeRow } from '#domain/planning/interchanges'
import { CLUSTERS_MAX, INTERCHANGES_MAX, ROLES_MAX, UNAVAILABLE_CLUSTER, planningMessages } from '#domain/planning/messages'
import { templateSaveSchema, type TemplateSave } from '#domain/planning/schemas'
import { itemLabel } from '#app/components/template-table'
import { intentUnion, type IntentTable } from '#app/lib/intents'
import { hrefOf } from '#app/lib/search'
import { firstOf, numbered, parseWithSchema, recordOf, textField, trimmedField } from '#app/lib/validation'

/**
 * The Resource Planning Template page (spec/administration-planning.md §4, §5): what it holds, the names of its fields, reading
 * them back from a post, and the template they describe. Pure, so the decoding is tested without
 * a browser (tests/unit/template-form.test.ts).
 */

export const PATH = '/resource-planning-template'
/** spec/administration-planning.md §8, word for word. */
export const CREATE_FAILED = 'Error creating template. Please try again.'
export const UPDATE_FAILED = 'Error updating template. Please try again.'
export const DELETE_FAILED = 'Delete failed'
export const CLUSTER_ID_MISSING = 'Cluster ID is missing'
export const LIST_FAILED = 'Error fetching data'
export const SAVE_CONFIRMATION = 'This action can’t be undone. Are you sure you want to save these changes?'

/** The chosen category, entity and planning type: GET parameters of the page, hidden fields of its form. */
export interface Combo {
  categoryId: string
  entityId: string
  planningId: string
}

/** One interchange row as typed: people as the text of its field, ids '' until chosen. */
export interface InterchangeDraft {
  people: string
  entityId: string
  clusterId: string
}
export const emptyInterchange = (): InterchangeDraft => ({ people: '', entityId: '', clusterId: '' })
/** A cluster of the category, with the entity it belongs to: the interchange dialog's options. */
export interface ClusterOption extends Ref {
  entityId: string
}
export const asClusterOption = (cluster: Cluster): ClusterOption => ({ _id: cluster._id, name: cluster.name, entityId: cluster.entityType })

/** One cluster row of the form as typed: planned people as text, so an empty field stays empty. */
export interface ItemDraft {
  planned: string
  interchange: boolean
  interchanges: InterchangeDraft[]
}
/** The form's rows by row key (role and cluster ids), in the order of the planning type. */
export type Draft = Record<string, ItemDraft>
/** The Manage Interchanges dialog as the server renders it open (JavaScript off). */
export interface DialogState {
  key: string
  rows: InterchangeDraft[]
  message: string | null
}
export const EMPTY_ITEM: ItemDraft = { planned: '', interchange: false, interchanges: [] }

/** A row of the form: one cluster or group of a role in the planning type. */
export interface TemplateRow {
  index: number
  key: string
  roleName: string
  clusterIds: string[]
  label: string
  descriptions: DescribedCluster[]
}
export interface RoleRows {
  roleId: string
  roleName: string
  rows: TemplateRow[]
}
/** The cluster item ?confirmDelete= names, and how the confirmation describes it. */
export interface Deletion {
  templateId: string
  roleId: string
  clusterItemId: string
  description: string | null
}
/** What the loader gives the page. */
export interface TemplatePage {
  choice: Combo
  categories: Ref[]
  entities: Ref[]
  plannings: { _id: string; typeName: string }[]
  roles: RoleRows[]
  /** The saved template's values in the rows it plans; the others empty. */
  draft: Draft
  /** Clusters of the category: the interchange dialog's options, by entity. */
  interchangeClusters: ClusterOption[]
  templates: Template[]
  listError: string | null
  can: { save: boolean; edit: boolean; delete: boolean }
  deleting: Deletion | null
}
/** What the action answers when the page stays: the form as typed and what it says. */
export interface TemplateAnswer {
  draft: Draft | null
  dialog: DialogState | null
  /** The template exists: the page asks before Confirm re-posts the form with force: true. */
  confirm: boolean
  message: string | null
  deleteMessage: string | null
}

export const rowKey = (roleId: string, clusterIds: readonly string[]) => `${roleId}/${clusterIds.join(',')}`
export function parseRowKey(key: string) {
  const [roleId = '', clusters = ''] = key.split('/')
  return { roleId, clusterIds: clusters.split(',').filter(Boolean) }
}
/** A key the page wrote: a role id, then one cluster id or a group's, nothing else. */
export function isRowKey(key: string) {
  const { roleId, clusterIds } = parseRowKey(key)
  return key.split('/').length === 2 && isUuid(roleId) && clusterIds.length > 0 && clusterIds.every(isUuid) && rowKey(roleId, clusterIds) === key
}

/** The page form's field names. Row fields carry the row's index; interchanges theirs within it. */
export const field = {
  key: (row: number) => `row.${row}.key`,
  planned: (row: number) => `row.${row}.planned`,
  interchange: (row: number) => `row.${row}.interchange`,
  people: (row: number, at: number) => `row.${row}.ic.${at}.people`,
  entity: (row: number, at: number) => `row.${row}.ic.${at}.entity`,
  cluster: (row: number, at: number) => `row.${row}.ic.${at}.cluster`,
}
/** The dialog's fields, as the page form posts them when the server renders the dialog (JavaScript off). */
export const dialogField = {
  key: 'dialog.key',
  people: (index: number) => `dialog.${index}.people`,
  entity: (index: number) => `dialog.${index}.entity`,
  cluster: (index: number) => `dialog.${index}.cluster`,
}

// More rows than a planning type can have, or interchanges past one over the limit (which the
// schema then refuses by name), are not a form of this page.
const ROWS_MAX = ROLES_MAX * CLUSTERS_MAX
const INTERCHANGE_ROWS_MAX = INTERCHANGES_MAX + 1

/** A field as `FormData.get` gives it: the first of several, as text ('' when absent). */
const sent = textField
/** An id of the choice; one that is not an id counts as no choice. */
const chosenId = z.pipe(sent, z.transform((value: string) => (isUuid(value) ? value : '')))

/** The choice of the page's address or its form. */
export const comboSchema = z.object({ categoryId: chosenId, entityId: chosenId, planningId: chosenId })

/** The choice from the page's address or its form. An id that is not one counts as no choice. */
export function readCombo(form: FormData | URLSearchParams): Combo {
  const submission = parseWithSchema(form, { schema: comboSchema })
  return submission.status === 'success' ? submission.value : { categoryId: '', entityId: '', planningId: '' }
}

const text = (fields: Record<string, unknown>, name: string) => String(firstOf(fields[name]) ?? '')
/** Interchange rows (`…ic.0.people`, the dialog's `dialog.0.people`) as typed, until the first number missing. */
const interchangesOf = (rows: unknown): InterchangeDraft[] =>
  numbered(rows, INTERCHANGE_ROWS_MAX, 'people')
    .map(recordOf)
    .map((row) => ({ people: text(row, 'people'), entityId: text(row, 'entity'), clusterId: text(row, 'cluster') }))

/** The page form's rows (`row.0.key`, …), as typed. A row whose key the page did not write is left out. */
const draftSchema = z.transform((rows: unknown): Draft => {
  const draft: Draft = {}
  for (const row of numbered(rows, ROWS_MAX, 'key').map(recordOf)) {
    const key = text(row, 'key')
    if (isRowKey(key)) draft[key] = { planned: text(row, 'planned'), interchange: firstOf(row.interchange) === 'on', interchanges: interchangesOf(row.ic) }
  }
  return draft
})
/** The dialog as the page form posts it when the server renders it open (JavaScript off): the row it is for and its rows. */
const dialogSchema = z.transform((dialog: unknown) => ({ key: text(recordOf(dialog), 'key'), rows: interchangesOf(dialog) }))

/**
 * The page form as posted: the button (`save`, or an in-place step such as `open:{row}`), the
 * choice, the rows and the dialog's. Every field reads as text, so it always succeeds.
 */
export const pageSchema = z.pipe(
  z.transform((form: unknown) => {
    const fields = recordOf(form)
    return { intent: fields.intent, combo: fields, draft: fields.row, dialog: fields.dialog }
  }),
  z.object({ intent: sent, combo: comboSchema, draft: draftSchema, dialog: dialogSchema }),
)

/** The page form as posted, when it is none of INTENTS' (the dialog's steps, Enter). */
export function readPage(form: FormData) {
  const submission = parseWithSchema(form, { schema: pageSchema })
  return submission.status === 'success' ? submission.value : { intent: '', combo: { categoryId: '', entityId: '', planningId: '' }, draft: {}, dialog: { key: '', rows: [] } }
}

/** The cluster item a Delete posts, its ids as sent, trimmed (the API answers for ids that are not). */
export const deletionSchema = z.object({ templateId: trimmedField, roleId: trimmedField, clusterItemId: trimmedField })

/**
 * The buttons that change something, each beside the permission it needs beyond `view`. The
 * interchange dialog's in-place steps (`open:{row}`, `dialog-…`, `cancel`, `refresh`) change
 * nothing and are none of these.
 */
export const INTENTS = {
  save: { permission: ['add'], schema: pageSchema },
  // Overwriting needs edit or delete as well only for what it changes or drops: the API judges that.
  'save-force': { permission: ['add'], schema: pageSchema },
  delete: { permission: ['delete'], schema: deletionSchema },
} as const satisfies IntentTable
/** The one union the changing posts are read through; the dialog's steps are read by pageSchema alone. */
export const POSTED = intentUnion(INTENTS)

/** The shape the domain's interchange rules read. */
export const asInterchangeRows = (rows: readonly InterchangeDraft[]): InterchangeRow[] =>
  rows.map((row) => ({ interchangePeople: row.people, interchangeFrom: { entityId: row.entityId, clusterId: row.clusterId } }))

/** A row whose cluster is not one of its entity's (the entity was changed) loses the cluster (spec/administration-planning.md §4). */
export const withClustersOfTheirEntity = (rows: readonly InterchangeDraft[], clusters: readonly ClusterOption[]) =>
  rows.map((row) => (row.clusterId && !clusters.some((cluster) => cluster._id === row.clusterId && cluster.entityId === row.entityId) ? { ...row, clusterId: '' } : row))

/** Planned people as the page holds them: the typed text, empty (or not a number) counting as 0. */
export function plannedOf(value: string) {
  const number = value.trim() === '' ? 0 : Number(value)
  return Number.isFinite(number) ? number : 0
}

/** Select Interchanges without JavaScript: the dialog opens only while the row's Interchange is ticked (spec/administration-planning.md §2). */
export function openDialog(draft: Draft, key: string): DialogState | null {
  const item = draft[key]
  return item?.interchange ? { key, rows: item.interchanges, message: null } : null
}

/**
 * A press in the dialog without JavaScript, by the same rules as in the page (spec/administration-planning.md §5): Add below the
 * planned total, Remove down to one row, Save when the rows pass (into the row's draft), Cancel.
 * `clusters` (null when they could not be loaded) clear a cluster of another entity.
 */
export function dialogStep(intent: string, draft: Draft, key: string, posted: InterchangeDraft[], clusters: ClusterOption[] | null): { draft: Draft; dialog: DialogState | null } {
  const item = draft[key]
  if (!item || intent === 'dialog-cancel') return { draft, dialog: null }
  let rows = clusters ? withClustersOfTheirEntity(posted, clusters) : posted
  const planned = plannedOf(item.planned)
  if (intent === 'dialog-add' && canAddInterchange(planned, asInterchangeRows(rows))) rows = [...rows, emptyInterchange()]
  if (intent.startsWith('dialog-remove:') && rows.length > 1) {
    const at = Number(intent.slice('dialog-remove:'.length))
    rows = rows.filter((_, index) => index !== at)
  }
  const message = intent === 'dialog-save' ? interchangeProblem(planned, asInterchangeRows(rows)) : null
  if (intent === 'dialog-save' && !message) return { draft: { ...draft, [key]: { ...item, interchanges: rows } }, dialog: null }
  return { draft, dialog: { key, rows, message } }
}

/**
 * The template the form describes, checked as spec/administration-planning.md §5 says: type and entity chosen; then the shared
 * schema (planned people a number, the interchange rules). A row left empty and without
 * Interchange is not part of it; that some row is left is the API's to say.
 */
export function templatePayload(combo: Combo, draft: Draft): { ok: true; payload: TemplateSave } | { ok: false; message: string } {
  if (!combo.planningId || !combo.entityId) return { ok: false, message: planningMessages.selectTypeAndEntity }
  const roles = new Map<string, unknown[]>()
  for (const [key, item] of Object.entries(draft)) {
    if (item.planned.trim() === '' && !item.interchange) continue
    const { roleId, clusterIds } = parseRowKey(key)
    if (!roles.has(roleId)) roles.set(roleId, [])
    roles.get(roleId)!.push({
      clusterId: clusterIds,
      plannedPeople: item.planned,
      isInterchange: item.interchange,
      interchanges: item.interchange
        ? item.interchanges.map((row) => ({ interchangePeople: row.people, interchangeFrom: { entityId: row.entityId, clusterId: row.clusterId } }))
        : [],
    })
  }
  const parsed = templateSaveSchema.safeParse({ ...combo, roleClusters: [...roles].map(([roleId, clusters]) => ({ roleId, clusters })) })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? CREATE_FAILED }
  return { ok: true, payload: parsed.data }
}

/** Each role of the planning type with its rows (a group is one row), numbered across roles. */
export function rolesOf(planning: Planning | null, clusters: readonly Cluster[]): RoleRows[] {
  const names = new Map(clusters.map((row) => [row._id, row.name]))
  const described = (id: string): DescribedCluster => {
    const row = clusters.find((candidate) => candidate._id === id)
    return row ? { _id: id, name: row.name, description: row.description } : { _id: id, name: UNAVAILABLE_CLUSTER, description: null }
  }
  let index = 0
  return (planning?.roleClusters ?? []).map((role) => ({
    roleId: role.roleId._id,
    roleName: role.roleId.name,
    rows: role.clusters.map((entry) => {
      const clusterIds = isGroup(entry) ? entry : [entry]
      return { index: index++, key: rowKey(role.roleId._id, clusterIds), roleName: role.roleId.name, clusterIds, label: clusterLabel(entry, names), descriptions: clusterIds.map(described) }
    }),
  }))
}

/** A saved cluster item as the form holds it. */
export const draftOf = (item: TemplateItem): ItemDraft => ({
  planned: String(item.plannedPeople),
  interchange: item.isInterchange,
  interchanges: item.interchanges.map((row) => ({ people: String(row.interchangePeople), entityId: row.interchangeFrom.entityId._id, clusterId: row.interchangeFrom.clusterId._id })),
})

/** The saved template fills in the rows whose clusters it plans (same role, same cluster set); the others start empty. */
export function draftFor(roles: readonly RoleRows[], template: Template | null): Draft {
  const draft: Draft = {}
  for (const role of roles) {
    const saved = template?.roleClusters.find((candidate) => candidate.roleId._id === role.roleId)
    for (const row of role.rows) {
      const item = saved?.clusters.find(
        (candidate) => candidate.clusterId.length === row.clusterIds.length && sameClusterSet(candidate.clusterId.map((ref) => ref._id), row.clusterIds),
      )
      draft[row.key] = item ? draftOf(item) : EMPTY_ITEM
    }
  }
  return draft
}

/** What ?confirmDelete=templateId:roleId:itemId names, as the confirmation describes it. */
export function deletion(target: string, templates: readonly Template[]): Deletion {
  const [templateId = '', roleId = '', clusterItemId = ''] = target.split(':')
  const template = templates.find((candidate) => candidate._id === templateId)
  const role = template?.roleClusters.find((candidate) => candidate.roleId._id === roleId)
  const item = role?.clusters.find((candidate) => candidate._id === clusterItemId)
  const description = template && role && item ? `${itemLabel(item)} · ${role.roleId.name} · ${template.entityId.name} / ${template.planningId.typeName}` : null
  return { templateId, roleId, clusterItemId, description }
}

/** The page's address for a choice. */
export const pagePath = (combo: Partial<Combo>) => hrefOf(PATH, combo)
/** The page's address as it is, with the delete confirmation for `target` open, or (null) closed. */
export function withConfirmDelete(params: URLSearchParams, target: string | null) {
  const next = new URLSearchParams(params)
  if (target === null) next.delete('confirmDelete')
  else next.set('confirmDelete', target)
  const query = next.toString()
  return query ? `${PATH}?${query}` : PATH
}
