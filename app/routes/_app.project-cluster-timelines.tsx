import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { PRODUCT_NAME } from '#domain/constants'
import { projectMessages } from '#domain/planning/messages'
import { isSite } from '#domain/planning/project-plan'
import type { TimelineRow } from '#domain/contracts/projects'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import { RouteErrorBoundary } from '#app/components/route-error'
import { api } from '#app/lib/api/http.server'
import { messageOr } from '#app/lib/errors'
import { useHydrated } from '#app/lib/hydrated'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { readForm } from '#app/lib/form.server'
import type { Ref } from '#domain/contracts/common'
import { shownDate } from '#app/lib/display'

export const meta: MetaFunction = () => [{ title: `Project Cluster Timelines · ${PRODUCT_NAME}` }]

const PATH = '/project-cluster-timelines'
/** Administration document §2 and §8, word for word (the 201/200 split: contract decision). */
const SAVED_CREATED = 'Dates saved (created) for this cluster.'
const SAVED_CHANGED = 'Cluster dates saved successfully!'
const SAVE_FAILED = 'Error saving cluster dates. Please try again.'
const NO_DATA = 'No data'
const LOADING = 'Loading...'
const CREATED_MARK = 'created'

interface Project extends Ref {
  globalCategory: Ref | null
}
interface Choice {
  projectId: string
  categoryId: string
  entityTypeId: string
}

const query = (values: Record<string, string>) => new URLSearchParams(Object.entries(values).filter(([, value]) => Boolean(value))).toString()
const pagePath = (choice: Partial<Choice>) => {
  const search = query(choice)
  return search ? `${PATH}?${search}` : PATH
}

/**
 * The choices are GET parameters (?projectId&categoryId&entityTypeId). A choice that does not
 * belong to the one before it is dropped, and the project's global category replaces any other.
 * Without JavaScript the Apply button also sends the choice the page showed (prev*): a new project
 * then drops the category and entity type, a new category the entity type, and the page redirects
 * to the clean address (with JavaScript the select's change handler builds that address itself).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const wanted: Choice = {
    projectId: params.get('projectId') ?? '',
    categoryId: params.get('categoryId') ?? '',
    entityTypeId: params.get('entityTypeId') ?? '',
  }
  if (params.has('prevProjectId') || params.has('prevCategoryId')) {
    if (wanted.projectId !== (params.get('prevProjectId') ?? '')) throw redirect(pagePath({ projectId: wanted.projectId }))
    if (wanted.categoryId !== (params.get('prevCategoryId') ?? '')) throw redirect(pagePath({ projectId: wanted.projectId, categoryId: wanted.categoryId }))
    throw redirect(pagePath(wanted))
  }

  // §8: failed loads fall back to empty lists.
  const projects = await api<Project[]>(args, '/api/projects')
  const projectList = projects.ok ? projects.data.map(({ _id, name, globalCategory }) => ({ _id, name, globalCategory })) : []
  const project = projectList.find((row) => row._id === wanted.projectId) ?? null
  const categoryId = project?.globalCategory?._id ?? wanted.categoryId
  const [categories, entityTypes] = await Promise.all([
    project ? api<Ref[]>(args, `/api/categories?${query({ projectId: project._id })}`) : null,
    project && categoryId ? api<Ref[]>(args, `/api/entity-types?${query({ projectId: project._id, categoryId })}`) : null,
  ])
  const categoryList = categories?.ok ? categories.data.map(({ _id, name }) => ({ _id, name })) : []
  const category = categoryList.find((row) => row._id === categoryId) ?? null
  const entityTypeList = category && entityTypes?.ok ? entityTypes.data.map(({ _id, name }) => ({ _id, name })) : []
  const entityType = entityTypeList.find((row) => row._id === wanted.entityTypeId) ?? null
  const timeline =
    project && entityType ? await api<TimelineRow[]>(args, `/api/timelines/by-project-selection?${query({ projectId: project._id, entityTypeId: entityType._id })}`) : null

  const site = isSite(entityType?.name)
  return json({
    choice: { projectId: project?._id ?? '', categoryId: category?._id ?? '', entityTypeId: entityType?._id ?? '' },
    projects: projectList.map(({ _id, name }) => ({ _id, name })),
    fixedCategory: project?.globalCategory ?? null,
    categories: categoryList,
    entityTypes: entityTypeList,
    rows: timeline?.ok ? timeline.data : [],
    // Only the Site entity type has editable dates (§6), and changing them needs `edit` (the API's rule).
    editable: site && can(user, 'edit'),
  })
}

type SaveAnswer = {
  clusterId: string
  tone: 'success' | 'error'
  message: string
  /** What the row held when a save failed, so the page shows it again without JavaScript. */
  typed: { startDate: string; endDate: string } | null
}

