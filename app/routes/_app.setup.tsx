import { getFormProps, useForm } from '@conform-to/react'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import * as z from 'zod/mini'
import { PRODUCT_NAME, type Permission } from '#domain/constants'
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  entityCreateSchema,
  entityUpdateSchema,
  projectCreateSchema,
  projectUpdateSchema,
} from '#domain/planning/schemas'
import { isUuid } from '#domain/ids'
import { Field, FormMessage, SelectField } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { RouteErrorBoundary } from '#app/components/route-error'
import { api } from '#app/lib/api/http.server'
import { messageOr } from '#app/lib/errors'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { parseWithSchema } from '#app/lib/validation'
import { readForm } from '#app/lib/form.server'
import type { Ref } from '#domain/contracts/common'

export const meta: MetaFunction = () => [{ title: `Set up categories, entities and projects · ${PRODUCT_NAME}` }]

interface Entity extends Ref {
  categoryId: string
}
interface Project extends Ref {
  globalCategory: Ref | null
}

const record = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

/** A form's own fields (intent, kind, id) left out: the domain's payload schemas are strict. */
function formOf<Schema extends z.ZodMiniType>(schema: Schema, keys: readonly string[]) {
  const picked = z.transform((form: unknown): unknown => Object.fromEntries(keys.map((key) => [key, record(form)[key]])))
  return z.pipe(picked, schema as unknown as z.ZodMiniType<z.output<Schema>, unknown>)
}

/** The three things this screen sets up (DESIGN §8), their calls, words and forms. */
const KINDS = {
  category: {
    path: '/api/categories',
    word: 'category',
    Word: 'Category',
    create: formOf(categoryCreateSchema, ['name']),
    update: formOf(categoryUpdateSchema, ['name']),
  },
  entity: {
    path: '/api/entities',
    word: 'entity type',
    Word: 'Entity type',
    create: formOf(entityCreateSchema, ['name', 'categoryId']),
    update: formOf(entityUpdateSchema, ['name']),
  },
  project: {
    path: '/api/projects',
    word: 'project',
    Word: 'Project',
    create: formOf(projectCreateSchema, ['name', 'globalCategory']),
    update: formOf(projectUpdateSchema, ['name', 'globalCategory']),
  },
} as const
type Kind = keyof typeof KINDS
const isKind = (value: unknown): value is Kind => typeof value === 'string' && Object.hasOwn(KINDS, value)

const NOTICES: Record<string, string> = Object.fromEntries(
  Object.values(KINDS).flatMap(({ word, Word }) => [
    [`${word.replace(' ', '-')}-created`, `${Word} created.`],
    [`${word.replace(' ', '-')}-saved`, `${Word} saved.`],
    [`${word.replace(' ', '-')}-deleted`, `${Word} deleted.`],
  ]),
)
const noticeOf = (kind: Kind, done: 'created' | 'saved' | 'deleted') => `/setup?notice=${KINDS[kind].word.replace(' ', '-')}-${done}`

/** The delete confirmation is a GET parameter, so the server renders it open (DESIGN §6). */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const [categories, entities, projects] = await Promise.all([
    api<Ref[]>(args, '/api/categories'),
    api<Entity[]>(args, '/api/entities'),
    api<Project[]>(args, '/api/projects'),
  ])
  const lists = {
    category: categories.ok ? categories.data : [],
    entity: entities.ok ? entities.data : [],
    project: projects.ok ? projects.data : [],
  }
  const categoryName = new Map(lists.category.map((category) => [category._id, category.name]))
  const kind = params.get('confirm')
  const target = isKind(kind) && can(user, 'delete') ? lists[kind].find((item: Ref) => item._id === params.get('id')) : undefined
  return json({
    canAdd: can(user, 'add'),
    canEdit: can(user, 'edit'),
    canDelete: can(user, 'delete'),
    loadError: categories.ok && entities.ok && projects.ok ? null : 'Failed to load categories, entities or projects',
    notice: NOTICES[params.get('notice') ?? ''] ?? null,
    categories: lists.category.map(({ _id, name }) => ({ _id, name })),
    entities: lists.entity.map(({ _id, name, categoryId }) => ({ _id, name, category: categoryName.get(categoryId) ?? '' })),
    projects: lists.project.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory: globalCategory?._id ?? '', globalCategoryName: globalCategory?.name ?? null })),
    confirm: target && isKind(kind) ? { kind, id: target._id, name: target.name } : null,
    /** The project whose form is open (?edit=): one select of every category, not one per project. */
    editing: can(user, 'edit') ? params.get('edit') : null,
  })
}

