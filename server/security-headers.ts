import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import type { HelmetOptions } from 'helmet'
import { helmetHeaders } from '../shared/helmet-headers'

/** Stands for the request's nonce in the policy helmet writes once; never a real nonce (those are base64). */
const NONCE = '~nonce~'

/**
 * helmet's headers, worked out once at start-up and set on every answer with the request's own CSP
 * nonce (`res.locals.cspNonce`, which the page's scripts carry). They are the same for every answer
 * but the nonce, and helmet recomputing them per request (a dozen middlewares, the policy rebuilt
 * from its directives) took 0.4 ms of the 3 ms a sign-in page costs the web.
 *
 * `options(nonce)` are helmet's options for a policy allowing scripts by `'nonce-${nonce}'`.
 */
export function securityHeaders(options: (nonce: string) => HelmetOptions): RequestHandler {
  // Each header as the pieces around the nonce: one piece for all but the policy.
  const pieces = [...helmetHeaders(options(NONCE))].map(([name, value]) => [name, value.split(NONCE)] as const)
  if (!pieces.some(([, parts]) => parts.length > 1)) throw new Error('securityHeaders: the policy names no nonce')

  return (_req, res, next) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    for (const [name, parts] of pieces) res.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonce))
    next()
  }
}
