import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import type { Level } from 'pino'

/** The path alone: a query string can hold a reset token. */
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0]

/**
 * One JSON line per request, with pino as the API's Fastify logs, in the same shape: `reqId`,
 * method, path, status and time. The id is made here, never taken from the browser, and the web
 * sends it to the API as x-request-id (app/lib/api/http.server.ts), so one click can be followed
 * through both logs. Nothing else of the request is written: no headers (cookies), no body.
 */
export function requestLog(level: Level | 'silent') {
  const line = (req: IncomingMessage, res: ServerResponse, responseTime: number) => ({
    method: req.method,
    url: pathOf(req.originalUrl ?? req.url),
    statusCode: res.statusCode,
    responseTime,
  })
  return pinoHttp({
    level,
    genReqId: () => randomUUID(),
    // The request's logger, and the line written when it is answered, carry only its id (`reqId`), never
    // the whole request (pino-http's default would write every header, cookies included).
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request ended with an error',
    customSuccessObject: (req, res, value: { responseTime: number }) => line(req, res, value.responseTime),
    customErrorObject: (req, res, err, value: { responseTime: number }) => ({ ...line(req, res, value.responseTime), err }),
  })
}

declare module 'node:http' {
  interface IncomingMessage {
    /** Express's, where the path was rewritten by a mounted router; the address as the client sent it. */
    originalUrl?: string
  }
}
