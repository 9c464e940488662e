import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { $ZodIssue } from 'zod/v4/core'
import type { ErrorCode } from '#domain/contracts/errors'
import { Refusal, type RefusalKind } from '#api/refusals'
import { logRequest, REQUEST_ID_HEADER } from './request-log'

/** The status of each kind of refusal a store may answer (api/refusals.ts): chosen here, by the routes' side alone. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
}

/** A failure the client caused or may act on: answered as `{ error, waitTime?, code? }` (DESIGN §5). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly waitTime?: number,
    /** What a client branches on (domain/contracts/errors.ts), where one refusal leads elsewhere. */
    readonly code?: ErrorCode,
  ) {
    super(message)
  }
}

// The routes' names for the refusals they answer themselves; a store imports #api/refusals instead.
export { invalid as badRequest, unauthenticated as unauthorized, forbidden, notFound, conflict } from '#api/refusals'

/**
 * The sentence of a payload's first problem, answered with a 400 by the routes' validator
 * (./schemas.ts): `field: sentence`, the field named once. Schema messages are sentences without a
 * field (the web shows them beside the field, app/lib/errors.ts); one that starts with its field
 * anyway is not named twice ("from: from: …" read as a stutter).
 */
export function problemSentence(issue: $ZodIssue) {
  const field = issue.path.join('.')
  // zod/mini carries no messages of its own: an unknown key would answer "Invalid input" without naming it.
  if (issue.code === 'unrecognized_keys') return `${issue.keys.map((key) => (field ? `${field}.${key}` : key)).join(', ')}: Unknown field`
  if (!field) return issue.message
  return `${field}: ${issue.message.startsWith(`${field}: `) ? issue.message.slice(field.length + 2) : issue.message}`
}

/**
 * A request part its route's schema refused (./schemas.ts), carrying the refusal to answer. A
 * wrapper, because Fastify marks a validation error as its own (statusCode, code) in place: the
 * refusal inside is answered as it is.
 */
export class PartRefused extends Error {
  constructor(readonly refusal: HttpError | Refusal) {
    super(refusal.message)
  }
}

/** Every error leaves as JSON with a status; internals (stack, SQL) are logged, never sent. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | HttpError | Refusal | PartRefused, request, reply) => {
    const error = thrown instanceof PartRefused ? thrown.refusal : thrown
    if (error instanceof HttpError || error instanceof Refusal) {
      const status = error instanceof HttpError ? error.status : REFUSAL_STATUS[error.kind]
      return reply.status(status).send({
        error: error.message,
        ...(error.waitTime !== undefined && { waitTime: error.waitTime }),
        ...(error.code !== undefined && { code: error.code }),
      })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientMessage(error) })
    }
    request.log.error({ err: error }, 'request failed')
    return reply.status(500).send({ error: 'Something went wrong' })
  })
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'Not found' }))
}

/**
 * URLs refused before routing (bad percent-encoding, a path parameter over 100 characters) skip
 * the error handler and the hooks: answered here in the same JSON shape, with the same headers.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400
  // Fastify logs nothing of these itself: its request line is written for routed requests only.
  reply.raw.once('finish', () => logRequest(request, reply))
  void reply
    .status(status)
    .header(REQUEST_ID_HEADER, request.id)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none';frame-ancestors 'none'")
    .header('cache-control', 'no-store')
    .send({ error: status === 414 ? 'The address is too long' : 'The address is not valid' })
}

function clientMessage(error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty'
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      return error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message
    default:
      return error.message
  }
}
