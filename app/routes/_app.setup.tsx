import { data, Link, redirect } from 'react-router'
import type { ReactNode } from 'react'
import { PRODUCT_NAME } from '#domain/constants'
import { can } from '#domain/access'
import type { Ref } from '#domain/contracts/common'
import { isUuid } from '#domain/ids'
import { FormMessage } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { createSetupItem, deleteSetupItem, listCategories, listEntities, listProjects, updateSetupItem } from '#app/lib/api/catalog.server'
import { messageOr } from '#app/lib/errors'
import { requirePermission, requireUser } from '#app/lib/session.server'
import { assertIntent } from '#app/lib/intents.server'
import { parseWithSchema } from '#app/lib/validation'
import { readForm } from '#app/lib/form.server'
import { ConfirmDelete } from '#app/features/setup/confirm-delete'
import { CreateForm } from '#app/features/setup/create-form'
import { formIdOf, isKind, KINDS, NOTICES, INTENTS, noticeOf, readSetupPost, type SetupAnswer, type SetupProject } from '#app/features/setup/form'
import { ItemRow, ProjectRow } from '#app/features/setup/item-row'
import type { Route } from './+types/_app.setup'
import { listOr } from '#app/lib/api/http.server'

export const meta: Route.MetaFunction = () => [{ title: `Set up categories, entities and projects · ${PRODUCT_NAME}` }]

/** The delete confirmation is a GET parameter, so the server renders it open (DESIGN §6). */
export async function loader(args: Route.LoaderArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = args.url.searchParams
  const [categories, entities, projects] = await Promise.all([listCategories(args), listEntities(args), listProjects(args)])
  const lists = {
    category: listOr(categories),
    entity: listOr(entities),
    project: listOr(projects),
  }
  const categoryName = new Map(lists.category.map((category) => [category._id, category.name]))
  const kind = params.get('confirm')
  const target = isKind(kind) && can(user, 'delete') ? lists[kind].find((item: Ref) => item._id === params.get('id')) : undefined
  return {
    canAdd: can(user, 'add'),
    canEdit: can(user, 'edit'),
    canDelete: can(user, 'delete'),
    loadError: categories.ok && entities.ok && projects.ok ? null : 'Failed to load categories, entities or projects',
    notice: NOTICES[params.get('notice') ?? ''] ?? null,
    categories: lists.category.map(({ _id, name }) => ({ _id, name })),
    entities: lists.entity.map(({ _id, name, categoryId }) => ({ _id, name, category: categoryName.get(categoryId) ?? '' })),
    projects: lists.project.map(({ _id, name, globalCategory }): SetupProject => ({ _id, name, globalCategory: globalCategory?._id ?? '', globalCategoryName: globalCategory?.name ?? null })),
    confirm: target && isKind(kind) ? { kind, id: target._id, name: target.name } : null,
    /** The project whose form is open (?edit=): one select of every category, not one per project. */
    editing: can(user, 'edit') ? params.get('edit') : null,
  }
}

/** Create, rename or delete one item: the button's intent says which, and the one permission it needs. */
export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request)
  const posted = readSetupPost(formData)
  if (!posted) throw new Response('Unknown action', { status: 400 })
  const { intent, kind, id } = posted
  const { user } = await requireUser(args)
  assertIntent(user, INTENTS, intent)
  const { word } = KINDS[kind]

  if (posted.intent === 'delete') {
    if (!isUuid(id)) return redirect('/setup')
    // The first press asks (a page the server renders, so it works without JavaScript); the dialog's press deletes.
    if (!posted.confirmed) return redirect(`/setup?${new URLSearchParams({ confirm: kind, id })}`)
    const deleted = await deleteSetupItem(args, kind, id)
    if (deleted.ok) return redirect(noticeOf(kind, 'deleted'), { headers: deleted.headers })
    return data<SetupAnswer>({ formId: 'confirm-delete', result: null, error: messageOr(deleted.error, `Failed to delete the ${word}`) }, { headers: deleted.headers })
  }

  const formId = formIdOf(intent, kind, id)
  const creating = intent === 'create'
  if (!creating && !isUuid(id)) return redirect('/setup')
  const submission = parseWithSchema(formData, { schema: creating ? KINDS[kind].create : KINDS[kind].update })
  if (submission.status !== 'success') return data<SetupAnswer>({ formId, result: submission.reply(), error: null })
  const saved = creating ? await createSetupItem(args, kind, submission.value) : await updateSetupItem(args, kind, id, submission.value)
  if (saved.ok) return redirect(noticeOf(kind, creating ? 'created' : 'saved'), { headers: saved.headers })
  const message = messageOr(saved.error, `Failed to save the ${word}`)
  return data<SetupAnswer>({ formId, result: submission.reply({ formErrors: [message] }), error: null }, { headers: saved.headers })
}

export default function Setup({ loaderData: data }: Route.ComponentProps) {
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
          <ProjectRow
            key={`${project._id}-${project.name}-${project.globalCategory}`}
            project={project}
            categories={categoryOptions}
            canEdit={data.canEdit}
            canDelete={data.canDelete}
            opened={data.editing === project._id}
          />
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

export { RouteErrorBoundary as ErrorBoundary }
