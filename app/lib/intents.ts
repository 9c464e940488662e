import * as z from 'zod/mini'
import type { Permission } from '#domain/constants'

/**
 * A screen's buttons: each intent beside the permission it needs and the schema its fields are
 * read with. Declared once per screen, so a new button cannot be added without saying who may
 * press it. Client-safe: the screens' form modules declare their tables with it.
 */
export type IntentTable = Readonly<Record<string, { readonly permission: readonly Permission[]; readonly schema?: z.ZodMiniType }>>

/** The screen's one discriminated union on `intent`: a post no button of the page makes matches no member. */
export function intentUnion<Table extends IntentTable>(table: Table) {
  const members = Object.keys(table).map((intent) => z.looseObject({ intent: z.literal(intent) }))
  return z.discriminatedUnion('intent', members as [(typeof members)[number], ...(typeof members)[number][]])
}

/** The button pressed, or null for a post no button of the page makes (the screen decides what that answers). */
export function intentOf<Table extends IntentTable>(table: Table, form: FormData): (keyof Table & string) | null {
  const parsed = intentUnion(table).safeParse({ intent: form.get('intent') })
  return parsed.success ? (parsed.data.intent as keyof Table & string) : null
}

/** The permissions each intent needs, as a plain record (what the tests and the docs read). */
export const permissionsOf = <Table extends IntentTable>(table: Table) =>
  Object.fromEntries(Object.entries(table).map(([intent, { permission }]) => [intent, permission])) as { [Intent in keyof Table]: Table[Intent]['permission'] }
