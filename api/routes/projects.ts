import type { FastifyInstance } from 'fastify'
import { projectCreateSchema, projectUpdateSchema } from '#domain/planning/schemas'
import {
  clusterByEntityQuerySchema,
  instanceDeleteSchema,
  instanceSaveSchema,
  mappingCandidatesQuerySchema,
  mappingQuerySchema,
  mappingReplaceSchema,
  planSaveSchema,
  planningScreenQuerySchema,
  projectQuerySchema,
  siteOverrideSchema,
  siteOverridesQuerySchema,
  timelineSelectionQuerySchema,
} from '#domain/planning/project-schemas'
import type { Deps } from '#api/deps'
import { notFound, parse } from '#api/http/errors'
import { access } from '#api/http/access'
import { requestActor } from '#api/http/actor'
import { requireUser } from '#api/auth/sessions'
import { actorOf } from '#api/audit/record'
import { changesAllowedTo } from '#api/http/changes'
import { pathId } from '#api/http/params'
import { deleteFromCard, saveCard, savePlan } from '#api/projects/instances'
import { mappingCandidates, mappingScreen } from '#api/projects/mapping-screen'
import { loadMappings, replaceMapping } from '#api/projects/mappings'
import { loadCards } from '#api/projects/plan'
import { planningScreen } from '#api/projects/planning-screen'
import { createProject, deleteProject, listProjects, PROJECT_NOT_FOUND, requireProject, updateProject } from '#api/projects/project'
import { SLOT_NOT_FOUND } from '#api/schedule/availability'
import { loadPlannedTimeline, loadRollUp, loadSiteOverrides, loadTimeline, saveOverride } from '#api/projects/timelines'

type IdParams = { Params: { id: string } }

/**
 * Projects, their resource planning, user tagging, cluster timelines and the role roll-up
 * (spec/administration-planning.md §7 "Projects"). The spec has no screen for the projects
 * themselves: those calls let an administrator set up an install without SQL (DESIGN §8).
 */