const NEEDS: Record<string, Permission> = { create: 'add', rename: 'edit', delete: 'delete' }

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request)
  const intent = String(formData.get('intent') ?? '')
  const kind = formData.get('kind')
  const id = String(formData.get('id') ?? '')
  if (!isKind(kind) || !Object.hasOwn(NEEDS, intent)) throw new Response('Unknown action', { status: 400 })
  await requirePermission(args, NEEDS[intent])
  const { path, word } = KINDS[kind]

  if (intent === 'delete') {
    if (!isUuid(id)) return redirect('/setup')
    // The first press asks (a page the server renders, so it works without JavaScript); the dialog's press deletes.
    if (formData.get('confirmed') !== 'yes') return redirect(`/setup?${new URLSearchParams({ confirm: kind, id })}`)
    const deleted = await api(args, `${path}/${id}`, { method: 'DELETE' })
    if (deleted.ok) return redirect(noticeOf(kind, 'deleted'), { headers: deleted.headers })
    return json({ formId: 'confirm-delete', result: null, error: messageOr(deleted.error, `Failed to delete the ${word}`) }, { headers: deleted.headers })
  }

  const formId = formIdOf(intent, kind, id)
  const creating = intent === 'create'
  if (!creating && !isUuid(id)) return redirect('/setup')
  const submission = parseWithSchema(formData, { schema: creating ? KINDS[kind].create : KINDS[kind].update })
  if (submission.status !== 'success') return json({ formId, result: submission.reply(), error: null })
  const saved = await api(args, creating ? path : `${path}/${id}`, { method: creating ? 'POST' : 'PUT', body: submission.value })
  if (saved.ok) return redirect(noticeOf(kind, creating ? 'created' : 'saved'), { headers: saved.headers })
  const message = messageOr(saved.error, `Failed to save the ${word}`)
  return json({ formId, result: submission.reply({ formErrors: [message] }), error: null }, { headers: saved.headers })
}

const formIdOf = (intent: string, kind: Kind, id = '') => (intent === 'create' ? `new-${kind}` : `${kind}-${id}`)

/** This form's last answer from the action, if the answer was to this form. */
function useAnswer(formId: string) {
  const actionData = useActionData<typeof action>()
  return actionData?.formId === formId ? actionData : undefined
}

/** True while this very form (intent, kind and item) is being sent. */
function useBusy(intent: string, kind: Kind, id = '') {
  const navigation = useNavigation()
  const sent = navigation.formData
  return navigation.state === 'submitting' && sent?.get('intent') === intent && sent.get('kind') === kind && String(sent.get('id') ?? '') === id
}

export default function Setup() {
  const data = useLoaderData<typeof loader>()
  const categoryOptions = data.categories.map((category) => ({ value: category._id, label: category.name }))
  return (
    <div className="stack setup-page">
      <header className="page-head">
        <div>
          <h1>Set up categories, entities and projects</h1>
          <p className="subtitle">The categories, entity types and projects that planning works with.</p>
        </div>
        <Link to="/planning" className="button secondary">
          Back to Planning
        </Link>
      </header>
      <div aria-live="polite">{data.notice ? <FormMessage tone="success">{data.notice}</FormMessage> : null}</div>
      {data.loadError ? <FormMessage tone="error">{data.loadError}</FormMessage> : null}

      <SetupCard title="Categories" id="categories" empty="No categories yet." count={data.categories.length}>
        {data.categories.map((category) => (
          <ItemRow key={`${category._id}-${category.name}`} kind="category" item={category} canEdit={data.canEdit} canDelete={data.canDelete} />
        ))}
        {/* Keyed by the list's length: a create that worked starts the form afresh. */}
        {data.canAdd ? <CreateForm key={data.categories.length} kind="category" label="Add Category" /> : null}
      </SetupCard>

      <SetupCard title="Entity types" id="entities" empty="No entity types yet." count={data.entities.length}>
        {data.entities.map((entity) => (
          <ItemRow key={`${entity._id}-${entity.name}`} kind="entity" item={entity} detail={`Category: ${entity.category}`} canEdit={data.canEdit} canDelete={data.canDelete} />
        ))}
        {data.canAdd ? (
          data.categories.length ? (
            <CreateForm key={data.entities.length} kind="entity" label="Add Entity Type" categories={categoryOptions} />
          ) : (
            <p className="help">Add a category first: every entity type belongs to one.</p>
          )
        ) : null}
      </SetupCard>

      <SetupCard title="Projects" id="projects" empty="No projects yet." count={data.projects.length}>
        {data.projects.map((project) => (
          <ProjectRow key={`${project._id}-${project.name}-${project.globalCategory}`} project={project} categories={categoryOptions} />
        ))}
        {data.canAdd ? <CreateForm key={data.projects.length} kind="project" label="Add Project" categories={categoryOptions} /> : null}
      </SetupCard>

      {data.confirm ? <ConfirmDelete {...data.confirm} /> : null}
    </div>
  )
}

function SetupCard({ title, id, empty, count, children }: { title: string; id: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section className="card setup-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {count === 0 ? <p className="empty">{empty}</p> : null}
      {children}
    </section>
  )
}

interface ItemRowProps {
  kind: Kind
  item: Ref & { globalCategory?: string }
  detail?: string
  categories?: { value: string; label: string }[]
  canEdit: boolean
  canDelete: boolean
  /** More buttons or links beside Delete. */
  actions?: ReactNode
}

