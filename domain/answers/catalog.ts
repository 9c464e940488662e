import * as z from 'zod/mini'
import type { Ref } from '../contracts/common'
import type { Cluster, DescribedCluster, Entity, Project } from '../contracts/catalog'

/** The answers of the set-up calls (./accounts.ts says what these schemas are for). */

export const refAnswer = z.strictObject({ _id: z.string(), name: z.string() }) satisfies z.ZodMiniType<Ref>

export const entityAnswer = z.strictObject({ ...refAnswer.def.shape, categoryId: z.string() }) satisfies z.ZodMiniType<Entity>

export const projectAnswer = z.strictObject({ ...refAnswer.def.shape, globalCategory: z.nullable(refAnswer) }) satisfies z.ZodMiniType<Project>

export const clusterAnswer = z.strictObject({
  ...refAnswer.def.shape,
  description: z.nullable(z.string()),
  category: z.string(),
  entityType: z.string(),
  startDate: z.nullable(z.string()),
  endDate: z.nullable(z.string()),
}) satisfies z.ZodMiniType<Cluster>

export const describedClusterAnswer = z.strictObject({ _id: z.string(), name: z.string(), description: z.nullable(z.string()) }) satisfies z.ZodMiniType<DescribedCluster>