export async function projectsRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/projects', access('view'), async () => listProjects(deps.db))

  app.post('/api/projects', access('add'), async (request, reply) => {
    const input = parse(projectCreateSchema, request.body)
    return reply.status(201).send(await createProject(deps.db, await requestActor(deps, request), input, deps.now()))
  })

  app.put<IdParams>('/api/projects/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, PROJECT_NOT_FOUND)
    const input = parse(projectUpdateSchema, request.body)
    return updateProject(deps.db, await requestActor(deps, request), id, input, deps.now())
  })

  app.delete<IdParams>('/api/projects/:id', access('delete'), async (request) => {
    const id = pathId(request.params.id, PROJECT_NOT_FOUND)
    await deleteProject(deps.db, await requestActor(deps, request), id, deps.now())
    return { message: 'Project deleted' }
  })

  /**
   * User Entity Mapping's screen in one answer (spec/administration-planning.md §2): the projects,
   * this one's plan joined with its tags and the totals, and, for ?assign=, that row's Assign Users
   * dialog. What it replaces needed `view` each: so does it.
   */
  app.get<IdParams>('/api/projects/:id/mapping', access('view'), async (request) => {
    const projectId = pathId(request.params.id, PROJECT_NOT_FOUND)
    const query = parse(mappingQuerySchema, request.query)
    const screen = await mappingScreen(deps.db, projectId, query)
    if (!screen) throw notFound(PROJECT_NOT_FOUND)
    return screen
  })

  /** Assign Users' candidates for one row as the user types: a page of active users, each with their load over the row's dates. */
  app.get<IdParams>('/api/projects/:id/mapping/candidates', access('view'), async (request) => {
    const projectId = pathId(request.params.id, PROJECT_NOT_FOUND)
    const query = parse(mappingCandidatesQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    const found = await mappingCandidates(deps.db, projectId, query)
    if (!found) throw notFound(SLOT_NOT_FOUND)
    return found
  })

  /**
   * Project Resource Planning's screen in one answer: the projects, the templates, this project's
   * saved cards, and the next card's choices as asked with their lists. What it replaces needed
   * `view` each: so does it.
   */
  app.get<IdParams>('/api/projects/:id/planning', access('view'), async (request) => {
    const projectId = pathId(request.params.id, PROJECT_NOT_FOUND)
    const query = parse(planningScreenQuerySchema, request.query)
    const screen = await planningScreen(deps.db, projectId, query)
    if (!screen) throw notFound(PROJECT_NOT_FOUND)
    return screen
  })

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
    const user = await requireUser(deps, request)
    const input = parse(instanceSaveSchema, request.body)
    const { card, created } = await saveCard(deps.db, actorOf(user), input, deps.now(), changesAllowedTo(user))
    return reply.status(created ? 201 : 200).send(card)
  })

  /**
   * The screen's Save: removed cards and changed cards in one transaction, so a failure half-way
   * saves nothing. It does what the POST and DELETE above do, so it needs what they need: `add`,
   * and `edit` or `delete` as well for what it would change or remove of the stored plan.
   */
  app.put<IdParams>('/api/projects/:id/plan', access('add'), async (request) => {
    const user = await requireUser(deps, request)
    const projectId = pathId(request.params.id, PROJECT_NOT_FOUND)
    const plan = parse(planSaveSchema, request.body)
    return savePlan(deps.db, actorOf(user), projectId, plan, deps.now(), changesAllowedTo(user))
  })

  app.delete('/api/project-resource-instances', access('delete'), async (request) => {
    const input = parse(instanceDeleteSchema, request.body)
    return deleteFromCard(deps.db, await requestActor(deps, request), input, deps.now())
  })

  app.get('/api/project-entity-user-mappings', access('view'), async (request) => {
    const { projectId } = parse(projectQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadMappings(deps.db, { projectId })
  })

  /** Tagging someone needs `add`; untagging someone (clearing, or swapping a person) `delete` as well. */
  app.post('/api/project-entity-user-mappings/replace', access('add'), async (request) => {
    const user = await requireUser(deps, request)
    const input = parse(mappingReplaceSchema, request.body)
    const saved = await replaceMapping(deps.db, actorOf(user), input, deps.now(), changesAllowedTo(user))
    return { message: 'Saved successfully', ...saved }
  })

  /** The clusters of an entity type with this project's dates (Site overrides over the clusters' own). */
  app.get('/api/timelines/by-project-selection', access('view'), async (request) => {
    const { projectId, entityTypeId } = parse(timelineSelectionQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadTimeline(deps.db, projectId, entityTypeId)
  })

  app.get('/api/timelines/site-overrides', access('view'), async (request) => {
    const query = parse(siteOverridesQuerySchema, request.query)
    await requireProject(deps.db, query.projectId)
    return loadSiteOverrides(deps.db, query)
  })

  /** 201 when the override is new ("created"), 200 when it changed an existing one. */
  app.put('/api/timelines/site-overrides', access('edit'), async (request, reply) => {
    const input = parse(siteOverrideSchema, request.body)
    const { override, created } = await saveOverride(deps.db, await requestActor(deps, request), input, deps.now())
    return reply.status(created ? 201 : 200).send(override)
  })

  /** The clusters of an entity type that the project's plan uses, with the project's dates. */
  app.get('/api/timelines/cluster-by-entity', access('view'), async (request) => {
    const { projectId, entityId } = parse(clusterByEntityQuerySchema, request.query)
    await requireProject(deps.db, projectId)
    return loadPlannedTimeline(deps.db, projectId, entityId)
  })

  /** Roles → projects → clusters, with requirements, earliest starts and Deployed By dates. */
  app.get('/api/role-project-clusters', access('view'), async () => loadRollUp(deps.db))
}
