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
    // Cleared once the page is whole: left to fire, it would keep every finished render in memory for six seconds.
    const cutOff = setTimeout(() => abort(), streamTimeout + 1_000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
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
              resolve(new Response(scriptsAfterPaint(Buffer.concat(chunks)), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }))
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

const PRELOAD = '<link rel="modulepreload" '
/**
 * The page's module preloads asked for at low priority: at the default (high) a phone on a slow
 * network fetches the 110 KB of scripts beside the stylesheet, and the first paint waits on both.
 * Every screen works before its scripts arrive (they only add comfort), so the document and its one
 * stylesheet go first. Remix renders these links itself, with no way to set their priority.
 */
function scriptsAfterPaint(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const first = page.indexOf(PRELOAD)
  if (first === -1) return page
  const scripts = page.subarray(first).toString('utf8').replaceAll(PRELOAD, `${PRELOAD}fetchpriority="low" `)
  return Buffer.concat([page.subarray(0, first), Buffer.from(scripts)])
}
