/** The SQLSTATE of a database error, whichever driver raised it and however Drizzle wrapped it. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'
/** What PostgreSQL 16+ (and PGlite) raise for an `on delete restrict` key: one more way a foreign key refuses. */
const RESTRICT_VIOLATION = '23001'

/** Runs `work`; a database error of one of the given codes becomes the matching client error. */
export async function translating<T>(work: () => Promise<T>, errors: Partial<Record<string, () => Error>>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const code = pgErrorCode(error)
    const make = errors[code === RESTRICT_VIOLATION ? FOREIGN_KEY_VIOLATION : (code ?? '')]
    throw make ? make() : error
  }
}
