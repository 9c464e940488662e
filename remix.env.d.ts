/// <reference types="@remix-run/dev" />
import '@remix-run/node'

declare module '@remix-run/node' {
  /** Set by server/web.ts for every request. */
  interface AppLoadContext {
    cspNonce: string
    /** The browser's address, forwarded to the API for its per-address throttles. */
    clientAddress: string
    backendUrl: string
  }
}
