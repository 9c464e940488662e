import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'

/** Every screen's form is text: a megabyte is far more than the largest one (DESIGN §3). */
export const FORM_BODY_LIMIT = 1024 * 1024
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * Why a post to the web cannot be a form of ours, judged from its headers alone, before a byte of
 * its body is read: a body of unknown or too great a length, or one that is not a form. Null when
 * it may be one (its content is then read by the action, bounded by the limit).
 */
export function formPostRefusal(headers: IncomingHttpHeaders): { status: number; message: string } | null {
  const length = headers['content-length']
  if (headers['transfer-encoding'] || length === undefined) {
    return { status: 411, message: 'Length required: send the form from its page.' }
  }
  if (!/^\d+$/.test(length) || Number(length) > FORM_BODY_LIMIT) {
    return { status: 413, message: `This form is too large: the limit is ${FORM_BODY_LIMIT / 1024 / 1024} MB.` }
  }
  const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (!FORM_TYPES.has(type)) return { status: 415, message: 'Only forms sent from the pages of this site are accepted.' }
  return null
}

/** How long a refused body is still taken in and thrown away after the answer, for the client to read it. */
const LINGER_MS = 5000

/**
 * Answers a refused post without keeping its body. What still arrives is thrown away, so memory stays
 * flat; a body still coming after LINGER_MS is cut off by closing the connection, but not sooner.
 * Closing a socket that holds unread bytes resets it, and a client still sending may lose the answer
 * with the reset (one run in three did, with four 50 MB posts at once; a 2 MB post did once on a
 * machine too busy to send it within 2 s): the delay, nginx's lingering_timeout of 5 s, lets it read
 * the answer first.
 */
export function refuseUnread(req: IncomingMessage, res: ServerResponse, refusal: { status: number; message: string }) {
  const socket = req.socket
  const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref()
  // A body read to its end leaves the connection clean: it stays open for the client's next request.
  req.on('end', () => clearTimeout(timer))
  req.resume()
  res.writeHead(refusal.status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(refusal.message)
}
