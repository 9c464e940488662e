import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { type EntryContext, ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'

export const streamTimeout = 5_000

/**
 * The page rendered whole before it is sent, as the portal's own entry does (app/entry.server.tsx),
 * so the baseline renders the same way; then streamed as React Router's default entry streams it
 * (the portal hands its page over as one buffer: docs/decisions.md, the baseline stays what a React
 * Router page costs as React Router ships it). The default entry itself would need `isbot`, which the
 * portal does not use.
 */
export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const body = new PassThrough()
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        pipe(body)
      },
      onShellError: reject,
    })
    setTimeout(abort, streamTimeout + 1_000)
  })
}
