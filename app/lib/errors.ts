import { ERROR_CODES, type ErrorCode } from '#domain/contracts/errors'

/** A failed call, normalised as the access document §8 says: status, message, waitTime, raw; and the API's code. */
export interface ApiError {
  status: number | null
  message: string
  waitTime?: number
  code?: ErrorCode
  raw: unknown
}

export const FALLBACK_MESSAGE = 'Something went wrong'

/** From the response's `error` field, else the network error's message, else the fallback. */
export function normalizeError(status: number | null, body: unknown, networkError?: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; waitTime?: unknown; code?: unknown }) : {}
  const message =
    (typeof fields.error === 'string' && fields.error) ||
    (networkError instanceof Error && networkError.message) ||
    FALLBACK_MESSAGE
  const waitTime = typeof fields.waitTime === 'number' ? fields.waitTime : undefined
  const code = KNOWN_CODES.has(fields.code as ErrorCode) ? (fields.code as ErrorCode) : undefined
  return { status, message, ...(waitTime !== undefined && { waitTime }), ...(code && { code }), raw: networkError ?? body }
}
const KNOWN_CODES = new Set<ErrorCode>(Object.values(ERROR_CODES))


/**
 * The API's own sentence when it answered with one, else the screen's `fallback`. A network
 * failure's text ("fetch failed") and the generic fallback are not for a person to read.
 */
export const messageOr = (error: ApiError, fallback: string) => (error.status !== null && error.message !== FALLBACK_MESSAGE ? error.message : fallback)
