import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useSubmit } from '@remix-run/react'
import { useEffect } from 'react'
import * as z from 'zod/mini'
import { PRODUCT_NAME } from '#domain/constants'
import { formatDate } from '#domain/dates'
import { clusterLabel, groupClusters, isGroup, singleClusters, type ClusterList } from '#domain/planning/cluster-list'
import { planningMessages } from '#domain/planning/messages'
import { isUuid } from '#domain/ids'
import { clusterCreateSchema, planningCreateSchema } from '#domain/planning/schemas'
import { ChoiceSelect, ErrorList, Field, FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { RouteErrorBoundary } from '#app/components/route-error'
import { api } from '#app/lib/api/http.server'
import { messageOr } from '#app/lib/errors'
import { useHydrated } from '#app/lib/hydrated'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { useSubmitting } from '#app/lib/submitting'
import { parseWithSchema } from '#app/lib/validation'
import { readForm } from '#app/lib/form.server'
import type { Ref } from '#domain/contracts/common'
import type { Planning } from '#domain/contracts/planning'

export const meta: MetaFunction = () => [{ title: `Planning · ${PRODUCT_NAME}` }]

interface Entity extends Ref {
  categoryId: string
}
interface Cluster extends Ref {
  entityType: string
}
const TYPE_SAVED = 'Type saved successfully!'
const TYPE_SAVE_FAILED = 'Failed to save type. Please try again.'
const CLUSTER_ADDED = 'Cluster added successfully!'
const CLUSTER_ADD_FAILED = 'Failed to add cluster'
/** §9: the Add Cluster dialog shows its success this long before it closes itself. */
const SUCCESS_DELAY_MS = 800
const NOTICES: Record<string, string> = { 'type-saved': TYPE_SAVED, 'cluster-added': CLUSTER_ADDED }

type Selection = { categoryId?: string | null; entityId?: string | null }

/** This page's address with the category and entity choices kept, and these parameters added. */
function planningHref({ categoryId, entityId }: Selection, extra: Record<string, string> = {}) {
  const params = new URLSearchParams()
  if (categoryId) params.set('categoryId', categoryId)
  if (entityId) params.set('entityId', entityId)
  for (const [key, value] of Object.entries(extra)) params.set(key, value)
  const query = params.toString()
  return query ? `/planning?${query}` : '/planning'
}


const asList = (value: unknown) => (value == null || value === '' ? [] : Array.isArray(value) ? value : [value])
const record = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

/**
 * The Create New Planning Type form: one checkbox list per role, named `role.<roleId>`, becomes
 * the API's roleClusters; the domain schema then trims the name and asks for one cluster at least.
 */
const createTypeFormSchema = z.pipe(
  z.transform((form: unknown) => {
    const { categoryId, entityId, typeName, role } = record(form)
    const roleClusters = Object.entries(record(role)).map(([roleId, clusters]) => ({ roleId, clusters: asList(clusters) }))
    return { categoryId, entityId, typeName, roleClusters } as z.input<typeof planningCreateSchema>
  }),
  planningCreateSchema,
)

/** The Add Cluster form: exactly the POST /api/clusters payload (the form's own fields left out). */
const addClusterFormSchema = z.pipe(
  z.transform((form: unknown) => {
    const { category, entityType, name, description } = record(form)
    return { category, entityType, name, description } as z.input<typeof clusterCreateSchema>
  }),
  clusterCreateSchema,
)

/**
 * The category and entity choices, the dialog to open and the notice to show are GET parameters,
 * so the server renders every state of the page (DESIGN §6). A choice that does not exist (or an
 * entity of another category) counts as no choice.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const canAdd = can(user, 'add')
  const canEdit = can(user, 'edit')
  const wantedCategory = params.get('categoryId') ?? ''
  const wantedEntity = params.get('entityId') ?? ''

  const [categoriesResult, entitiesResult] = await Promise.all([
    api<Ref[]>(args, '/api/categories'),
    isUuid(wantedCategory) ? api<Entity[]>(args, `/api/entities?${new URLSearchParams({ categoryId: wantedCategory })}`) : null,
  ])
  // Administration document §8: a failed load shows an empty list.
  const categories = categoriesResult.ok ? categoriesResult.data : []
  const category = categories.find((candidate) => candidate._id === wantedCategory.toLowerCase()) ?? null
  const entities = category && entitiesResult?.ok ? entitiesResult.data : []
  const entity = entities.find((candidate) => candidate._id === wantedEntity.toLowerCase()) ?? null

  const filter = new URLSearchParams()
  if (category) filter.set('categoryId', category._id)
  if (entity) filter.set('entityId', entity._id)
  const dialog = params.get('dialog')
  const createOpen = dialog === 'create-type' && canAdd && entity !== null
  const [planningsResult, clustersResult, rolesResult] = await Promise.all([
    api<Planning[]>(args, `/api/planning?${filter}`),
    api<Cluster[]>(args, `/api/clusters?${filter}`),
    createOpen ? api<{ roles: Ref[] }>(args, '/roles') : null,
  ])
  const plannings = planningsResult.ok ? planningsResult.data : []
  const clusters = clustersResult.ok ? clustersResult.data : []
  const names = new Map(clusters.map((cluster) => [cluster._id, cluster.name]))
  const label = (entry: ClusterList[number]): string => clusterLabel(entry, names)

  // §5: the dialogs asked for without the choice they need answer the spec's alerts instead.
  let alert: string | null = null
  if (dialog === 'create-type' && canAdd && !entity) alert = planningMessages.selectEntityFirst
  if (dialog === 'add-cluster' && canAdd && (!category || !entity)) alert = planningMessages.selectCategoryAndEntityFirst

  const grouped = dialog === 'group' && canEdit ? plannings.find((planning) => planning._id === params.get('planningId')) : undefined
  const groupRole = grouped?.roleClusters.find((role) => role.roleId._id === params.get('roleId'))

  return json({
    canAdd,
    canEdit,
    categories,
    entities,
    category,
    entity,
    alert,
    notice: NOTICES[params.get('notice') ?? ''] ?? null,
    plannings: plannings.map((planning) => ({
      _id: planning._id,
      category: planning.categoryId.name,
      entity: planning.entityId.name,
      typeName: planning.typeName,
      created: formatDate(planning.createdAt),
      roles: planning.roleClusters.map((role) => ({
        _id: role.roleId._id,
        name: role.roleId.name,
        clusters: role.clusters.map(label),
      })),
    })),
    createType:
      createOpen && entity && category
        ? {
            roles: rolesResult?.ok ? rolesResult.data.roles.map(({ _id, name }) => ({ _id, name })) : [],
            clusters: clusters.filter((cluster) => cluster.entityType === entity._id).map(({ _id, name }) => ({ _id, name })),
          }
        : null,
    addClusterOpen: dialog === 'add-cluster' && canAdd && category !== null && entity !== null,
    group:
      grouped && groupRole
        ? {
            planningId: grouped._id,
            roleId: groupRole.roleId._id,
            roleName: groupRole.roleId.name,
            singles: singleClusters(groupRole.clusters).map((id) => ({ _id: id, name: label(id) })),
            groups: groupRole.clusters.filter(isGroup).map(label),
          }
        : null,
  })
}

/** The page's address (the choices kept) from the posted address. */
const selectionOf = (request: Request): Selection => {
  const params = new URL(request.url).searchParams
  return { categoryId: params.get('categoryId'), entityId: params.get('entityId') }
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request)
  switch (formData.get('intent')) {
    case 'create-type':
      return createType(args, formData)
    case 'add-cluster':
      return addCluster(args, formData)
    case 'group':
      return saveGroups(args, formData)
    default:
      throw new Response('Unknown action', { status: 400 })
  }
}

