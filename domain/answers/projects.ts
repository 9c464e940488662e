import * as z from 'zod/mini'
import type { Card, Mapping, PlanningScreen, TimelineRow } from '../contracts/projects'
import type { MappingCandidates, MappingScreen, Person } from '../planning/mapping'
import type { RollUpRole } from '../planning/project-plan'
import { projectAnswer, refAnswer } from './catalog'
import { templateAnswer, templateItemAnswer } from './planning'

/** The answers of the projects calls: cards, tags, timelines, the roll-up (./accounts.ts says what these schemas are for). */

const isoDate = z.nullable(z.string())

export const cardAnswer = z.strictObject({
  _id: z.string(),
  projectId: z.string(),
  categoryId: z.string(),
  entityId: z.string(),
  typeId: z.string(),
  number: z.number(),
  names: z.array(z.strictObject({ _id: z.string(), name: z.string(), projectEntityId: z.string() })),
  projectName: z.string(),
  categoryName: z.string(),
  entityName: z.string(),
  typeName: z.string(),
}) satisfies z.ZodMiniType<Card>

/** DELETE /api/project-resource-instances: what went, the instances by name and how many tags with them. */
export const cardRemovalAnswer = z.strictObject({ message: z.string(), removedInstances: z.array(z.string()), removedTags: z.number() })

export const mappingAnswer = z.strictObject({
  projectEntityId: z.string(),
  clusterId: z.string(),
  roleId: z.string(),
  user: z.strictObject({ _id: z.string(), fullName: z.nullable(z.string()), email: z.string() }),
}) satisfies z.ZodMiniType<Mapping>

/** POST /api/project-entity-user-mappings/replace: the sentence, the slot's requirement and its tags now. */
export const mappingSavedAnswer = z.strictObject({ message: z.string(), requirement: z.number(), mappings: z.array(mappingAnswer) })

export const timelineRowAnswer = z.strictObject({
  clusterId: z.string(),
  clusterName: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  default: z.nullable(z.literal('created')),
}) satisfies z.ZodMiniType<TimelineRow>

/** A project's own Site dates for a cluster. */
export const siteOverrideAnswer = z.strictObject({ clusterId: z.string(), startDate: isoDate, endDate: isoDate, default: z.literal('created') })

export const rollUpAnswer = z.array(
  z.strictObject({
    roleId: z.string(),
    roleName: z.string(),
    requirement: z.number(),
    projects: z.array(
      z.strictObject({
        projectId: z.string(),
        projectName: z.string(),
        requirement: z.number(),
        earliestStart: isoDate,
        clusters: z.array(z.strictObject({ key: z.string(), label: z.string(), requirement: z.number(), startDate: isoDate, deployedBy: isoDate })),
      }),
    ),
  }) satisfies z.ZodMiniType<RollUpRole>,
)

/**
 * GET /api/projects/{id}/planning: Project Resource Planning's screen in one answer (the projects,
 * the templates, the project's saved cards, the next card's choices as asked with their lists).
 */
export const planningScreenAnswer = z.strictObject({
  projects: z.array(projectAnswer),
  templates: z.array(templateAnswer),
  saved: z.array(cardAnswer),
  selection: z.strictObject({ projectId: z.string(), categoryId: z.string(), entityId: z.string(), typeId: z.string() }),
  options: z.strictObject({ categories: z.array(refAnswer), entities: z.array(refAnswer), types: z.array(refAnswer) }),
}) satisfies z.ZodMiniType<PlanningScreen>

/** A user as the tagging screens show one, with their load over the row's dates where asked. */
const personAnswer = z.strictObject({
  _id: z.string(),
  label: z.string(),
  email: z.string(),
  load: z.optional(z.number()),
  clashes: z.optional(z.array(z.string())),
  otherRole: z.optional(z.string()),
}) satisfies z.ZodMiniType<Person>

const requirementAnswer = z.strictObject({ direct: z.number(), interchange: z.number(), total: z.number() })

/** GET /api/projects/{id}/mapping/candidates: the search's users for one row. */
export const mappingCandidatesAnswer = z.strictObject({ key: z.string(), candidates: z.array(personAnswer) }) satisfies z.ZodMiniType<MappingCandidates>

/** GET /api/projects/{id}/mapping: User Entity Mapping's screen whole (domain/planning/mapping.ts builds it). */
export const mappingScreenAnswer = z.strictObject({
  projects: z.array(refAnswer),
  project: refAnswer,
  plan: z.array(
    z.strictObject({
      _id: z.string(),
      title: z.string(),
      roles: z.array(
        z.strictObject({
          roleId: z.string(),
          roleName: z.string(),
          rows: z.array(z.strictObject({ clusterIds: z.array(z.string()), item: templateItemAnswer, remaining: z.number(), requirement: requirementAnswer })),
        }),
      ),
      instances: z.array(
        z.strictObject({
          projectEntityId: z.string(),
          name: z.string(),
          // By role, then row: who is tagged; null for an instance the one-at-a-time view keeps closed.
          tagged: z.nullable(z.array(z.array(z.array(personAnswer)))),
          counts: z.strictObject({ requirement: z.number(), tagged: z.number() }),
        }),
      ),
    }),
  ),
  view: z.discriminatedUnion('mode', [z.strictObject({ mode: z.literal('all') }), z.strictObject({ mode: z.literal('one'), open: z.string() })]),
  totals: z.strictObject({ totalRequirement: z.number(), totalTagged: z.number(), yetToBeRecruited: z.number() }),
  assign: z.nullable(
    z.strictObject({
      key: z.string(),
      requirement: requirementAnswer,
      context: z.strictObject({ cluster: z.string(), role: z.string(), instance: z.string() }),
      q: z.string(),
      choices: z.array(personAnswer),
      selected: z.array(z.string()),
    }),
  ),
}) satisfies z.ZodMiniType<MappingScreen>
