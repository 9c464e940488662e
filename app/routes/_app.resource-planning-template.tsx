import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useSearchParams, useSubmit } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'
import { PRODUCT_NAME, type Permission } from '#domain/constants'
import { clusterLabel, isGroup, sameClusterSet, type ClusterList } from '#domain/planning/cluster-list'
import { canAddInterchange, interchangeProblem } from '#domain/planning/interchanges'
import { UNAVAILABLE_CLUSTER, planningMessages } from '#domain/planning/messages'
import { templateSaveSchema } from '#domain/planning/schemas'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import {
  InterchangeDialog,
  asInterchangeRows,
  dialogField,
  emptyInterchange,
  plannedOf,
  readDialogRows,
  withClustersOfTheirEntity,
  type ClusterOption,
  type InterchangeDraft,
} from '#app/components/interchange-dialog'
import { Modal } from '#app/components/modal'
import { RouteErrorBoundary } from '#app/components/route-error'
import { ClusterDescription, type DescribedCluster } from '#app/components/template-description'
import { TemplateTable, itemLabel, type Template, type TemplateItem } from '#app/components/template-table'
import { api } from '#app/lib/api/http.server'
import { messageOr, type ApiError } from '#app/lib/errors'
import { ERROR_CODES } from '#domain/contracts/errors'
import { useDismissable } from '#app/lib/dismissable'
import { useHydrated } from '#app/lib/hydrated'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import { readForm } from '#app/lib/form.server'
import type { Ref } from '#domain/contracts/common'

export const meta: MetaFunction = () => [{ title: `Resource Planning Template · ${PRODUCT_NAME}` }]

const PATH = '/resource-planning-template'
/** Administration document §8, word for word. */
const CREATE_FAILED = 'Error creating template. Please try again.'
const UPDATE_FAILED = 'Error updating template. Please try again.'
const DELETE_FAILED = 'Delete failed'
const CLUSTER_ID_MISSING = 'Cluster ID is missing'
const LIST_FAILED = 'Error fetching data'
const SAVE_CONFIRMATION = 'This action can’t be undone. Are you sure you want to save these changes?'

interface Cluster extends Ref {
  description: string | null
  category: string
  entityType: string
}
interface Planning {
  _id: string
  typeName: string
  roleClusters: { roleId: Ref; clusters: ClusterList }[]
}
interface Combo {
  categoryId: string
  entityId: string
  planningId: string
}

/** One cluster row of the form as typed: planned people as text, so an empty field stays empty. */
interface ItemDraft {
  planned: string
  interchange: boolean
  interchanges: InterchangeDraft[]
}
/** The form's rows by row key (role and cluster ids), in the order of the planning type. */
type Draft = Record<string, ItemDraft>
/** The Manage Interchanges dialog as the server renders it open (JavaScript off). */
interface DialogState {
  key: string
  rows: InterchangeDraft[]
  message: string | null
}

const EMPTY_ITEM: ItemDraft = { planned: '', interchange: false, interchanges: [] }
const rowKey = (roleId: string, clusterIds: readonly string[]) => `${roleId}/${clusterIds.join(',')}`
function parseRowKey(key: string) {
  const [roleId = '', clusters = ''] = key.split('/')
  return { roleId, clusterIds: clusters.split(',').filter(Boolean) }
}

/** The page form's field names. Row fields carry the row's index; interchanges theirs within it. */
const field = {
  key: (row: number) => `row.${row}.key`,
  planned: (row: number) => `row.${row}.planned`,
  interchange: (row: number) => `row.${row}.interchange`,
  people: (row: number, at: number) => `row.${row}.ic.${at}.people`,
  entity: (row: number, at: number) => `row.${row}.ic.${at}.entity`,
  cluster: (row: number, at: number) => `row.${row}.ic.${at}.cluster`,
}

const comboQuery = (combo: Partial<Combo>) => new URLSearchParams(Object.entries(combo).filter(([, value]) => Boolean(value)) as [string, string][]).toString()
const pagePath = (combo: Partial<Combo>) => {
  const query = comboQuery(combo)
  return query ? `${PATH}?${query}` : PATH
}

