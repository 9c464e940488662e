import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { DestinationStream, Level } from 'pino'

/** What the API's logger is told: pino's level, and where the lines go (stdout unless a test captures them). */
export interface ApiLogger {
  level: Level | 'silent'
  stream?: DestinationStream
}

/** The header that carries a request's id, from the web (which logs the same id) and back on the answer. */
export const REQUEST_ID_HEADER = 'x-request-id'
/** An id a caller may choose: short, and nothing a log reader could mistake for structure. */
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/

/**
 * The caller's id when it is a sane one, so that one click can be followed from the web's log into
 * the API's; otherwise a new one. (Fastify's `requestIdHeader` would take any value unchecked.)
 */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID()
}

/** The path alone: a query string can hold a reset token. */
const pathOf = (url: string) => url.split('?', 1)[0]

/**
 * One JSON line per request, written when its answer has gone: method, path, status, time and id
 * (the `reqId` of the request's logger). Fastify's own two lines (incoming, completed) are off. Only
 * these fields are logged: never headers (cookies), bodies or passwords.
 */
class OneLinePerRequest extends LogController {
  constructor() {
    super({ disableRequestLogging: true })
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    logRequest(request, reply, error)
  }
}

export function logRequest(request: FastifyRequest, reply: FastifyReply, error?: Error | null) {
  const line = { method: request.method, url: pathOf(request.url), statusCode: reply.statusCode, responseTime: reply.elapsedTime }
  // An error here is the connection's (the client went away mid-answer), not the handler's: the error handler logs those.
  if (error) reply.log.warn({ ...line, err: error }, 'request ended with an error')
  else reply.log.info(line, 'request completed')
}

/** Fastify's options for the request id and the logger; no logger (tests) writes nothing. */
export function loggingOptions(logger: ApiLogger | undefined): FastifyServerOptions {
  return {
    // Off on purpose: a header taken as the id unchecked. genReqId reads and checks it instead.
    requestIdHeader: false,
    genReqId: requestId,
    logController: new OneLinePerRequest(),
    logger: logger
      ? {
          level: logger.level,
          ...(logger.stream && { stream: logger.stream }),
          // Whatever else logs a request or an answer (pino's defaults would include the query) gets these fields only.
          serializers: {
            req: (request: { method: string; url: string }) => ({ method: request.method, url: pathOf(request.url) }),
            res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
          },
        }
      : false,
  }
}
