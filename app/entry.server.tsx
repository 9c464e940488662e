import { Writable } from 'node:stream'
import { type EntryContext, type HandleDataRequestFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './lib/nonce'
import { StylesheetProvider } from './lib/stylesheet'
import { stylesheetText } from './lib/stylesheet.server'
import styles from './styles/app.css?url'
import { webRequest } from './lib/web-request'

/** How long React Router waits for deferred data before it rejects it; the render is given a second more before it is cut off. */
export const streamTimeout = 5_000

/**
 * What a browser or a proxy may keep of a page or of a screen's data: nothing. A signed-in page
 * holds someone's details (a profile, the audit log), and one kept would come back from the
 * browser's cache after sign-out; signed-out pages get the same rule, because each carries its
 * request's CSP nonce and a flash read once, and the rule is one no route can forget. A route that
 * means otherwise says so in its own `headers`.
 */
const NOT_KEPT = 'private, no-store'
const notKept = (headers: Headers) => {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', NOT_KEPT)
}

/** A screen's data fetched by a navigation with JavaScript (`.data`): the same as its page. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  notKept(response.headers)
  return response
}

/**
 * Every page is rendered whole before it is sent (onAllReady): the pages are small, and a
 * browser without JavaScript gets the complete document. Scripts carry the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(webRequest).cspNonce
  return new Promise((resolve, reject) => {
    let failed = false
    // Cleared once the page is whole: left to fire, it would keep every finished render in memory for six seconds.
    const cutOff = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheetText(styles) ?? ''}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const whole = new Writable({
            // No 'close' after the end: React would take it for a disconnect and abort the finished render.
            emitClose: false,
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              clearTimeout(cutOff)
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              notKept(responseHeaders)
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }))
              done()
            },
          })
          pipe(whole)
        },
        onShellError(error) {
          clearTimeout(cutOff)
          reject(error)
        },
        onError(error) {
          failed = true
          console.error(error)
        },
      },
    )
  })
}