/**
 * The choices are GET parameters (?categoryId&entityId&planningId); a choice that does not belong
 * to the one before it is dropped, so changing the category resets the entity and type (§4).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const wanted: Combo = {
    categoryId: params.get('categoryId') ?? '',
    entityId: params.get('entityId') ?? '',
    planningId: params.get('planningId') ?? '',
  }
  const [categories, entities, clusters, plannings, existing, templates] = await Promise.all([
    api<Ref[]>(args, '/api/categories'),
    wanted.categoryId ? api<Ref[]>(args, `/api/entities?${comboQuery({ categoryId: wanted.categoryId })}`) : null,
    wanted.categoryId ? api<Cluster[]>(args, `/api/clusters?${comboQuery({ categoryId: wanted.categoryId })}`) : null,
    wanted.categoryId && wanted.entityId ? api<Planning[]>(args, `/api/planning?${comboQuery({ categoryId: wanted.categoryId, entityId: wanted.entityId })}`) : null,
    wanted.categoryId && wanted.entityId && wanted.planningId
      ? api<{ template: Template | null }>(args, `/api/resource-planning-templates/by-combo?${comboQuery(wanted)}`)
      : null,
    api<{ data: Template[] }>(args, '/api/resource-planning-templates'),
  ])

  // §8: most failed loads fall back to empty lists.
  const categoryList = categories.ok ? categories.data : []
  const category = categoryList.find((row) => row._id === wanted.categoryId) ?? null
  const entityList = category && entities?.ok ? entities.data : []
  const entity = entityList.find((row) => row._id === wanted.entityId) ?? null
  const planningList = entity && plannings?.ok ? plannings.data : []
  const planning = planningList.find((row) => row._id === wanted.planningId) ?? null
  const clusterList = category && clusters?.ok ? clusters.data : []
  const template = planning && existing?.ok ? existing.data.template : null

  const names = new Map(clusterList.map((row) => [row._id, row.name]))
  const described = (id: string): DescribedCluster => {
    const row = clusterList.find((candidate) => candidate._id === id)
    return row ? { _id: id, name: row.name, description: row.description } : { _id: id, name: UNAVAILABLE_CLUSTER, description: null }
  }
  let index = 0
  const roles = (planning?.roleClusters ?? []).map((role) => ({
    roleId: role.roleId._id,
    roleName: role.roleId.name,
    rows: role.clusters.map((entry) => {
      const clusterIds = isGroup(entry) ? entry : [entry]
      return {
        index: index++,
        key: rowKey(role.roleId._id, clusterIds),
        roleName: role.roleId.name,
        clusterIds,
        label: clusterLabel(entry, names),
        descriptions: clusterIds.map(described),
      }
    }),
  }))

  // The saved template fills in the rows whose clusters it plans (same role, same cluster set).
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

  const target = params.get('confirmDelete')
  return json({
    choice: { categoryId: category?._id ?? '', entityId: entity?._id ?? '', planningId: planning?._id ?? '' },
    categories: categoryList.map(({ _id, name }) => ({ _id, name })),
    entities: entityList.map(({ _id, name }) => ({ _id, name })),
    plannings: planningList.map(({ _id, typeName }) => ({ _id, typeName })),
    roles,
    draft,
    /** Clusters of the category: the interchange dialog's options, by entity. */
    interchangeClusters: clusterList.map((row): ClusterOption => ({ _id: row._id, name: row.name, entityId: row.entityType })),
    templates: templates.ok ? (templates.data.data ?? []) : [],
    listError: templates.ok ? null : templates.error.status !== null && messageOr(templates.error, '') ? `Error: ${templates.error.message}` : LIST_FAILED,
    can: { save: can(user, 'add'), edit: can(user, 'edit'), delete: can(user, 'delete') },
    deleting: target !== null && can(user, 'delete') ? deletion(target, templates.ok ? (templates.data.data ?? []) : []) : null,
  })
}

function draftOf(item: TemplateItem): ItemDraft {
  return {
    planned: String(item.plannedPeople),
    interchange: item.isInterchange,
    interchanges: item.interchanges.map((row) => ({
      people: String(row.interchangePeople),
      entityId: row.interchangeFrom.entityId._id,
      clusterId: row.interchangeFrom.clusterId._id,
    })),
  }
}

