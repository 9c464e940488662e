/** A failed call, normalised as the access document §8 says: status, message, waitTime, raw. */
export interface ApiError {
  status: number | null
  message: string
  waitTime?: number
  raw: unknown
}

export const FALLBACK_MESSAGE = 'Something went wrong'

/** From the response's `error` field, else the network error's message, else the fallback. */
export function normalizeError(status: number | null, body: unknown, networkError?: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as { error?: unknown; waitTime?: unknown }) : {}
  const message =
    (typeof fields.error === 'string' && fields.error) ||
    (networkError instanceof Error && networkError.message) ||
    FALLBACK_MESSAGE
  const waitTime = typeof fields.waitTime === 'number' ? fields.waitTime : undefined
  return { status, message, ...(waitTime !== undefined && { waitTime }), raw: networkError ?? body }
}

export const mentions = (error: ApiError, words: string) => error.message.toLowerCase().includes(words)
