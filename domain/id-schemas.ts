import * as z from 'zod/mini'
import { UUID_PATTERN } from './ids'

/**
 * The id fields every payload schema takes, apart from the planning schemas that use them most: a
 * worker's screen (the leave form) reads an id with them without building any planning schema.
 */

// Forms send '' for an empty field and JSON callers null: both mean "not given".
export const blankToNull = (value: unknown): unknown => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value)
// What GET answered ({_id, name}) may be sent back where an id is expected.
export const refToId = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) && '_id' in value ? (value as { _id: unknown })._id : value
export const idText = (invalid: string) => z.string({ error: invalid }).check(z.trim(), z.regex(UUID_PATTERN, invalid), z.toLowerCase())

/** A required id: missing or blank answers `missing`, anything but an id answers `invalid`. Lower-cased, so ids compare as text. */
export const requiredId = (missing: string, invalid: string) =>
  z.pipe(
    z.transform((value: unknown) => blankToNull(refToId(value))),
    z.string({ error: missing }).check(z.trim(), z.regex(UUID_PATTERN, invalid), z.toLowerCase()),
  )
/** An id that may be missing: null when it is. */
export const optionalId = (invalid: string) => z.pipe(z.transform((value: unknown) => blankToNull(refToId(value))), z.nullable(idText(invalid)))
