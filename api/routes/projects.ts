import * as z from 'zod/mini'
import { projectCreateSchema, projectUpdateSchema } from '#domain/planning/schemas'
import { projectAnswer } from '#domain/answers/catalog'
import {
  cardAnswer,
  cardRemovalAnswer,
  mappingAnswer,
  mappingCandidatesAnswer,
  mappingSavedAnswer,
  mappingScreenAnswer,
  planningScreenAnswer,
  rollUpAnswer,
  siteOverrideAnswer,
  timelineRowAnswer,
} from '#domain/answers/projects'
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
import { messageAnswer, pathIds, type Api } from '#api/http/schemas'
import { notFound } from '#api/refusals'
import { access } from '#api/http/access'
import { signedIn } from '#api/context'
import { changesAllowedTo } from '#api/change-check'
import { deleteFromCard, saveCard, savePlan } from '#api/projects/instances'
import { mappingCandidates, mappingScreen } from '#api/projects/mapping-screen'
import { loadMappings, replaceMapping } from '#api/projects/mappings'
import { loadCards } from '#api/projects/plan'
import { planningScreen } from '#api/projects/planning-screen'
import { createProject, deleteProject, listProjects, PROJECT_NOT_FOUND, requireProject, updateProject } from '#api/projects/project'
import { SLOT_NOT_FOUND } from '#api/schedule/availability'
import { loadPlannedTimeline, loadRollUp, loadSiteOverrides, loadTimeline, saveOverride } from '#api/projects/timelines'

/**
 * Projects, their resource planning, user tagging, cluster timelines and the role roll-up
 * (spec/administration-planning.md §7 "Projects"). The spec has no screen for the projects
 * themselves: those calls let an administrator set up an install without SQL (DESIGN §8).
 */
