import { createContext, RouterContextProvider, type RouterContext } from 'react-router'

/** What the web server knows of each request and hands to loaders, actions and the render. */
export interface WebRequest {
  cspNonce: string
  /** The browser's address, forwarded to the API for its per-address throttles. */
  clientAddress: string
  backendUrl: string
  /** This request's id, sent to the API as x-request-id so one click can be followed through both logs. */
  requestId: string
}

// One key for every copy of this module: server/web.ts is bundled apart from React Router's server
// build (scripts/build-server.mjs), so each holds its own copy, and a context is found by identity.
const KEY = Symbol.for('workforce-portal.web-request')
const holder = globalThis as { [KEY]?: RouterContext<WebRequest> }
export const webRequest: RouterContext<WebRequest> = (holder[KEY] ??= createContext<WebRequest>())

/** The router context of one request (server/web.ts's getLoadContext). */
export function webRequestContext(values: WebRequest): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(webRequest, values)
  return context
}
