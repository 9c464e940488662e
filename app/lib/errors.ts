import { ERROR_CODES, type ErrorCode } from '#domain/contracts/errors'

/** A failed call, normalised as spec/access-session-profile-shell.md §8 says: status, message, waitTime, raw; and the API's code. */
export interface ApiError {
  status: number | null
  message: string
  waitTime?: number
  code?: ErrorCode
  /** The field a 400 names (`startDate`, `roleClusters.0.roleId`), taken off the front of its message. */
  field?: string
  raw: unknown
}

export const FALLBACK_MESSAGE = 'Something went wrong'

/**
 * The API names the field of a 400 first, once: `startDate: Enter a valid date (YYYY-MM-DD)`
 * (api/http/errors.ts). Field keys are camelCase paths (`names.0`, `a, b` for several); a sentence
 * starts with a capital letter, so it is never taken for one.
 */
const FIELD_KEY = /^([a-z][\w$]*(?:\.[\w$]+)*(?:, [a-z][\w$]*(?:\.[\w$]+)*)*): (?=\S)/

/**
 * A message as a person reads it, and the field it is about: a screen shows the sentence (beside
 * the field, or above the form), never the key it starts with ("endDate: End date cannot
 * be before start date" names a field no one on the screen knows).
 */
export function splitField(text: string): { message: string; field?: string } {
  const key = FIELD_KEY.exec(text)
  return key ? { message: text.slice(key[0].length), field: key[1] } : { message: text }
}

/** From the response's `error` field, else the network error's message, else the fallback. */
export function normalizeError(status: number | null, body: unknown, networkError?: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; waitTime?: unknown; code?: unknown }) : {}
  const { message, field } =
    typeof fields.error === 'string' && fields.error
      ? splitField(fields.error)
      : { message: (networkError instanceof Error && networkError.message) || FALLBACK_MESSAGE, field: undefined }
  const waitTime = typeof fields.waitTime === 'number' ? fields.waitTime : undefined
  const code = KNOWN_CODES.has(fields.code as ErrorCode) ? (fields.code as ErrorCode) : undefined
  return { status, message, ...(waitTime !== undefined && { waitTime }), ...(code && { code }), ...(field && { field }), raw: networkError ?? body }
}
const KNOWN_CODES = new Set<ErrorCode>(Object.values(ERROR_CODES))


/**
 * The API's own sentence when it answered with one, else the screen's `fallback`. A network
 * failure's text ("fetch failed") and the generic fallback are not for a person to read.
 */
export const messageOr = (error: ApiError, fallback: string) => (error.status !== null && error.message !== FALLBACK_MESSAGE ? error.message : fallback)

/**
 * A screen whose spec words every failed save alike ('Error saving data.') still shows a refusal
 * for a missing permission as the API words it, naming what needs which permission, so the person
 * knows what to ask for ("Removing instances needs the delete permission.").
 */
export const refusalOr = (error: ApiError, fallback: string) => (error.status === 403 && error.message !== FALLBACK_MESSAGE ? error.message : fallback)
