/** Any 8-4-4-4-12 hexadecimal id (what PostgreSQL's uuid type takes). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value is such an id: what is not names nothing, and is never sent to the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value)

/**
 * The one spelling of an id (DESIGN §4): lower case, as the database answers it. Ids arrive in
 * any case (a path, a query, a body); the API lower-cases them at the edge and every comparison
 * goes through sameId, so "AB12…" and "ab12…" are one person everywhere.
 */
export const canonicalId = (id: string) => id.trim().toLowerCase()

/** Whether two ids name the same thing, whatever their case; a missing id names nothing. */
export const sameId = (a: string | null | undefined, b: string | null | undefined) =>
  typeof a === 'string' && typeof b === 'string' && a.trim() !== '' && canonicalId(a) === canonicalId(b)