/** One row's Save: PUT /api/timelines/site-overrides with that row's dates (an empty date clears it). */
export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  // A missing permission answers the screen's 403 page, as the API would refuse the change.
  if (!can(user, 'edit')) await requirePermission(args, 'edit')
  const form = await readForm(args.request)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  const typed = { startDate: text('startDate'), endDate: text('endDate') }
  const saved = await api<TimelineRow>(args, '/api/timelines/site-overrides', {
    method: 'PUT',
    body: {
      projectId: text('projectId'),
      categoryId: text('categoryId'),
      entityId: text('entityId'),
      clusterId: text('clusterId'),
      startDate: typed.startDate || null,
      endDate: typed.endDate || null,
    },
  })
  if (!saved.ok) {
    const message = messageOr(saved.error, SAVE_FAILED)
    return json<SaveAnswer>({ clusterId: text('clusterId'), tone: 'error', message, typed }, { status: 400, headers: saved.headers })
  }
  const message = saved.status === 201 ? SAVED_CREATED : SAVED_CHANGED
  return json<SaveAnswer>({ clusterId: saved.data.clusterId, tone: 'success', message, typed: null }, { headers: saved.headers })
}

export default function ProjectClusterTimelines() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const navigation = useNavigation()
  // With JavaScript a new choice keeps the page while its table loads; a row's save is a fetcher and leaves it be.
  const loading = navigation.state === 'loading' && navigation.location.pathname === PATH && navigation.formMethod?.toUpperCase() !== 'POST'
  const chosen = Boolean(data.choice.entityTypeId)
  // An answer about no row of this table (a form posted by hand, say) shows above it.
  const stray = answer && !data.rows.some((row) => row.clusterId === answer.clusterId) ? answer : null
  return (
    <div className="stack timelines-page">
      <header className="page-head">
        <h1>Project Cluster Timelines</h1>
      </header>
      <ChoiceForm />
      <section className="card" aria-label="Cluster timelines">
        {stray ? <FormMessage tone={stray.tone}>{stray.message}</FormMessage> : null}
        {chosen || loading ? (
          <div className="table-scroll">
            <table className="table timelines-table">
              <thead>
                <tr>
                  <th scope="col">Cluster</th>
                  <th scope="col">Start date</th>
                  <th scope="col">End date</th>
                  {data.editable ? (
                    <th scope="col">
                      <span className="visually-hidden">Save</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {loading ? (
                  <tr>
                    <td colSpan={4} className="empty">
                      <span role="status">{LOADING}</span>
                    </td>
                  </tr>
                ) : data.rows.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty">
                      {NO_DATA}
                    </td>
                  </tr>
                ) : (
                  data.rows.map((row) =>
                    data.editable ? (
                      <EditableRow key={row.clusterId} row={row} answer={answer?.clusterId === row.clusterId ? answer : null} />
                    ) : (
                      <ReadOnlyRow key={row.clusterId} row={row} />
                    ),
                  )
                )}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty">Choose a project, a category and an entity type to see its clusters.</p>
        )}
      </section>
    </div>
  )
}