async function createType(args: ActionFunctionArgs, formData: FormData) {
  await requirePermission(args, 'add')
  const submission = parseWithSchema(formData, { schema: createTypeFormSchema })
  if (submission.status !== 'success') return json({ intent: 'create-type' as const, result: submission.reply() })
  const created = await api(args, '/api/planning', { method: 'POST', body: submission.value })
  if (!created.ok) {
    return json(
      { intent: 'create-type' as const, result: submission.reply({ formErrors: [messageOr(created.error, TYPE_SAVE_FAILED)] }) },
      { headers: created.headers },
    )
  }
  const { categoryId, entityId } = submission.value
  return redirect(planningHref({ categoryId, entityId }, { notice: 'type-saved' }), { headers: created.headers })
}

async function addCluster(args: ActionFunctionArgs, formData: FormData) {
  await requirePermission(args, 'add')
  const submission = parseWithSchema(formData, { schema: addClusterFormSchema })
  if (submission.status !== 'success') return json({ intent: 'add-cluster' as const, result: submission.reply(), added: null })
  const created = await api(args, '/api/clusters', { method: 'POST', body: submission.value })
  if (!created.ok) {
    return json(
      { intent: 'add-cluster' as const, result: submission.reply({ formErrors: [messageOr(created.error, CLUSTER_ADD_FAILED)] }), added: null },
      { headers: created.headers },
    )
  }
  // With JavaScript the dialog shows the success itself and then closes (§4); without, the page shows it.
  if (formData.get('inPage') === '1') {
    return json({ intent: 'add-cluster' as const, result: submission.reply({ resetForm: true }), added: CLUSTER_ADDED }, { headers: created.headers })
  }
  const { category, entityType } = submission.value
  return redirect(planningHref({ categoryId: category, entityId: entityType }, { notice: 'cluster-added' }), { headers: created.headers })
}

