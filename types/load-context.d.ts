import 'react-router'

declare module 'react-router' {
  /** Set by server/web.ts for every request. */
  interface AppLoadContext {
    cspNonce: string
    /** The browser's address, forwarded to the API for its per-address throttles. */
    clientAddress: string
    backendUrl: string
    /** This request's id, sent to the API as x-request-id so one click can be followed through both logs. */
    requestId: string
  }
}
