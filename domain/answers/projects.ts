import * as z from 'zod/mini'
import type { Card, Mapping, TimelineRow } from '../contracts/projects'
import type { RollUpRole } from '../planning/project-plan'

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