export async function projectsRoutes(app: Api, deps: Deps) {
  const projectId = pathIds({ id: PROJECT_NOT_FOUND })

  app.get('/api/projects', { ...access('view'), schema: { summary: 'Every project', response: { 200: z.array(projectAnswer) } } }, async () => listProjects(deps.db))

  app.post('/api/projects', { ...access('add'), schema: { summary: 'Creates a project', body: projectCreateSchema, response: { 201: projectAnswer } } }, async (request, reply) => {
    return reply.status(201).send(await createProject(signedIn(request.ctx), request.body))
  })

  app.put('/api/projects/:id', { ...access('edit'), schema: { summary: 'Renames a project or changes its category', params: projectId, body: projectUpdateSchema, response: { 200: projectAnswer } } }, async (request) => {
    return updateProject(signedIn(request.ctx), request.params.id, request.body)
  })

  app.delete('/api/projects/:id', { ...access('delete'), schema: { summary: 'Deletes a project and its plan', params: projectId, response: { 200: messageAnswer } } }, async (request) => {
    await deleteProject(signedIn(request.ctx), request.params.id)
    return { message: 'Project deleted' }
  })

  /**
   * User Entity Mapping's screen in one answer (spec/administration-planning.md §2): the projects,
   * this one's plan joined with its tags and the totals, and, for ?assign=, that row's Assign Users
   * dialog. What it replaces needed `view` each: so does it.
   */
  app.get('/api/projects/:id/mapping', { ...access('view'), schema: { summary: "User Entity Mapping's screen", params: projectId, querystring: mappingQuerySchema, response: { 200: mappingScreenAnswer } } }, async (request) => {
    const { params: { id }, query } = request
    const screen = await mappingScreen(deps.db, id, query)
    if (!screen) throw notFound(PROJECT_NOT_FOUND)
    return screen
  })

  /** Assign Users' candidates for one row as the user types: a page of active users, each with their load over the row's dates. */
  app.get('/api/projects/:id/mapping/candidates', { ...access('view'), schema: { summary: "Assign Users' candidates for one row", params: projectId, querystring: mappingCandidatesQuerySchema, response: { 200: mappingCandidatesAnswer } } }, async (request) => {
    const { params: { id }, query } = request
    await requireProject(deps.db, id)
    const found = await mappingCandidates(deps.db, id, query)
    if (!found) throw notFound(SLOT_NOT_FOUND)
    return found
  })

  /**
   * Project Resource Planning's screen in one answer: the projects, the templates, this project's
   * saved cards, and the next card's choices as asked with their lists. What it replaces needed
   * `view` each: so does it.
   */
  app.get('/api/projects/:id/planning', { ...access('view'), schema: { summary: "Project Resource Planning's screen", params: projectId, querystring: planningScreenQuerySchema, response: { 200: planningScreenAnswer } } }, async (request) => {
    const { params: { id }, query } = request
    const screen = await planningScreen(deps.db, id, query)
    if (!screen) throw notFound(PROJECT_NOT_FOUND)
    return screen
  })

  const cardsSchema = { summary: "A project's cards", querystring: projectQuerySchema, response: { 200: z.array(cardAnswer) } }
  app.get('/api/project-resource-instances', { ...access('view'), schema: cardsSchema }, async (request) => {
    const { projectId } = request.query
    await requireProject(deps.db, projectId)
    return loadCards(deps.db, [projectId])
  })

  /**
   * One card, saved whole in one transaction: 201 when new, 200 when its instances were replaced.
   * Saving a card is adding; renaming or moving its instances needs `edit` as well, removing some
   * (lowering Number too) `delete` (DESIGN §4).
   */
  const cardSchema = { summary: 'Saves one card whole', body: instanceSaveSchema, response: { 200: cardAnswer, 201: cardAnswer } }
  app.post('/api/project-resource-instances', { ...access('add'), schema: cardSchema }, async (request, reply) => {
    const ctx = signedIn(request.ctx)
    const { card, created } = await saveCard(ctx, request.body, changesAllowedTo(ctx.actor))
    return reply.status(created ? 201 : 200).send(card)
  })

  /**
   * The screen's Save: removed cards and changed cards in one transaction, so a failure half-way
   * saves nothing. It does what the POST and DELETE above do, so it needs what they need: `add`,
   * and `edit` or `delete` as well for what it would change or remove of the stored plan.
   */
  const planSchema = { summary: "Saves a project's whole plan: removed and changed cards at once", params: projectId, body: planSaveSchema, response: { 200: z.array(cardAnswer) } }
  app.put('/api/projects/:id/plan', { ...access('add'), schema: planSchema }, async (request) => {
    const ctx = signedIn(request.ctx)
    return savePlan(ctx, request.params.id, request.body, changesAllowedTo(ctx.actor))
  })

  const removeSchema = { summary: 'Removes instances of a card (the card when all go), with their tags', body: instanceDeleteSchema, response: { 200: cardRemovalAnswer } }
  app.delete('/api/project-resource-instances', { ...access('delete'), schema: removeSchema }, async (request) => {
    return deleteFromCard(signedIn(request.ctx), request.body)
  })

  const mappingsSchema = { summary: "A project's tags: who is tagged to which cluster of which role", querystring: projectQuerySchema, response: { 200: z.array(mappingAnswer) } }
  app.get('/api/project-entity-user-mappings', { ...access('view'), schema: mappingsSchema }, async (request) => {
    const { projectId } = request.query
    await requireProject(deps.db, projectId)
    return loadMappings(deps.db, { projectId })
  })

  /** Tagging someone needs `add`; untagging someone (clearing, or swapping a person) `delete` as well. */
  const replaceSchema = { summary: "Replaces the people tagged to one cluster (or group) of a role", body: mappingReplaceSchema, response: { 200: mappingSavedAnswer } }
  app.post('/api/project-entity-user-mappings/replace', { ...access('add'), schema: replaceSchema }, async (request) => {
    const ctx = signedIn(request.ctx)
    const saved = await replaceMapping(ctx, request.body, changesAllowedTo(ctx.actor))
    return { message: 'Saved successfully', ...saved }
  })

  /** The clusters of an entity type with this project's dates (Site overrides over the clusters' own). */
  const selectionSchema = { summary: "The clusters of an entity type with a project's dates", querystring: timelineSelectionQuerySchema, response: { 200: z.array(timelineRowAnswer) } }
  app.get('/api/timelines/by-project-selection', { ...access('view'), schema: selectionSchema }, async (request) => {
    const { projectId, entityTypeId } = request.query
    await requireProject(deps.db, projectId)
    return loadTimeline(deps.db, projectId, entityTypeId)
  })

  const overridesSchema = { summary: "A project's Site dates of the clusters of an entity type", querystring: siteOverridesQuerySchema, response: { 200: z.array(siteOverrideAnswer) } }
  app.get('/api/timelines/site-overrides', { ...access('view'), schema: overridesSchema }, async (request) => {
    const query = request.query
    await requireProject(deps.db, query.projectId)
    return loadSiteOverrides(deps.db, query)
  })

  /** 201 when the override is new ("created"), 200 when it changed an existing one. */
  const overrideSchema = { summary: "Sets a project's dates for a cluster of the Site entity type", body: siteOverrideSchema, response: { 200: siteOverrideAnswer, 201: siteOverrideAnswer } }
  app.put('/api/timelines/site-overrides', { ...access('edit'), schema: overrideSchema }, async (request, reply) => {
    const { override, created } = await saveOverride(signedIn(request.ctx), request.body)
    return reply.status(created ? 201 : 200).send(override)
  })

  /** The clusters of an entity type that the project's plan uses, with the project's dates. */
  const plannedSchema = { summary: "The clusters of an entity type that the project's plan uses, with its dates", querystring: clusterByEntityQuerySchema, response: { 200: z.array(timelineRowAnswer) } }
  app.get('/api/timelines/cluster-by-entity', { ...access('view'), schema: plannedSchema }, async (request) => {
    const { projectId, entityId } = request.query
    await requireProject(deps.db, projectId)
    return loadPlannedTimeline(deps.db, projectId, entityId)
  })

  /** Roles → projects → clusters, with requirements, earliest starts and Deployed By dates. */
  const rollUpSchema = { summary: 'Roles → projects → clusters: requirements, earliest starts, Deployed By', response: { 200: rollUpAnswer } }
  app.get('/api/role-project-clusters', { ...access('view'), schema: rollUpSchema }, async () => loadRollUp(deps.db))
}