/** What ?confirmDelete=templateId:roleId:itemId names, as the confirmation describes it. */
function deletion(target: string, templates: Template[]) {
  const [templateId = '', roleId = '', clusterItemId = ''] = target.split(':')
  const template = templates.find((candidate) => candidate._id === templateId)
  const role = template?.roleClusters.find((candidate) => candidate.roleId._id === roleId)
  const item = role?.clusters.find((candidate) => candidate._id === clusterItemId)
  const description =
    template && role && item ? `${itemLabel(item)} · ${role.roleId.name} · ${template.entityId.name} / ${template.planningId.typeName}` : null
  return { templateId, roleId, clusterItemId, description }
}

type Answer = {
  draft: Draft | null
  dialog: DialogState | null
  /** The template exists: the page asks before Confirm re-posts the form with force: true. */
  confirm: boolean
  message: string | null
  deleteMessage: string | null
}
const answer = (part: Partial<Answer>, init?: ResponseInit) =>
  json<Answer>({ draft: null, dialog: null, confirm: false, message: null, deleteMessage: null, ...part }, init)

/**
 * Every change is a post of the page form; its `intent` says which. Without JavaScript the
 * interchange dialog's buttons post here too (open, add, remove, show clusters, cancel, save) and
 * the page comes back with everything typed so far.
 */
export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const form = await readForm(args.request)
  const intent = String(form.get('intent') ?? '')
  if (intent === 'delete') {
    if (!can(user, 'delete')) await requirePermission(args, 'delete')
    return deleteItem(args, form)
  }

  const combo: Combo = {
    categoryId: String(form.get('categoryId') ?? ''),
    entityId: String(form.get('entityId') ?? ''),
    planningId: String(form.get('planningId') ?? ''),
  }
  const draft = readDraft(form)

  // A missing permission answers the screen's 403 page, as opening it would.
  const insist = async (...permissions: Permission[]) => {
    const missing = permissions.find((permission) => !can(user, permission))
    if (missing) await requirePermission(args, missing)
  }

  if (intent === 'save' || intent === 'save-force') {
    const force = intent === 'save-force'
    await insist(...(force ? (['add', 'edit'] as const) : (['add'] as const)))
    const failed = force ? UPDATE_FAILED : CREATE_FAILED
    const checked = checkTemplate(combo, draft)
    if (!checked.ok) return answer({ draft, message: checked.message })
    const saved = await api<{ exists?: boolean; message?: string }>(args, '/api/resource-planning-templates', { method: 'POST', body: force ? { ...checked.payload, force: true } : checked.payload })
    if (!saved.ok) return answer({ draft, message: refusal(saved.error, failed) }, { headers: saved.headers })
    if (force && saved.data.exists) return answer({ draft, message: failed }, { headers: saved.headers })
    if (saved.data.exists) {
      // Overwriting is a change: without `edit` there is nothing to confirm.
      if (!can(user, 'edit')) return answer({ draft, message: saved.data.message ?? CREATE_FAILED }, { headers: saved.headers })
      return answer({ draft, confirm: true }, { headers: saved.headers })
    }
    return redirect(pagePath(combo), { headers: saved.headers })
  }

  if (intent.startsWith('open:')) {
    const key = intent.slice('open:'.length)
    const item = draft[key]
    // The button only works while Interchange is ticked (§2).
    if (!item?.interchange) return answer({ draft })
    return answer({ draft, dialog: { key, rows: item.interchanges, message: null } })
  }

  if (intent.startsWith('dialog-')) return interchangeStep(args, intent, combo, draft, form)
  // 'cancel' (the save confirmation) and 'refresh' (Enter): the page again, as typed.
  return answer({ draft })
}

/** The dialog's steps without JavaScript: the same rules as in the page (§5). */
async function interchangeStep(args: ActionFunctionArgs, intent: string, combo: Combo, draft: Draft, form: FormData) {
  const key = String(form.get(dialogField.key) ?? '')
  const item = draft[key]
  if (!item || intent === 'dialog-cancel') return answer({ draft })
  const clusters = combo.categoryId ? await api<Cluster[]>(args, `/api/clusters?${comboQuery({ categoryId: combo.categoryId })}`) : null
  let rows = readDialogRows(form)
  // An entity changed without showing its clusters keeps no cluster of another entity (§4).
  if (clusters?.ok) rows = withClustersOfTheirEntity(rows, clusters.data.map((row) => ({ _id: row._id, name: row.name, entityId: row.entityType })))
  const planned = plannedOf(item.planned)
  let message: string | null = null
  if (intent === 'dialog-add' && canAddInterchange(planned, asInterchangeRows(rows))) rows = [...rows, emptyInterchange()]
  if (intent.startsWith('dialog-remove:') && rows.length > 1) {
    const at = Number(intent.slice('dialog-remove:'.length))
    rows = rows.filter((_, index) => index !== at)
  }
  if (intent === 'dialog-save') {
    message = interchangeProblem(planned, asInterchangeRows(rows))
    if (!message) return answer({ draft: { ...draft, [key]: { ...item, interchanges: rows } } })
  }
  return answer({ draft, dialog: { key, rows, message } })
}

