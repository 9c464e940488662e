import type { SubmissionResult } from '@conform-to/dom'
import * as z from 'zod/mini'
import type { Ref } from '#domain/contracts/common'
import { isUuid } from '#domain/ids'
import { clusterCreateSchema, planningCreateSchema } from '#domain/planning/schemas'
import { intentUnion, type IntentTable } from '#app/lib/intents'
import { hrefOf } from '#app/lib/search'
import { recordOf, textField } from '#app/lib/validation'

/**
 * The Planning screen's forms and address (spec/administration-planning.md §4, §5): its schemas, which button asked for what, the
 * notices after a change. Client-safe: the browser validates with the same schemas
 * (tests/unit/planning-form.test.ts).
 */

export const TYPE_SAVED = 'Type saved successfully!'
export const TYPE_SAVE_FAILED = 'Failed to save type. Please try again.'
export const CLUSTER_ADDED = 'Cluster added successfully!'
export const CLUSTER_ADD_FAILED = 'Failed to add cluster'
/** Group Clusters' confirmation: the spec gives none, and every save gets one (docs/decisions.md). */
export const CLUSTERS_GROUPED = 'Clusters grouped'
/** spec/administration-planning.md §9: the Add Cluster dialog shows its success this long before it closes itself. */
export const SUCCESS_DELAY_MS = 800
export const NOTICES: Record<string, string> = { 'type-saved': TYPE_SAVED, 'cluster-added': CLUSTER_ADDED }

export interface Selection {
  categoryId?: string | null
  entityId?: string | null
}

/** This page's address with the category and entity choices kept, and these parameters added. */
export function planningHref({ categoryId, entityId }: Selection, extra: Record<string, string> = {}) {
  return hrefOf('/planning', { categoryId, entityId, ...extra })
}

/** The choices of an address, as they were asked for (checked against the lists later). */
export const selectionOf = (params: URLSearchParams): Selection => ({ categoryId: params.get('categoryId'), entityId: params.get('entityId') })

/** The table's filter for a selection: only ids count, so a mangled address asks for everything rather than a 400. */
export function planningFilter({ categoryId, entityId }: Selection) {
  return { categoryId: isUuid(categoryId) ? categoryId : undefined, entityId: isUuid(entityId) ? entityId : undefined }
}

// A form sends one checkbox as a string and several as a list.
export const asList = (value: unknown): unknown[] => (value == null || value === '' ? [] : Array.isArray(value) ? value : [value])

/**
 * The Create New Planning Type form: one checkbox list per role, named `role.<roleId>`, becomes
 * the API's roleClusters; the domain schema then trims the name and asks for one cluster at least.
 */
export const createTypeFormSchema = z.pipe(
  z.transform((form: unknown) => {
    const { categoryId, entityId, typeName, role } = recordOf(form)
    const roleClusters = Object.entries(recordOf(role)).map(([roleId, clusters]) => ({ roleId, clusters: asList(clusters) }))
    return { categoryId, entityId, typeName, roleClusters } as z.input<typeof planningCreateSchema>
  }),
  planningCreateSchema,
)

/** After a refusal without JavaScript, the boxes ticked per role (conform's initialValue of the post). */
export function tickedOf(initialValue: Record<string, unknown> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(recordOf(initialValue?.role)).map(([roleId, clusters]) => [roleId, asList(clusters).map(String)]))
}

/** The Add Cluster form: exactly the POST /api/clusters payload (the form's own fields left out). */
export const addClusterFormSchema = z.pipe(
  z.transform((form: unknown) => {
    const { category, entityType, name, description } = recordOf(form)
    return { category, entityType, name, description } as z.input<typeof clusterCreateSchema>
  }),
  clusterCreateSchema,
)

/**
 * Group Clusters' post: the planning, the role and the clusters ticked (ids only; anything else in
 * the list is dropped), and at least two of them to make a group.
 */
export const groupFormSchema = z.pipe(
  z.transform((form: unknown) => {
    const { planningId, roleId, clusters } = recordOf(form)
    return { planningId, roleId, selected: asList(clusters).map(String).filter(isUuid) }
  }),
  z.object({ planningId: z.string().check(z.refine(isUuid)), roleId: z.string().check(z.refine(isUuid)), selected: z.array(z.string()).check(z.minLength(2)) }),
)

/** Add Cluster's post: its payload, and whether the dialog shows the success itself (with JavaScript) or the page does. */
const addClusterPostSchema = z.intersection(addClusterFormSchema, z.object({ inPage: z.pipe(textField, z.transform((value: string) => value === '1')) }))

/** Each button's intent, beside the permission it needs and the schema its fields are read with. */
export const INTENTS = {
  'create-type': { permission: ['add'], schema: createTypeFormSchema },
  'add-cluster': { permission: ['add'], schema: addClusterPostSchema },
  group: { permission: ['edit'], schema: groupFormSchema },
} as const satisfies IntentTable
export type Intent = keyof typeof INTENTS
/** The one union every post of the page is read through. */
export const POSTED = intentUnion(INTENTS)

/** The action's answer to a dialog's form; `added` is the Add Cluster dialog's own success (with JavaScript). */
export type PlanningAnswer =
  | { intent: 'create-type'; result: SubmissionResult<string[]> }
  | { intent: 'add-cluster'; result: SubmissionResult<string[]>; added: string | null }

/** A row group of Saved Planning Types: a type and, per role, its clusters' labels. */
export interface PlanningRow {
  _id: string
  category: string
  entity: string
  typeName: string
  created: string | null
  roles: { _id: string; name: string; clusters: string[] }[]
}

/** The Group Clusters dialog of one role: the clusters still single, and the groups' labels. */
export interface GroupState {
  planningId: string
  roleId: string
  roleName: string
  singles: Ref[]
  groups: string[]
}