/** One item: its inline rename form (and a project's global category), and its delete button. */
function ItemRow({ kind, item, detail, categories, canEdit, canDelete, actions }: ItemRowProps) {
  const { word } = KINDS[kind]
  const formId = formIdOf('rename', kind, item._id)
  const answer = useAnswer(formId)
  const saving = useBusy('rename', kind, item._id)
  const asking = useBusy('delete', kind, item._id)
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.result,
    defaultValue: { name: item.name, globalCategory: item.globalCategory ?? '' },
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: KINDS[kind].update }),
    shouldRevalidate: 'onInput',
  })
  const { globalCategory } = fields as unknown as { globalCategory: typeof fields.name }
  return (
    <div className="setup-item" role="group" aria-label={`${word} ${item.name}`}>
      {canEdit ? (
        <Form method="post" action="/setup" className="setup-item-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={item._id} />
          <Field label={<span className="visually-hidden">Name of {word} {item.name}</span>} meta={fields.name} />
          {categories ? (
            <SelectField
              label={<span className="visually-hidden">Global category of {item.name}</span>}
              meta={globalCategory}
              options={categories}
              placeholder="No global category"
            />
          ) : null}
          <button type="submit" className="button secondary" disabled={saving} aria-label={`${kind === 'project' ? 'Save' : 'Rename'} ${word} ${item.name}`}>
            {kind === 'project' ? 'Save' : 'Rename'}
          </button>
          <FormMessage id={form.errorId} tone="error">
            {form.errors?.[0]}
          </FormMessage>
        </Form>
      ) : (
        <strong className="setup-item-name">{item.name}</strong>
      )}
      {detail ? <span className="muted-text">{detail}</span> : null}
      {actions}
      {canDelete ? (
        <Form method="post" action="/setup" className="setup-item-delete">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={item._id} />
          <button type="submit" className="button ghost danger" disabled={asking} aria-label={`Delete ${word} ${item.name}`}>
            Delete
          </button>
        </Form>
      ) : null}
    </div>
  )
}

/**
 * A project: its name and global category, with an Edit link that opens its form (?edit=, so it
 * works without JavaScript). A form with a select of every category on every row would grow as
 * categories × projects; the form stays open while the action answers it with an error.
 */
function ProjectRow({ project, categories }: { project: SerializeFrom<typeof loader>['projects'][number]; categories: { value: string; label: string }[] }) {
  const data = useLoaderData<typeof loader>()
  const answer = useAnswer(formIdOf('rename', 'project', project._id))
  const editing = data.canEdit && (data.editing === project._id || Boolean(answer))
  const detail = project.globalCategoryName ? `Global category: ${project.globalCategoryName}` : 'No global category'
  return (
    <ItemRow
      kind="project"
      item={project}
      detail={editing ? undefined : detail}
      categories={categories}
      canEdit={editing}
      canDelete={data.canDelete}
      actions={
        data.canEdit ? (
          editing ? (
            <Link to="/setup" preventScrollReset className="button ghost">
              Cancel
            </Link>
          ) : (
            <Link to={`/setup?${new URLSearchParams({ edit: project._id })}`} preventScrollReset className="button secondary" aria-label={`Edit project ${project.name}`}>
              Edit
            </Link>
          )
        ) : null
      }
    />
  )
}

function CreateForm({ kind, label, categories }: { kind: Kind; label: string; categories?: { value: string; label: string }[] }) {
  const { Word } = KINDS[kind]
  const formId = formIdOf('create', kind)
  const answer = useAnswer(formId)
  const saving = useBusy('create', kind)
  const [form, fields] = useForm({
    id: formId,
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseWithSchema(formData, { schema: KINDS[kind].create }),
    shouldRevalidate: 'onInput',
  })
  const { categoryId, globalCategory } = fields as unknown as Record<'categoryId' | 'globalCategory', typeof fields.name>
  return (
    <Form method="post" action="/setup" className="setup-create" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="kind" value={kind} />
      <Field label={`${Word} name`} meta={fields.name} />
      {kind === 'entity' && categories ? <SelectField label="Category" meta={categoryId} options={categories} placeholder="Select Category" /> : null}
      {kind === 'project' && categories ? (
        <SelectField label="Global category (optional)" meta={globalCategory} options={categories} placeholder="No global category" />
      ) : null}
      <button type="submit" className="button primary" disabled={saving}>
        {label}
      </button>
      <FormMessage id={form.errorId} tone="error">
        {form.errors?.[0]}
      </FormMessage>
    </Form>
  )
}

function ConfirmDelete({ kind, id, name }: { kind: Kind; id: string; name: string }) {
  const { word, Word } = KINDS[kind]
  const navigate = useNavigate()
  const answer = useAnswer('confirm-delete')
  const deleting = useBusy('delete', kind, id)
  return (
    <Modal title={`Delete this ${word}?`} onClose={() => navigate('/setup')}>
      <p>
        {Word} <strong>{name}</strong> will be deleted. This cannot be undone.
      </p>
      <FormMessage tone="error">{answer?.error}</FormMessage>
      <Form method="post" action={`/setup?${new URLSearchParams({ confirm: kind, id })}`}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <div className="actions">
          <Link to="/setup" className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary danger" disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
