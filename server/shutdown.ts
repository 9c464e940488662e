import type { Server } from 'node:http'

/**
 * On SIGTERM or SIGINT: stop accepting connections, let the requests in flight finish, and exit.
 * Kept-alive connections are closed as soon as they are idle: at once, and again as each request in
 * flight is answered (its connection would otherwise wait, kept alive, for the deadline). Whatever
 * is still running at the deadline is cut off, so an orchestrator's stop never waits on one slow client.
 */
export function closeGracefully(server: Server, { deadlineMs, log }: { deadlineMs: number; log: (line: string) => void }) {
  let closing = false
  const close = (signal: string) => {
    if (closing) return
    closing = true
    log(`${signal}: closing, in-flight requests have ${deadlineMs} ms`)
    const deadline = setTimeout(() => {
      log('shutdown deadline reached: closing the connections still open')
      server.closeAllConnections()
    }, deadlineMs)
    deadline.unref()
    const idle = setInterval(() => server.closeIdleConnections(), 50)
    idle.unref()
    server.close(() => {
      clearTimeout(deadline)
      clearInterval(idle)
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => close(signal))
}
