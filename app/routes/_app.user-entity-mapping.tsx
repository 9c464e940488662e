import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigate, useSubmit } from '@remix-run/react'
import type { Card, Mapping } from '#domain/contracts/projects'
import type { ListedUser } from '#domain/contracts/users'
import { PRODUCT_NAME } from '#domain/constants'
import { sameClusterSet } from '#domain/planning/cluster-list'
import { mappingTotals, plannedSources, remainingPeople, taggingMessages, taggingRequirement } from '#domain/planning/project-plan'
import { isUuid } from '#domain/ids'
import {
  AssignDialog,
  MAPPING_PATH,
  SAVED_MESSAGE,
  TagUsers,
  assignKey,
  parseAssignKey,
  personOf,
  tagCellId,
  type AssignContext,
  type Person,
  type SaveAnswer,
} from '#app/components/assign-users'
import { ChoiceSelect, FormMessage } from '#app/components/forms'
import { ProjectClusterTable, planItemOf, templateOf } from '#app/components/project-cluster-table'
import { RouteErrorBoundary } from '#app/components/route-error'
import { itemLabel, type Template, type TemplateItem } from '#app/components/template-table'
import { api } from '#app/lib/api/http.server'
import { messageOr } from '#app/lib/errors'
import { useHydrated } from '#app/lib/hydrated'
import { can } from '#domain/access'
import { requirePermission } from '#app/lib/session.server'
import { readForm } from '#app/lib/form.server'

export const meta: MetaFunction = () => [{ title: `User Entity Mapping · ${PRODUCT_NAME}` }]

/** §2 and §8, word for word. */
const NO_PLAN = 'No project resource planning data found for this project.'
const NO_ENTITIES = 'No project entities found'
const SAVE_FAILED = 'Save failed'
/** One search shows a page of active users, never the whole directory. */
const SEARCH_SHOWN = 20
/** Users ticked in an earlier search that the page must name again: the selection is capped by the requirement anyway. */
const LOOKUPS_MAX = 50

interface Project {
  _id: string
  name: string
}

/** One cluster row of one role of one instance: what it needs and who is tagged to it. */
interface TagRow {
  key: string
  item: TemplateItem
  remaining: number
  requirement: { direct: number; interchange: number; total: number }
  tagged: Person[]
}

/** The users tagged in the project, by instance, role and cluster: each row then finds its own at once. */
function tagIndex(mappings: readonly Mapping[]) {
  const index = new Map<string, Person[]>()
  for (const row of mappings) {
    const key = `${row.projectEntityId}/${row.roleId}/${row.clusterId}`
    const people = index.get(key)
    if (people) people.push(personOf(row.user))
    else index.set(key, [personOf(row.user)])
  }
  return index
}

/**
 * The project's plan as this screen shows it: cards with the roles of their template, a row per
 * cluster item with its tagging requirement (a = Remaining People, b = outside interchange; the
 * cap), and the card's instances with the users tagged to each row. The requirement is the same
 * for every instance of a card, so each row is described once per card, not once per instance.
 */
function planOf(cards: readonly Card[], templates: readonly Template[], mappings: readonly Mapping[]) {
  const templateByCard = new Map(cards.map((card) => [card._id, templateOf(templates, card)]))
  const inPlan = plannedSources(
    cards.map((card) => ({ entityId: card.entityId, items: (templateByCard.get(card._id)?.roleClusters ?? []).flatMap((role) => role.clusters.map(planItemOf)) })),
  )
  const tags = tagIndex(mappings)
  return cards.map((card) => {
    const roles = (templateByCard.get(card._id)?.roleClusters ?? []).map((role) => ({
      roleId: role.roleId._id,
      roleName: role.roleId.name,
      rows: role.clusters.map((item) => {
        const planned = planItemOf(item)
        return { clusterIds: planned.clusterIds, item, remaining: remainingPeople(planned), requirement: taggingRequirement(planned, inPlan) }
      }),
    }))
    return {
      _id: card._id,
      title: `${card.categoryName} / ${card.entityName} / ${card.typeName}`,
      roles,
      instances: card.names.map((instance) => ({
        projectEntityId: instance.projectEntityId,
        name: instance.name,
        // By role, then row: a group's users are tagged to each of its clusters, so each counts once.
        tagged: roles.map((role) =>
          role.rows.map((row) => {
            const people = new Map<string, Person>()
            for (const clusterId of row.clusterIds) for (const person of tags.get(`${instance.projectEntityId}/${role.roleId}/${clusterId}`) ?? []) people.set(person._id, person)
            return [...people.values()]
          }),
        ),
      })),
    }
  })
}
type Plan = ReturnType<typeof planOf>