/**
 * Group Clusters: the role's new list is computed here with the domain's rule (the selected single
 * clusters become one group; the rest stays). A failure is not shown (§8): the dialog just closes.
 */
async function saveGroups(args: ActionFunctionArgs, formData: FormData) {
  await requirePermission(args, 'edit')
  const selection = selectionOf(args.request)
  const back = planningHref(selection)
  const planningId = String(formData.get('planningId') ?? '')
  const roleId = String(formData.get('roleId') ?? '')
  const selected = formData.getAll('clusters').map(String).filter(isUuid)
  if (!isUuid(planningId) || !isUuid(roleId) || selected.length < 2) return redirect(back)
  // The dialog was opened from the table as the choices filter it, so the same filter finds the planning.
  const filter = new URLSearchParams()
  if (isUuid(selection.categoryId)) filter.set('categoryId', selection.categoryId)
  if (isUuid(selection.entityId)) filter.set('entityId', selection.entityId)
  const plannings = await api<Planning[]>(args, `/api/planning?${filter}`)
  const role = plannings.ok ? plannings.data.find((planning) => planning._id === planningId)?.roleClusters.find((entry) => entry.roleId._id === roleId) : undefined
  if (!role) return redirect(back, { headers: plannings.headers })
  const saved = await api(args, `/api/planning/${planningId}/groups`, { method: 'PUT', body: { roleId, groups: groupClusters(role.clusters, selected) } })
  if (!saved.ok) console.warn(`Group clusters: the API answered ${saved.error.status ?? 'nothing'}`)
  return redirect(back, { headers: saved.headers })
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function PlanningPage() {
  const data = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const selection = { categoryId: data.category?._id, entityId: data.entity?._id }
  const closeTo = planningHref(selection)

  return (
    <div className="stack planning-page">
      <header className="page-head">
        <div>
          <h1>Planning</h1>
          <p className="subtitle">Plan which clusters each role works on, for each category and entity.</p>
        </div>
        {data.canAdd ? (
          <Link to="/setup" className="button secondary">
            Set up categories, entities and projects
          </Link>
        ) : null}
      </header>
      <div aria-live="polite">{data.notice ? <FormMessage tone="success">{data.notice}</FormMessage> : null}</div>
      {data.alert ? <FormMessage tone="error">{data.alert}</FormMessage> : null}

      <section className="card" aria-labelledby="create-type-title">
        <h2 id="create-type-title">Create New Planning Type</h2>
        <Form
          method="get"
          className="filters planning-choice"
          onChange={(event) => {
            // A new category starts the entity choice afresh (§4).
            const changed = (event.target as HTMLSelectElement).name
            const choice = new FormData(event.currentTarget)
            if (changed === 'categoryId') choice.delete('entityId')
            for (const key of [...choice.keys()]) if (!choice.get(key)) choice.delete(key)
            submit(choice, { method: 'get', replace: true })
          }}
        >
          <ChoiceSelect id="planning-category" label="Category" name="categoryId" placeholder="Select Category" options={data.categories} value={data.category?._id ?? ''} />
          {data.category ? (
            <ChoiceSelect
              id="planning-entity"
              label="Entity"
              name="entityId"
              placeholder="Select Entity"
              options={data.entities}
              value={data.entity?._id ?? ''}
              resetKey={`${data.category._id}-${data.entity?._id ?? ''}`}
            />
          ) : null}
          {/* With JavaScript a choice applies at once. */}
          {hydrated ? null : (
            <button type="submit" className="button secondary">
              Choose
            </button>
          )}
        </Form>
        {data.category && data.entities.length === 0 ? <p className="help">This category has no entities yet.</p> : null}
        {data.entity ? (
          <div className="selected-entity">
            <p>
              Selected entity: <strong>{data.entity.name}</strong>
            </p>
            {data.canAdd ? (
              <div className="actions start">
                <Link to={planningHref(selection, { dialog: 'create-type' })} className="button primary">
                  Create Type
                </Link>
                <Link to={planningHref(selection, { dialog: 'add-cluster' })} className="button secondary">
                  Add Cluster
                </Link>
              </div>
            ) : null}
          </div>
        ) : null}
      </section>

      <SavedTypes plannings={data.plannings} canEdit={data.canEdit} selection={selection} />

      {data.createType && data.category && data.entity ? (
        <CreateTypeModal closeTo={closeTo} category={data.category} entity={data.entity} {...data.createType} />
      ) : null}
      {data.addClusterOpen && data.category && data.entity ? <AddClusterModal closeTo={closeTo} category={data.category} entity={data.entity} /> : null}
      {data.group ? <GroupModal closeTo={closeTo} {...data.group} /> : null}
    </div>
  )
}

/** One row per role; a planning type's own cells span its roles' rows. */
function SavedTypes({ plannings, canEdit, selection }: { plannings: LoaderData['plannings']; canEdit: boolean; selection: Selection }) {
  return (
    <section className="card" aria-labelledby="saved-types-title">
      <h2 id="saved-types-title">Saved Planning Types</h2>
      <div className="table-scroll">
        <table className="table planning-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Entity</th>
              <th scope="col">Type Names</th>
              <th scope="col">Roles</th>
              <th scope="col">Clusters</th>
              <th scope="col">Group</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          {plannings.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={7} className="empty">
                  No planning types yet.
                </td>
              </tr>
            </tbody>
          ) : (
            plannings.map((planning) => (
              <tbody key={planning._id} aria-label={planning.typeName}>
                {(planning.roles.length ? planning.roles : [null]).map((role, index) => {
                  const span = Math.max(planning.roles.length, 1)
                  return (
                    <tr key={role?._id ?? 'none'}>
                      {index === 0 ? (
                        <>
                          <td rowSpan={span}>{planning.category}</td>
                          <td rowSpan={span}>{planning.entity}</td>
                          <td rowSpan={span}>{planning.typeName}</td>
                        </>
                      ) : null}
                      <td>{role?.name}</td>
                      <td>
                        {role?.clusters.map((label, at) => (
                          <span key={at} className="badge">
                            {label}
                          </span>
                        ))}
                      </td>
                      <td>
                        {role && canEdit ? (
                          <Link
                            to={planningHref(selection, { dialog: 'group', planningId: planning._id, roleId: role._id })}
                            className="button ghost"
                          >
                            Group clusters
                          </Link>
                        ) : null}
                      </td>
                      {index === 0 ? <td rowSpan={span}>{planning.created}</td> : null}
                    </tr>
                  )
                })}
              </tbody>
            ))
          )}
        </table>
      </div>
    </section>
  )
}

