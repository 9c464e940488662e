import type { SubmissionResult } from '@conform-to/dom'
import * as z from 'zod/mini'
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  entityCreateSchema,
  entityUpdateSchema,
  projectCreateSchema,
  projectUpdateSchema,
} from '#domain/planning/schemas'
import { intentOf, type IntentTable } from '#app/lib/intents'
import { parseWithSchema } from '#app/lib/validation'

/**
 * The set-up screen's forms (DESIGN §8): its three kinds with their words and schemas, which
 * button asked for what, and the notices after a change. Client-safe: the browser validates with
 * the same schemas (tests/unit/setup-form.test.ts).
 */

const record = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

/** A form's own fields (intent, kind, id) left out: the domain's payload schemas are strict. */
function formOf<Schema extends z.ZodMiniType>(schema: Schema, keys: readonly string[]) {
  const picked = z.transform((form: unknown): unknown => Object.fromEntries(keys.map((key) => [key, record(form)[key]])))
  return z.pipe(picked, schema as unknown as z.ZodMiniType<z.output<Schema>, unknown>)
}

/** The three things this screen sets up, their words and forms. */
export const KINDS = {
  category: {
    word: 'category',
    Word: 'Category',
    create: formOf(categoryCreateSchema, ['name']),
    update: formOf(categoryUpdateSchema, ['name']),
  },
  entity: {
    word: 'entity type',
    Word: 'Entity type',
    create: formOf(entityCreateSchema, ['name', 'categoryId']),
    update: formOf(entityUpdateSchema, ['name']),
  },
  project: {
    word: 'project',
    Word: 'Project',
    create: formOf(projectCreateSchema, ['name', 'globalCategory']),
    update: formOf(projectUpdateSchema, ['name', 'globalCategory']),
  },
} as const
export type Kind = keyof typeof KINDS
export const isKind = (value: unknown): value is Kind => typeof value === 'string' && Object.hasOwn(KINDS, value)

/** Each button's intent beside the permission it needs; its fields are read by the kind's create or update schema (KINDS). */
export const INTENTS = {
  create: { permission: ['add'] },
  rename: { permission: ['edit'] },
  delete: { permission: ['delete'] },
} as const satisfies IntentTable
export type Intent = keyof typeof INTENTS

/** Which of the kinds a post is about, and the item (empty for a new one). */
const targetSchema = z.object({ kind: z.enum(Object.keys(KINDS) as Kind[]), id: z.optional(z.string()) })

/** The button pressed, the kind and the item, or null for a post no button of the page makes. */
export function readIntent(form: FormData): { intent: Intent; kind: Kind; id: string } | null {
  const intent = intentOf(INTENTS, form)
  const target = parseWithSchema(form, { schema: targetSchema })
  if (!intent || target.status !== 'success') return null
  return { intent, kind: target.value.kind, id: target.value.id ?? '' }
}

export const NOTICES: Record<string, string> = Object.fromEntries(
  Object.values(KINDS).flatMap(({ word, Word }) => [
    [`${word.replace(' ', '-')}-created`, `${Word} created.`],
    [`${word.replace(' ', '-')}-saved`, `${Word} saved.`],
    [`${word.replace(' ', '-')}-deleted`, `${Word} deleted.`],
  ]),
)
export const noticeOf = (kind: Kind, done: 'created' | 'saved' | 'deleted') => `/setup?notice=${KINDS[kind].word.replace(' ', '-')}-${done}`

export const formIdOf = (intent: string, kind: Kind, id = '') => (intent === 'create' ? `new-${kind}` : `${kind}-${id}`)

/** The action's answer to one form: its conform result, or the delete dialog's error. */
export interface SetupAnswer {
  formId: string
  result: SubmissionResult<string[]> | null
  error: string | null
}

/** A project as the page lists it: its global category's id (for the select) and name. */
export interface SetupProject {
  _id: string
  name: string
  globalCategory: string
  globalCategoryName: string | null
}
