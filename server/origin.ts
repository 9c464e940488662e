import type { Request } from 'express'

/**
 * True when the request's Origin (or, lacking it, Referer) is this site: the configured
 * PUBLIC_URL, or the host the browser addressed (so http://127.0.0.1:3000 works as well as
 * http://localhost:3000). A browser cannot forge either header for another site's page.
 */
export function sameOrigin(req: Pick<Request, 'headers' | 'protocol'>, publicUrl: string) {
  const source = req.headers.origin ?? req.headers.referer
  if (!source || source === 'null') return false
  let origin: string
  try {
    origin = new URL(source).origin
  } catch {
    return false
  }
  const own = new Set([new URL(publicUrl).origin])
  if (req.headers.host) own.add(`${req.protocol}://${req.headers.host}`)
  return own.has(origin)
}