async function deleteItem(args: ActionFunctionArgs, form: FormData) {
  const [templateId, roleId, clusterItemId] = ['templateId', 'roleId', 'clusterItemId'].map((name) => String(form.get(name) ?? '').trim())
  if (!clusterItemId) return answer({ deleteMessage: CLUSTER_ID_MISSING })
  const path = `/api/resource-planning-templates/${encodeURIComponent(templateId)}/role/${encodeURIComponent(roleId)}/cluster/${encodeURIComponent(clusterItemId)}`
  const deleted = await api(args, path, { method: 'DELETE' })
  if (!deleted.ok) return answer({ deleteMessage: messageOr(deleted.error, DELETE_FAILED) }, { headers: deleted.headers })
  const back = new URL(args.request.url)
  back.searchParams.delete('confirmDelete')
  return redirect(back.pathname + back.search, { headers: deleted.headers })
}

/** The page form's rows, as typed. */
function readDraft(form: FormData): Draft {
  const draft: Draft = {}
  for (let row = 0; form.has(field.key(row)); row++) {
    const interchanges: InterchangeDraft[] = []
    for (let at = 0; form.has(field.people(row, at)); at++) {
      interchanges.push({
        people: String(form.get(field.people(row, at)) ?? ''),
        entityId: String(form.get(field.entity(row, at)) ?? ''),
        clusterId: String(form.get(field.cluster(row, at)) ?? ''),
      })
    }
    draft[String(form.get(field.key(row)))] = {
      planned: String(form.get(field.planned(row)) ?? ''),
      interchange: form.get(field.interchange(row)) === 'on',
      interchanges,
    }
  }
  return draft
}

/** The API's own sentence for an empty template (§5); any other refusal is the screen's `failed` (§8). */
const refusal = (error: ApiError, failed: string) => (error.code === ERROR_CODES.nothingPlanned ? error.message : failed)

/**
 * The template the form describes, checked as §5 says: type and entity chosen; then the shared
 * schema (planned people a number, the interchange rules). A row left empty and without
 * Interchange is not part of it; that some row is left is the API's to say.
 */
function checkTemplate(combo: Combo, draft: Draft) {
  if (!combo.planningId || !combo.entityId) return { ok: false as const, message: planningMessages.selectTypeAndEntity }
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
  if (!parsed.success) return { ok: false as const, message: parsed.error.issues[0]?.message ?? CREATE_FAILED }
  return { ok: true as const, payload: parsed.data }
}

export default function ResourcePlanningTemplate() {
  const data = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const [params] = useSearchParams()
  const initialDraft = result?.draft ?? data.draft
  const deleteHref = (target: string) => {
    const next = new URLSearchParams(params)
    next.set('confirmDelete', target)
    return `${PATH}?${next}`
  }
  const withoutDelete = () => {
    const next = new URLSearchParams(params)
    next.delete('confirmDelete')
    const query = next.toString()
    return query ? `${PATH}?${query}` : PATH
  }
  return (
    <div className="stack template-page">
      <header className="page-head">
        <h1>Resource Planning Template</h1>
      </header>
      <ChoiceForm />
      {/* A new answer or a new saved template starts the form afresh; otherwise what is typed stays. */}
      <TemplateEditor
        key={JSON.stringify([data.choice, initialDraft, result?.dialog ?? null])}
        initialDraft={initialDraft}
        initialDialog={result?.dialog ?? null}
        confirm={result?.confirm ? result : null}
        message={result?.message ?? null}
      />
      <TemplateTable templates={data.templates} loadError={data.listError} deleteHref={data.can.delete ? deleteHref : null} />
      {data.deleting ? <DeleteConfirmation {...data.deleting} message={result?.deleteMessage ?? null} closeTo={withoutDelete()} /> : null}
    </div>
  )
}

