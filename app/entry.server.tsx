import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceProvider } from './lib/nonce'

/** How long Remix waits for deferred data before it rejects it; the render is given a second more before it is cut off. */
export const streamTimeout = 5_000

/**
 * Every page is rendered whole before it is sent (onAllReady): the pages are small, and a
 * browser without JavaScript gets the complete document. Scripts carry the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  return new Promise((resolve, reject) => {
    let failed = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = []
          const whole = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk)
              done()
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }))
              done()
            },
          })
          pipe(whole)
        },
        onShellError: reject,
        onError(error) {
          failed = true
          console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}