function CreateTypeModal({ closeTo, category, entity, roles, clusters }: { closeTo: string; category: Ref; entity: Ref; roles: Ref[]; clusters: Ref[] }) {
  const actionData = useActionData<typeof action>()
  const lastResult = actionData?.intent === 'create-type' ? actionData.result : undefined
  const navigate = useNavigate()
  const saving = useSubmitting(undefined, 'create-type')
  const [form, fields] = useForm({
    id: 'create-type',
    lastResult,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: createTypeFormSchema }),
    shouldRevalidate: 'onInput',
  })
  // After a refusal without JavaScript, the boxes come back as they were ticked.
  const ticked = record(lastResult?.initialValue?.role)
  const formError = form.errors?.[0] ?? fields.categoryId.errors?.[0] ?? fields.entityId.errors?.[0]
  return (
    <Modal title="Create New Planning Type" width={600} onClose={() => navigate(closeTo)}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-type" />
        <input type="hidden" name="categoryId" value={category._id} />
        <input type="hidden" name="entityId" value={entity._id} />
        <dl className="details">
          <dt>Category</dt>
          <dd>{category.name}</dd>
          <dt>Entity</dt>
          <dd>{entity.name}</dd>
        </dl>
        <Field label="Type Name" meta={fields.typeName} inputProps={{ autoFocus: true }} />
        <fieldset className="field" aria-describedby={fields.roleClusters.errors ? fields.roleClusters.errorId : undefined}>
          <legend>Clusters for each role</legend>
          {clusters.length === 0 ? (
            <p className="help">This entity has no clusters yet: add one with Add Cluster first.</p>
          ) : (
            roles.map((role) => (
              <fieldset key={role._id} className="role-clusters">
                <legend>{role.name}</legend>
                <div className="checkbox-grid">
                  {clusters.map((cluster) => (
                    <label key={cluster._id} className="checkbox">
                      <input
                        type="checkbox"
                        name={`role.${role._id}`}
                        value={cluster._id}
                        defaultChecked={asList(ticked[role._id]).includes(cluster._id)}
                      />{' '}
                      {cluster.name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))
          )}
          <ErrorList id={fields.roleClusters.errorId} errors={fields.roleClusters.errors} />
        </fieldset>
        <FormMessage id={form.errorId} tone="error">
          {formError}
        </FormMessage>
        <div className="actions">
          <Link to={closeTo} className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Type'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}

function AddClusterModal({ closeTo, category, entity }: { closeTo: string; category: Ref; entity: Ref }) {
  const actionData = useActionData<typeof action>()
  const answer = actionData?.intent === 'add-cluster' ? actionData : undefined
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const saving = useSubmitting(undefined, 'add-cluster')
  const added = answer?.added ?? null
  const [form, fields] = useForm({
    id: 'add-cluster',
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: addClusterFormSchema }),
    shouldRevalidate: 'onInput',
  })
  useEffect(() => {
    if (!added) return
    const timer = setTimeout(() => navigate(closeTo), SUCCESS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [added, closeTo, navigate])
  return (
    <Modal title="Add Cluster" width={600} onClose={() => navigate(closeTo)}>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add-cluster" />
        {/* Tells the action the dialog can show its own success (only JavaScript can close it later). */}
        {hydrated ? <input type="hidden" name="inPage" value="1" /> : null}
        <input type="hidden" name="category" value={category._id} />
        <input type="hidden" name="entityType" value={entity._id} />
        <dl className="details">
          <dt>Category</dt>
          <dd>{category.name}</dd>
          <dt>Entity</dt>
          <dd>{entity.name}</dd>
        </dl>
        <Field label="Cluster Name" meta={fields.name} inputProps={{ autoFocus: true }} />
        <div className="field">
          <label htmlFor={fields.description.id}>Description (optional)</label>
          <textarea {...getTextareaProps(fields.description, { ariaAttributes: true })} key={fields.description.key} rows={3} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <FormMessage id={form.errorId} tone="error">
          {form.errors?.[0]}
        </FormMessage>
        <div aria-live="polite">{added ? <FormMessage tone="success">{added}</FormMessage> : null}</div>
        <div className="actions">
          <Link to={closeTo} className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={saving || Boolean(added)}>
            {saving ? 'Adding...' : 'Add Cluster'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}

interface GroupModalProps {
  closeTo: string
  planningId: string
  roleId: string
  roleName: string
  singles: Ref[]
  groups: string[]
}

function GroupModal({ closeTo, planningId, roleId, roleName, singles, groups }: GroupModalProps) {
  const navigate = useNavigate()
  const saving = useSubmitting(undefined, 'group')
  return (
    <Modal title={`Group Clusters for ${roleName}`} width={600} onClose={() => navigate(closeTo)}>
      <Form method="post">
        <input type="hidden" name="intent" value="group" />
        <input type="hidden" name="planningId" value={planningId} />
        <input type="hidden" name="roleId" value={roleId} />
        <p className="help">Select two or more clusters to plan them together as one group.</p>
        <fieldset className="field">
          <legend>Clusters</legend>
          {singles.length === 0 ? (
            <p className="help">Every cluster of this role is already in a group.</p>
          ) : (
            <div className="checkbox-grid">
              {singles.map((cluster) => (
                <label key={cluster._id} className="checkbox">
                  <input type="checkbox" name="clusters" value={cluster._id} /> {cluster.name}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {groups.length ? (
          <section aria-labelledby="existing-groups">
            <h3 id="existing-groups" className="subheading">
              Existing groups
            </h3>
            <ul className="group-list">
              {groups.map((label, index) => (
                <li key={index}>
                  <span className="badge">{label}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="actions">
          <Link to={closeTo} className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
