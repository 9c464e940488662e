/** Any 8-4-4-4-12 hexadecimal id (what PostgreSQL's uuid type takes). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value is such an id: what is not names nothing, and is never sent to the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value)