/** Every row of the plan, instance by instance, with its tags and its Assign Users key. */
function* rowsOf(plan: Plan) {
  for (const card of plan) {
    for (const instance of card.instances) {
      for (const [r, role] of card.roles.entries()) {
        for (const [i, row] of role.rows.entries()) {
          const tagRow: TagRow = { key: assignKey(instance.projectEntityId, role.roleId, row.clusterIds), item: row.item, remaining: row.remaining, requirement: row.requirement, tagged: instance.tagged[r][i] }
          yield { instance, role, row: tagRow }
        }
      }
    }
  }
}

/** The row ?assign= names, with what the dialog says about it. */
function findRow(plan: Plan, key: string): { row: TagRow; context: AssignContext } | null {
  const wanted = parseAssignKey(key)
  for (const { instance, role, row } of rowsOf(plan)) {
    if (instance.projectEntityId !== wanted.projectEntityId || role.roleId !== wanted.roleId) continue
    const clusterIds = row.item.clusterId.map((ref) => ref._id)
    if (clusterIds.length === wanted.clusterIds.length && sameClusterSet(clusterIds, wanted.clusterIds)) {
      return { row, context: { cluster: itemLabel(row.item), role: role.roleName, instance: instance.name } }
    }
  }
  return null
}

/**
 * ?projectId picks the project. ?assign=<instance>:<role>:<clusters> opens Assign Users for a row
 * (for a user who may add), with ?q searching the active users on the server; the JavaScript
 * popover loads this same URL with a fetcher for its candidates. ?saved=<row> marks a row just
 * saved without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePermission(args, 'view')
  const params = new URL(args.request.url).searchParams
  const canAssign = can(user, 'add')
  const projects = await api<(Project & Record<string, unknown>)[]>(args, '/api/projects')
  // §8: failed loads fall back to empty lists.
  const projectList = projects.ok ? projects.data.map(({ _id, name }) => ({ _id, name })) : []
  const project = projectList.find((candidate) => candidate._id === params.get('projectId')) ?? null
  const base = { projects: projectList, projectId: project?._id ?? '', canAssign, saved: params.get('saved') }
  if (!project) return json({ ...base, plan: [] as Plan, totals: mappingTotals([]), assign: null })

  const query = new URLSearchParams({ projectId: project._id })
  const [cards, templates, mappings] = await Promise.all([
    api<Card[]>(args, `/api/project-resource-instances?${query}`),
    api<{ data: Template[] }>(args, '/api/resource-planning-templates'),
    api<Mapping[]>(args, `/api/project-entity-user-mappings?${query}`),
  ])
  const plan = planOf(cards.ok ? cards.data : [], templates.ok ? (templates.data.data ?? []) : [], mappings.ok ? mappings.data : [])
  const totals = mappingTotals([...rowsOf(plan)].map(({ row }) => ({ requirement: row.requirement.total, tagged: row.tagged.length })))

  const wanted = params.get('assign')
  const found = wanted && canAssign ? findRow(plan, wanted) : null
  return json({ ...base, plan, totals, assign: found ? await assignState(args, params, found) : null })
}

/** The Assign Users dialog of one row: the search's active users, and who is ticked. */
async function assignState(args: LoaderFunctionArgs, params: URLSearchParams, { row, context }: NonNullable<ReturnType<typeof findRow>>) {
  const q = (params.get('q') ?? '').trim().slice(0, 200)
  const found = await api<{ users: ListedUser[] }>(args, `/users?${new URLSearchParams({ ...(q && { q }), status: 'Active', limit: String(SEARCH_SHOWN) })}`)
  const candidates = (found.ok ? found.data.users : []).map(personOf)
  // A search without JavaScript carries the ticked users along (picked=1&userIds=…); otherwise the tagged ones are ticked.
  const selected = params.get('picked') === '1' ? [...new Set(params.getAll('userIds').filter(isUuid))] : row.tagged.map((person) => person._id)
  const known = new Map([...row.tagged, ...candidates].map((person) => [person._id, person]))
  const unknown = selected.filter((id) => !known.has(id)).slice(0, LOOKUPS_MAX)
  if (unknown.length) {
    const looked = await api<{ users: ListedUser[] }>(args, `/users?${new URLSearchParams({ ids: unknown.join(','), limit: String(LOOKUPS_MAX) })}`)
    for (const person of looked.ok ? looked.data.users : []) known.set(person._id, personOf(person))
  }
  const choices = new Map<string, Person>()
  for (const person of [...selected.flatMap((id) => known.get(id) ?? []), ...row.tagged, ...candidates]) choices.set(person._id, person)
  return {
    key: row.key,
    requirement: row.requirement,
    context,
    q,
    candidates,
    choices: [...choices.values()],
    selected: selected.filter((id) => choices.has(id)),
  }
}