/** Category, then entity, then type: each choice reloads the page (on change with JavaScript, on Apply without). */
function ChoiceForm() {
  const { choice, categories, entities, plannings } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const choose = (combo: Partial<Combo>) => submit(new URLSearchParams(comboQuery(combo)), { method: 'get', action: PATH, preventScrollReset: true })
  return (
    <Form method="get" action={PATH} className="filters card template-choice" aria-label="Template choice">
      <ChoiceSelect
        id="template-category"
        label="Category"
        name="categoryId"
        placeholder="Select category"
        options={categories}
        value={choice.categoryId}
        onChange={(categoryId) => choose({ categoryId })}
      />
      <ChoiceSelect
        id="template-entity"
        label="Entity"
        name="entityId"
        placeholder="Select entity"
        options={entities}
        value={choice.entityId}
        resetKey={`${choice.categoryId}-${choice.entityId}`}
        disabled={!choice.categoryId}
        onChange={(entityId) => choose({ categoryId: choice.categoryId, entityId })}
      />
      <ChoiceSelect
        id="template-type"
        label="Type"
        name="planningId"
        placeholder="Select type"
        options={plannings.map((row) => ({ _id: row._id, name: row.typeName }))}
        value={choice.planningId}
        resetKey={`${choice.entityId}-${choice.planningId}`}
        disabled={!choice.entityId}
        onChange={(planningId) => choose({ ...choice, planningId })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
    </Form>
  )
}

interface EditorProps {
  initialDraft: Draft
  initialDialog: DialogState | null
  /** The answer that asks to confirm (a new one asks again, even for the same form). */
  confirm: object | null
  message: string | null
}

/**
 * Each role of the chosen type with its clusters (a group is one row). The whole template is one
 * form: saved interchanges ride along as hidden fields until Save Template; the interchange dialog
 * and the save confirmation live inside it, so without JavaScript their buttons post everything.
 */
function TemplateEditor({ initialDraft, initialDialog, confirm, message }: EditorProps) {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const [draft, setDraft] = useState(initialDraft)
  const [dialog, setDialog] = useState(initialDialog)
  const [confirmDismissed, dismissConfirm] = useDismissable(confirm)
  const saving = useSubmitting(undefined, 'save')
  const confirming = useSubmitting(undefined, 'save-force')
  const rows = data.roles.flatMap((role) => role.rows)
  const dialogRow = dialog ? rows.find((row) => row.key === dialog.key) : undefined
  const itemOf = (key: string) => draft[key] ?? EMPTY_ITEM
  const update = (key: string, patch: Partial<ItemDraft>) => setDraft((current) => ({ ...current, [key]: { ...(current[key] ?? EMPTY_ITEM), ...patch } }))
  const inPage = (act: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    act()
  }
  const entityName = (id: string) => data.entities.find((row) => row._id === id)?.name ?? id
  const clusterName = (id: string) => data.interchangeClusters.find((row) => row._id === id)?.name ?? UNAVAILABLE_CLUSTER

  return (
    <Form method="post" className="card template-editor" aria-label="Template">
      {/* Enter submits the first button: Save Template, or (dialog open) showing the dialog again. */}
      <button type="submit" name="intent" value={dialog ? 'dialog-refresh' : data.can.save ? 'save' : 'refresh'} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="categoryId" value={data.choice.categoryId} />
      <input type="hidden" name="entityId" value={data.choice.entityId} />
      <input type="hidden" name="planningId" value={data.choice.planningId} />
      <FormMessage tone="error">{message}</FormMessage>
      {data.roles.length === 0 ? <p className="empty">Choose a category, an entity and a type to plan its clusters.</p> : null}
      {data.roles.map((role) => (
        <section key={role.roleId} className="template-role" aria-labelledby={`role-${role.roleId}`}>
          <h2 id={`role-${role.roleId}`}>{role.roleName}</h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Cluster</th>
                <th scope="col">People Required</th>
                <th scope="col">Interchange</th>
                <th scope="col">
                  <span className="visually-hidden">Interchanges</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {role.rows.map((row) => {
                const item = itemOf(row.key)
                return (
                  <tr key={row.key} className="template-row">
                    <th scope="row">
                      <input type="hidden" name={field.key(row.index)} value={row.key} />
                      <ClusterDescription ids={row.clusterIds} label={row.label} items={row.descriptions} />
                    </th>
                    <td>
                      <input
                        type="number"
                        name={field.planned(row.index)}
                        min={0}
                        step={1}
                        inputMode="numeric"
                        aria-label="People Required"
                        className="people-input"
                        value={item.planned}
                        onChange={(event) => update(row.key, { planned: event.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        name={field.interchange(row.index)}
                        aria-label="Interchange"
                        className="interchange-toggle"
                        checked={item.interchange}
                        onChange={(event) => update(row.key, { interchange: event.target.checked })}
                      />
                    </td>
                    <td>
                      {item.interchanges.map((ic, at) => (
                        <span key={at} hidden>
                          <input type="hidden" name={field.people(row.index, at)} value={ic.people} />
                          <input type="hidden" name={field.entity(row.index, at)} value={ic.entityId} />
                          <input type="hidden" name={field.cluster(row.index, at)} value={ic.clusterId} />
                        </span>
                      ))}
                      <button
                        type="submit"
                        name="intent"
                        value={`open:${row.key}`}
                        formNoValidate
                        className="button secondary select-interchanges"
                        // Without JavaScript the server opens the dialog only while Interchange is ticked.
                        disabled={hydrated && !item.interchange}
                        onClick={inPage(() => setDialog({ key: row.key, rows: item.interchanges, message: null }))}
                      >
                        Select Interchanges
                      </button>
                      {item.interchange && item.interchanges.length ? (
                        <ul className="plain-list muted-text interchange-summary">
                          {item.interchanges.map((ic, at) => (
                            <li key={at}>
                              {ic.people} from {entityName(ic.entityId)} / {clusterName(ic.clusterId)}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </section>
      ))}
      {data.can.save ? (
        <div className="actions">
          <button type="submit" name="intent" value="save" className="button primary" disabled={saving}>
            Save Template
          </button>
        </div>
      ) : null}

      {dialog && dialogRow ? (
        <InterchangeDialog
          rowKey={dialog.key}
          clusterLabel={dialogRow.label}
          roleName={dialogRow.roleName}
          plannedPeople={plannedOf(itemOf(dialog.key).planned)}
          initialInterchanges={dialog.rows}
          entities={data.entities}
          clusters={data.interchangeClusters}
          message={dialog.message}
          onCancel={() => setDialog(null)}
          onSave={(saved) => {
            update(dialog.key, { interchanges: saved })
            setDialog(null)
          }}
        />
      ) : null}

      {confirm && !confirmDismissed ? (
        <Modal title="Save Changes" onClose={dismissConfirm}>
          <p>{SAVE_CONFIRMATION}</p>
          <div className="actions">
            <button type="submit" name="intent" value="cancel" formNoValidate className="button secondary" onClick={inPage(dismissConfirm)}>
              Cancel
            </button>
            <button type="submit" name="intent" value="save-force" formNoValidate className="button primary" disabled={confirming}>
              {confirming ? 'Applying Changes...' : 'Confirm'}
            </button>
          </div>
        </Modal>
      ) : null}
    </Form>
  )
}

interface DeleteConfirmationProps {
  templateId: string
  roleId: string
  clusterItemId: string
  description: string | null
  message: string | null
  closeTo: string
}

/** "Delete this cluster?" (§7), opened by ?confirmDelete= so the server can render it. */
function DeleteConfirmation({ templateId, roleId, clusterItemId, description, message, closeTo }: DeleteConfirmationProps) {
  const navigate = useNavigate()
  const deleting = useSubmitting(undefined, 'delete')
  return (
    <Modal title="Delete this cluster?" onClose={() => navigate(closeTo, { preventScrollReset: true })}>
      {description ? <p>{description}</p> : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="templateId" value={templateId} />
        <input type="hidden" name="roleId" value={roleId} />
        <input type="hidden" name="clusterItemId" value={clusterItemId} />
        <FormMessage tone="error">{message}</FormMessage>
        <div className="actions">
          <Link to={closeTo} preventScrollReset className="button secondary">
            Cancel
          </Link>
          <button type="submit" name="intent" value="delete" className="button primary danger" disabled={deleting}>
            Delete
          </button>
        </div>
      </Form>
    </Modal>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
