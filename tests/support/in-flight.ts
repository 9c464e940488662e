/** Requests held in flight, and connection refusals: what the shutdown tests of both processes need. */
import net from 'node:net'

/**
 * A POST whose headers and first bytes go at once and the rest only on `finish()`: in flight until
 * then. A JSON body unless `payload` is a string (sent as a form). `closed` is everything the server
 * sent, once it has closed the connection.
 */
export function postInTwoParts(port: number, url: string, payload: unknown, headers: Record<string, string> = {}) {
  const form = typeof payload === 'string'
  const body = form ? payload : JSON.stringify(payload)
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json'
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  socket.on('error', () => {}) // a reset at the deadline is what one test expects; `closed` tells
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\n${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
  )
  return { closed, finish: () => socket.write(body.slice(5)) }
}

/** Whether a new connection to the port is refused (nothing listens there any more). */
export function refusesConnections(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}