/**
 * Save of Assign Users: POST /api/project-entity-user-mappings/replace, which alone decides the
 * cap. With JavaScript (inPage) the popover reads the answer; without, a save lands back on the
 * page at the row, and a refusal re-renders the dialog with the ticked users and the message.
 */
export async function action(args: ActionFunctionArgs) {
  await requirePermission(args, 'add')
  const form = await readForm(args.request)
  const key = String(form.get('assign') ?? '')
  const projectId = String(form.get('projectId') ?? '').trim()
  const userIds = [...new Set(form.getAll('userIds').map(String))]
  const refuse = (error: string, headers?: Headers) => json<SaveAnswer>({ key, selected: userIds, error, saved: null }, { status: 400, headers })

  if (!projectId) return refuse(taggingMessages.selectProject)
  const { projectEntityId, roleId, clusterIds } = parseAssignKey(key)
  if (!projectEntityId) return refuse(taggingMessages.projectEntityMissing)
  const saved = await api(args, '/api/project-entity-user-mappings/replace', { method: 'POST', body: { projectId, projectEntityId, clusterIds, userIds, roleId } })
  // §8: the server's message, else the error's text, else 'Save failed'.
  if (!saved.ok) return refuse(messageOr(saved.error, SAVE_FAILED), saved.headers)
  if (form.get('inPage') === '1') return json<SaveAnswer>({ key, selected: userIds, error: null, saved: SAVED_MESSAGE }, { headers: saved.headers })
  return redirect(`${MAPPING_PATH}?${new URLSearchParams({ projectId, saved: key })}#${tagCellId(key)}`, { headers: saved.headers })
}

export default function UserEntityMapping() {
  const data = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const location = useLocation()
  const navigate = useNavigate()
  const closeTo = data.projectId ? `${MAPPING_PATH}?${new URLSearchParams({ projectId: data.projectId })}` : MAPPING_PATH
  // A refusal of the open dialog shows inside it; any other (no project, say) on the page.
  const dialogAnswer = result && data.assign && result.key === data.assign.key ? result : null
  const pageError = result?.error && !dialogAnswer ? result.error : null
  return (
    <div className="stack mapping-page">
      <header className="page-head">
        <h1>User Entity Mapping</h1>
      </header>
      <ProjectChoice />
      <FormMessage tone="error">{pageError}</FormMessage>
      {data.projectId ? <Totals /> : null}
      {!data.projectId ? (
        <p className="card empty">{NO_ENTITIES}</p>
      ) : data.plan.length === 0 ? (
        <p className="card empty">{NO_PLAN}</p>
      ) : (
        data.plan.map((card) => <PlanCard key={card._id} card={card} />)
      )}
      {data.assign ? (
        <AssignDialog
          projectId={data.projectId}
          rowKey={data.assign.key}
          requirement={data.assign.requirement}
          context={data.assign.context}
          q={data.assign.q}
          choices={data.assign.choices}
          selected={dialogAnswer?.selected ?? data.assign.selected}
          error={dialogAnswer?.error ?? null}
          postTo={location.pathname + location.search}
          closeTo={closeTo}
          onClose={() => navigate(closeTo, { preventScrollReset: true })}
        />
      ) : null}
    </div>
  )
}

