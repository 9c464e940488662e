import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  clusterByEntityQuerySchema,
  instanceDeleteSchema,
  instanceSaveSchema,
  mappingReplaceSchema,
  planSaveSchema,
  projectQuerySchema,
  siteOverrideSchema,
  siteOverridesQuerySchema,
  timelineSelectionQuerySchema,
} from '#domain/planning/project-schemas'
import { clusters, projectResourceInstances, projects, siteOverrides } from '#api/db/schema'
import type { Executor } from '#api/db/client'
import type { Deps } from '#api/deps'
import { badRequest, notFound, parse } from '#api/http/errors'
import { access } from '#api/http/access'
import { requireUser } from '#api/auth/sessions'
import { changesAllowedTo } from '#api/http/changes'
import { FOREIGN_KEY_VIOLATION, translating } from '#api/db/errors'
import { pathId } from '#api/http/params'
import { deleteFromCard, saveCard, savePlan } from '#api/projects/instances'
import { loadMappings, replaceMapping } from '#api/projects/mappings'
import { loadCardItems, loadCards } from '#api/projects/plan'
import { loadRollUp, loadTimeline, presentOverride, saveOverride } from '#api/projects/timelines'

const PROJECT_NOT_FOUND = 'Project not found'

async function requireProject(db: Executor, projectId: string) {
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId))
  if (!project) throw notFound(PROJECT_NOT_FOUND)
}

/** Project resource planning, user tagging, cluster timelines and the role roll-up (§7 "Projects"). */
export async function projectsRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/project-resource-instances', access('view'), async (request) => {
    const { projectId } = parse(projectQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadCards(deps.db, [projectId])
  })

  /**
   * One card, saved whole in one transaction: 201 when new, 200 when its instances were replaced.
   * Saving a card is adding; renaming or moving its instances needs `edit` as well, removing some
   * (lowering Number too) `delete` (DESIGN §4).
   */
  app.post('/api/project-resource-instances', access('add'), async (request, reply) => {
    const actor = await requireUser(deps, request)
    const input = parse(instanceSaveSchema, request.body)
    const { card, created } = await translating(() => deps.db.transaction((tx) => saveCard(tx, input, deps.now(), changesAllowedTo(actor))), {
      // The project or the planning type was deleted meanwhile.
      [FOREIGN_KEY_VIOLATION]: () => badRequest('The project or the planning type of this card no longer exists'),
    })
    return reply.status(created ? 201 : 200).send(card)
  })

  /**
   * The screen's Save: removed cards and changed cards in one transaction, so a failure half-way
   * saves nothing. It does what the POST and DELETE above do, so it needs what they need: `add`,
   * and `edit` or `delete` as well for what it would change or remove of the stored plan.
   */
  app.put<{ Params: { id: string } }>('/api/projects/:id/plan', access('add'), async (request) => {
    const actor = await requireUser(deps, request)
    const projectId = pathId(request.params.id, PROJECT_NOT_FOUND)
    const plan = parse(planSaveSchema, request.body)
    return translating(() => deps.db.transaction((tx) => savePlan(tx, projectId, plan, deps.now(), changesAllowedTo(actor))), {
      [FOREIGN_KEY_VIOLATION]: () => badRequest('The project or a planning type of this plan no longer exists'),
    })
  })

  app.delete('/api/project-resource-instances', access('delete'), async (request) => {
    const input = parse(instanceDeleteSchema, request.body)
    return deps.db.transaction((tx) => deleteFromCard(tx, input))
  })

  app.get('/api/project-entity-user-mappings', access('view'), async (request) => {
    const { projectId } = parse(projectQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadMappings(deps.db, { projectId })
  })

  /** Tagging someone needs `add`; untagging someone (clearing, or swapping a person) `delete` as well. */
  app.post('/api/project-entity-user-mappings/replace', access('add'), async (request) => {
    const actor = await requireUser(deps, request)
    const input = parse(mappingReplaceSchema, request.body)
    const saved = await translating(() => deps.db.transaction((tx) => replaceMapping(tx, input, deps.now(), changesAllowedTo(actor))), {
      // A user, role or cluster was deleted meanwhile.
      [FOREIGN_KEY_VIOLATION]: () => badRequest('A user or cluster of this tagging no longer exists'),
    })
    return { message: 'Saved successfully', ...saved }
  })

  /** The clusters of an entity type with this project's dates (Site overrides over the clusters' own). */
  app.get('/api/timelines/by-project-selection', access('view'), async (request) => {
    const { projectId, entityTypeId } = parse(timelineSelectionQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadTimeline(deps.db, projectId, entityTypeId)
  })

  app.get('/api/timelines/site-overrides', access('view'), async (request) => {
    const { projectId, categoryId, entityId } = parse(siteOverridesQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    const rows = await deps.db
      .select({ clusterId: siteOverrides.clusterId, startDate: siteOverrides.startDate, endDate: siteOverrides.endDate })
      .from(siteOverrides)
      .innerJoin(clusters, eq(clusters.id, siteOverrides.clusterId))
      .where(and(eq(siteOverrides.projectId, projectId), eq(clusters.entityId, entityId), categoryId ? eq(clusters.categoryId, categoryId) : undefined))
    return rows.map(presentOverride)
  })

  /** 201 when the override is new ("created"), 200 when it changed an existing one. */
  app.put('/api/timelines/site-overrides', access('edit'), async (request, reply) => {
    const input = parse(siteOverrideSchema, request.body)
    const { override, created } = await translating(() => deps.db.transaction((tx) => saveOverride(tx, input, deps.now())), {
      [FOREIGN_KEY_VIOLATION]: () => badRequest('The project or the cluster no longer exists'),
    })
    return reply.status(created ? 201 : 200).send(override)
  })

  /** The clusters of an entity type that the project's plan uses, with the project's dates. */
  app.get('/api/timelines/cluster-by-entity', access('view'), async (request) => {
    const { projectId, entityId } = parse(clusterByEntityQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    const cards = await deps.db
      .select({ id: projectResourceInstances.id })
      .from(projectResourceInstances)
      .where(and(eq(projectResourceInstances.projectId, projectId), eq(projectResourceInstances.entityId, entityId)))
    const items = await loadCardItems(deps.db, cards.map((card) => card.id))
    const used = [...new Set([...items.values()].flat().flatMap((row) => row.item.clusterIds))]
    return loadTimeline(deps.db, projectId, entityId, used)
  })

  /** Roles → projects → clusters, with requirements, earliest starts and Deployed By dates. */
  app.get('/api/role-project-clusters', access('view'), async () => loadRollUp(deps.db))
}
