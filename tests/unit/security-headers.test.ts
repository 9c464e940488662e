import type { Response } from 'express'
import helmet from 'helmet'
import { describe, expect, test } from 'vitest'
import { securityHeaders } from '../../server/security-headers'

/** The web's security headers, worked out once: what helmet itself answers, with a fresh nonce per answer. */

const options = (nonce: string) => ({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", `'nonce-${nonce}'`] } } })

/** The headers a middleware sets on one answer, and what it left in res.locals. */
function answer(middleware: (req: never, res: Response, next: () => void) => void, locals: Record<string, unknown> = {}) {
  const headers: Record<string, string> = {}
  const res = { locals, setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)), removeHeader: (name: string) => void delete headers[name.toLowerCase()] }
  let called = false
  middleware({} as never, res as unknown as Response, () => (called = true))
  return { headers, locals, called }
}

describe('securityHeaders', () => {
  test("every header helmet sets, the policy's nonce the one the answer's scripts get, fresh each time", () => {
    const handler = securityHeaders(options)
    const first = answer(handler)
    const second = answer(handler)
    expect(first.called).toBe(true)
    const nonce = first.locals.cspNonce as string
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(second.locals.cspNonce).not.toBe(nonce)
    // helmet's own answer for the same nonce: the same headers, the same values.
    expect(first.headers).toEqual(answer(helmet(options(nonce)), { cspNonce: nonce }).headers)
    expect(first.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${nonce}'`)
    expect(second.headers['content-security-policy']).toContain(`'nonce-${second.locals.cspNonce}'`)
  })

  test('a policy without the nonce is refused at start-up, not served', () => {
    expect(() => securityHeaders(() => ({}))).toThrow(/names no nonce/)
  })
})
