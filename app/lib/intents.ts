import type { Submission } from '@conform-to/dom'
import * as z from 'zod/mini'
import type { Permission } from '#domain/constants'
import { firstOf, parseWithSchema, recordOf } from './validation'

/**
 * A screen's buttons: each intent beside the permission it needs and the schema its fields are
 * read with. Declared once per screen, so a new button cannot be added without saying who may
 * press it. Client-safe: the screens' form modules declare their tables with it.
 */
export type IntentTable = Readonly<Record<string, { readonly permission: readonly Permission[]; readonly schema: z.ZodMiniType }>>

/** A screen's one discriminated union on `intent`, each member the intent's fields, beside the table it is made of. */
export interface IntentUnion<Table extends IntentTable> {
  readonly table: Table
  readonly schema: z.ZodMiniType
}

/** A post read through its screen's union: the button pressed, and conform's submission of that button's fields. */
export type IntentPost<Table extends IntentTable> = {
  [Intent in keyof Table & string]: { intent: Intent; submission: Submission<z.output<Table[Intent]['schema']>, string[]> }
}[keyof Table & string]

/**
 * The screen's union, made once by its form module: a post no button of the page makes matches no member.
 * Marked free of side effects so a screen that imports its form module only for a constant does not
 * ship the union (and zod's) to the browser: the bundler may drop an unused call.
 */
/* @__NO_SIDE_EFFECTS__ */
export function intentUnion<Table extends IntentTable>(table: Table): IntentUnion<Table> {
  const members = Object.entries(table).map(([intent, { schema }]) => z.pipe(z.looseObject({ intent: z.literal(intent) }), schema as z.ZodMiniType<unknown, { intent: string }>))
  const union = z.discriminatedUnion('intent', members as [(typeof members)[number], ...(typeof members)[number][]])
  // An intent sent twice counts by its first, as FormData.get read it.
  const first = z.transform((form: unknown) => ({ ...recordOf(form), intent: firstOf(recordOf(form).intent) }))
  return { table, schema: z.pipe(first, union) }
}

/** The post read through the screen's union, or null for a post no button of the page makes (the screen decides what that answers). */
export function readIntent<Table extends IntentTable>({ schema }: IntentUnion<Table>, form: FormData): IntentPost<Table> | null {
  const submission = parseWithSchema(form, { schema })
  // The union refuses on `intent` exactly when no member's intent is the one sent; any other refusal is about the intent's fields.
  if ('error' in submission && submission.error?.intent) return null
  return { intent: firstOf(submission.payload.intent), submission } as IntentPost<Table>
}

/** The permissions each intent needs, as a plain record (what the tests and the docs read). */
export const permissionsOf = <Table extends IntentTable>(table: Table) =>
  Object.fromEntries(Object.entries(table).map(([intent, { permission }]) => [intent, permission])) as { [Intent in keyof Table]: Table[Intent]['permission'] }
