import * as z from 'zod/mini'
import type { Planning, Template } from '../contracts/planning'
import { refAnswer } from './catalog'

/** The answers of the planning calls (./accounts.ts says what these schemas are for). */

/** A role's clusters in order: each one cluster's id, or a group of ids planned together. */
const clusterList = z.array(z.union([z.string(), z.array(z.string())]))

export const planningAnswer = z.strictObject({
  _id: z.string(),
  categoryId: refAnswer,
  entityId: refAnswer,
  typeName: z.string(),
  createdAt: z.string(),
  roleClusters: z.array(z.strictObject({ roleId: refAnswer, clusters: clusterList })),
}) satisfies z.ZodMiniType<Planning>

export const templateItemAnswer = z.strictObject({
  _id: z.optional(z.nullable(z.string())),
  clusterId: z.array(refAnswer),
  plannedPeople: z.number(),
  isInterchange: z.boolean(),
  interchanges: z.array(z.strictObject({ interchangePeople: z.number(), interchangeFrom: z.strictObject({ entityId: refAnswer, clusterId: refAnswer }) })),
})

export const templateAnswer = z.strictObject({
  _id: z.string(),
  categoryId: refAnswer,
  entityId: refAnswer,
  planningId: z.strictObject({ _id: z.string(), typeName: z.string() }),
  roleClusters: z.array(z.strictObject({ roleId: refAnswer, clusters: z.array(templateItemAnswer) })),
  createdAt: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
}) satisfies z.ZodMiniType<Template>
