/** Any zod schema, classic or mini: the one method the unit tests call through helpers. */
export interface Schema {
  safeParse(input: unknown): {
    success: boolean
    error?: { issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[] }
  }
}

/** The problems a schema finds in an input, in order, as field path ('' for the whole form) and message. */
export function problems(schema: Schema, input: unknown) {
  const result = schema.safeParse(input)
  if (result.success) return null
  return result.error!.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}

export const firstMessage = (schema: Schema, input: unknown) => problems(schema, input)?.[0].message ?? null
export const messagesOf = (schema: Schema, input: unknown) => problems(schema, input)?.map((p) => p.message) ?? []
export const firstCode = (schema: Schema, input: unknown) => schema.safeParse(input).error?.issues[0].code