/** The project select: a GET form (on change with JavaScript, on Apply without). */
function ProjectChoice() {
  const { projects, projectId } = useLoaderData<typeof loader>()
  const submit = useSubmit()
  const hydrated = useHydrated()
  return (
    <Form method="get" action={MAPPING_PATH} className="filters card mapping-choice" aria-label="Project choice">
      <ChoiceSelect
        id="mapping-project"
        label="Project"
        name="projectId"
        placeholder="Select project"
        options={projects}
        value={projectId}
        onChange={(value) => submit(new URLSearchParams(value ? { projectId: value } : {}), { method: 'get', action: MAPPING_PATH })}
      />
      {hydrated ? null : (
        <button type="submit" className="button secondary">
          Apply
        </button>
      )}
    </Form>
  )
}

function Totals() {
  const { totals } = useLoaderData<typeof loader>()
  return (
    <section className="card mapping-totals" aria-label="Totals">
      <dl>
        <div>
          <dt>Total Requirement</dt>
          <dd>{totals.totalRequirement}</dd>
        </div>
        <div>
          <dt>Total Tagged Users</dt>
          <dd>{totals.totalTagged}</dd>
        </div>
        <div>
          <dt>Yet to Be Recruited</dt>
          <dd>{totals.yetToBeRecruited}</dd>
        </div>
      </dl>
    </section>
  )
}

/** A card (category, entity, type), then each instance by name, then each role: open at first (§2). */
function PlanCard({ card }: { card: Plan[number] }) {
  const { projectId, canAssign, saved } = useLoaderData<typeof loader>()
  const headingId = `mapping-card-${card._id}`
  return (
    <section className="card mapping-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{card.title}</h2>
      {card.instances.length === 0 ? <p className="empty">{NO_ENTITIES}</p> : null}
      {card.instances.map((instance) => (
        <section key={instance.projectEntityId} className="mapping-instance" aria-labelledby={`instance-${instance.projectEntityId}`}>
          <h3 id={`instance-${instance.projectEntityId}`}>{instance.name}</h3>
          {card.roles.map((role, r) => (
            <details key={role.roleId} className="mapping-role" open>
              <summary>
                <span className="mapping-role-name">{role.roleName}</span> <span className="muted-text">{role.rows.length} clusters</span>
              </summary>
              <ProjectClusterTable
                caption={`${role.roleName}: clusters of ${instance.name}`}
                extraColumn="Tag Users"
                rows={role.rows.map((row, i) => {
                  const key = assignKey(instance.projectEntityId, role.roleId, row.clusterIds)
                  return {
                    key,
                    item: row.item,
                    remaining: row.remaining,
                    requirement: row.requirement,
                    extra: (
                      <TagUsers
                        projectId={projectId}
                        rowKey={key}
                        tagged={instance.tagged[r][i]}
                        requirement={row.requirement}
                        context={{ cluster: itemLabel(row.item), role: role.roleName, instance: instance.name }}
                        canAssign={canAssign}
                        justSaved={saved === key}
                      />
                    ),
                  }
                })}
              />
            </details>
          ))}
        </section>
      ))}
    </section>
  )
}

export { RouteErrorBoundary as ErrorBoundary }
