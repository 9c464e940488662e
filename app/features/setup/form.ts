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
import { intentUnion, readIntent, type IntentTable } from '#app/lib/intents'
import { recordOf, textField } from '#app/lib/validation'

/**
 * The set-up screen's forms (DESIGN §8): its three kinds with their words and schemas, which
 * button asked for what, and the notices after a change. Client-safe: the browser validates with
 * the same schemas (tests/unit/setup-form.test.ts).
 */


/** A form's own fields (intent, kind, id) left out: the domain's payload schemas are strict. */
function formOf<Schema extends z.ZodMiniType>(schema: Schema, keys: readonly string[]) {
  const picked = z.transform((form: unknown): unknown => Object.fromEntries(keys.map((key) => [key, recordOf(form)[key]])))
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

/** Which of the kinds a post is about, and the item (empty for a new one). */
const targetSchema = z.object({ kind: z.enum(Object.keys(KINDS) as Kind[]), id: z.pipe(z.optional(z.string()), z.transform((id) => id ?? '')) })

/**
 * Each button's intent beside the permission it needs and the fields it is read with: the kind
 * and the item; the name and the rest are the kind's own, read by its create or update schema
 * (KINDS) once the kind is known.
 */
export const INTENTS = {
  create: { permission: ['add'], schema: targetSchema },
  rename: { permission: ['edit'], schema: targetSchema },
  // The first press asks; the confirmation's press sends confirmed=yes.
  delete: { permission: ['delete'], schema: z.extend(targetSchema, { confirmed: z.pipe(textField, z.transform((value: string) => value === 'yes')) }) },
} as const satisfies IntentTable
export type Intent = keyof typeof INTENTS
/** The one union every post of the page is read through. */
const POSTED = intentUnion(INTENTS)

/** The button pressed, the kind and the item, or null for a post no button of the page makes (or of no kind). */
export function readSetupPost(form: FormData) {
  const posted = readIntent(POSTED, form)
  if (posted?.submission.status !== 'success') return null
  // Spread per member, so `confirmed` stays typed as delete's alone.
  return posted.intent === 'delete' ? { intent: posted.intent, ...posted.submission.value } : { intent: posted.intent, ...posted.submission.value }
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