/** Project, then category, then entity type: each choice reloads the page (on change with JavaScript, on Apply without). */
function ChoiceForm() {
  const { choice, projects, categories, entityTypes, fixedCategory } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const hydrated = useHydrated()
  const choose = (next: Partial<Choice>) => submit(new URLSearchParams(query(next)), { method: 'get', action: PATH, preventScrollReset: true })
  return (
    <Form method="get" action={PATH} className="card filters timelines-choice" aria-label="Timeline choice">
      <input type="hidden" name="prevProjectId" value={choice.projectId} />
      <input type="hidden" name="prevCategoryId" value={choice.categoryId} />
      <ChoiceSelect
        id="timeline-project"
        label="Project"
        name="projectId"
        placeholder="Select project"
        options={projects}
        value={choice.projectId}
        onChange={(projectId) => choose({ projectId })}
      />
      <ChoiceSelect
        id="timeline-category"
        label="Category"
        name="categoryId"
        placeholder="Select category"
        options={categories}
        value={choice.categoryId}
        resetKey={`${choice.projectId}-${choice.categoryId}`}
        disabled={!choice.projectId || fixedCategory !== null}
        onChange={(categoryId) => choose({ projectId: choice.projectId, categoryId })}
      />
      {/* A disabled select sends nothing: the fixed category rides along here. */}
      {fixedCategory ? <input type="hidden" name="categoryId" value={fixedCategory._id} /> : null}
      <ChoiceSelect
        id="timeline-entity-type"
        label="Entity type"
        name="entityTypeId"
        placeholder="Select entity type"
        options={entityTypes}
        value={choice.entityTypeId}
        resetKey={`${choice.categoryId}-${choice.entityTypeId}`}
        disabled={!choice.categoryId}
        onChange={(entityTypeId) => choose({ ...choice, entityTypeId })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
      {fixedCategory ? <p className="help fixed-category">{projectMessages.fixedCategory(fixedCategory.name)}</p> : null}
    </Form>
  )
}


function ClusterCell({ row }: { row: TimelineRow }) {
  return (
    <th scope="row">
      {row.clusterName}
      {row.default === CREATED_MARK ? <span className="badge timeline-created">{CREATED_MARK}</span> : null}
    </th>
  )
}

function ReadOnlyRow({ row }: { row: TimelineRow }) {
  return (
    <tr>
      <ClusterCell row={row} />
      <td>{shownDate(row.startDate)}</td>
      <td>{shownDate(row.endDate)}</td>
    </tr>
  )
}

/**
 * A Site cluster: its own small form, so each row saves alone and works without JavaScript. A
 * form cannot wrap a table row, so it sits in the Save cell and the date inputs join it through
 * their `form` attribute. With JavaScript it posts through a fetcher and the page stays as it is.
 */
function EditableRow({ row, answer }: { row: TimelineRow; answer: SaveAnswer | null }) {
  const { choice } = useLoaderData<typeof loader>()
  const fetcher = useFetcher<typeof action>({ key: `timeline-${row.clusterId}` })
  const result = fetcher.data ?? answer
  const formId = `timeline-${row.clusterId}`
  const typed = result?.typed ?? null
  const start = typed ? typed.startDate : (row.startDate ?? '')
  const end = typed ? typed.endDate : (row.endDate ?? '')
  return (
    <>
      <tr>
        <ClusterCell row={row} />
        <td>
          {/* A new saved date (or a refused save's answer) starts the input afresh; otherwise what is typed stays. */}
          <input key={`${row.startDate}-${start}`} type="date" name="startDate" form={formId} aria-label="Start date" defaultValue={start} />
        </td>
        <td>
          <input key={`${row.endDate}-${end}`} type="date" name="endDate" form={formId} aria-label="End date" defaultValue={end} />
        </td>
        <td className="cell-actions">
          <fetcher.Form method="post" action={pagePath(choice)} id={formId} preventScrollReset>
            <input type="hidden" name="projectId" value={choice.projectId} />
            <input type="hidden" name="categoryId" value={choice.categoryId} />
            <input type="hidden" name="entityId" value={choice.entityTypeId} />
            <input type="hidden" name="clusterId" value={row.clusterId} />
            <button type="submit" className="button secondary" disabled={fetcher.state !== 'idle'}>
              Save
            </button>
          </fetcher.Form>
        </td>
      </tr>
      {result ? (
        <tr className="timeline-message">
          <td colSpan={4}>
            <FormMessage tone={result.tone}>
              {result.message}
            </FormMessage>
          </td>
        </tr>
      ) : null}
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
