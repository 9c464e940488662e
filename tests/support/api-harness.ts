import type { Logger } from 'drizzle-orm'
import { buildApi } from '#api/app'
import { openDatabase, type Database } from '#api/db/client'
import type { ApiLogger } from '#api/http/request-log'
import type { Mail, Mailer } from '#api/mail/mailer'
import { scratchPostgres } from './scratch'

/**
 * A real API over real HTTP on a real database of its own: in-memory PGlite by default, a fresh
 * PostgreSQL database (created here, dropped after) when DATABASE_URL is set.
 */
export async function startApi(
  options: {
    publicUrl?: string
    trustProxy?: string
    signupsPerAddressPerHour?: number
    logger?: ApiLogger
    /** Told the SQL of every query the API runs (as the bench counts them): what a test reads to see what a request cost. */
    onQuery?: (query: string) => void
    /** Runs as each mail is sent, before it is kept: a test makes sending slow (as SMTP is) or fail. */
    sending?: (mail: Mail) => Promise<void>
    /** A real mailer (#api/mail/mailer) each mail is also given to, after it is kept: what a test of its log uses. */
    deliver?: Mailer
    /** The organisation's zone (TIME_ZONE); the machine's when not given. */
    timeZone?: string
    /** Told each request as it arrives (method and path): what a test counts to see how many calls a page made. */
    onRequest?: (method: string, url: string) => void
  } = {},
) {
  const { database, drop, url } = await freshDatabase(options.onQuery && { logQuery: options.onQuery })
  await database.migrate()
  const clock = { now: new Date('2026-01-05T09:00:00Z') }
  const mails: Mail[] = []
  const mailer: Mailer = {
    send: async (mail) => {
      await options.sending?.(mail)
      mails.push(mail)
      await options.deliver?.send(mail)
    },
  }
  const publicUrl = options.publicUrl ?? 'http://portal.test'
  const app = await buildApi(
    {
      db: database.db,
      mailer,
      now: () => clock.now,
      publicUrl,
      trustProxy: options.trustProxy ?? '127.0.0.1',
      // Generous unless a test is about it: the suites sign many people up.
      signupsPerAddressPerHour: options.signupsPerAddressPerHour ?? 10_000,
      timeZone: options.timeZone,
    },
    // None unless a test reads the log: the suites stay quiet.
    { logger: options.logger },
  )
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  if (options.onRequest) app.server.on('request', (request: { method?: string; url?: string }) => options.onRequest!(request.method ?? '', request.url ?? ''))
  return {
    url: address,
    db: database.db,
    kind: database.kind,
    /** The PostgreSQL database's address (a second process can open it); undefined on PGlite. */
    databaseUrl: url,
    /** Every route with its declared access rule: what the security suite walks. */
    routes: app.accessTable,
    /** Every route with the parts it declares a schema for: what tests/api/openapi.test.ts reads. */
    schemas: app.schemaTable,
    mails,
    publicUrl,
    /** Moves the API's clock: expiries and windows are tested without sleeping. */
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms)
    },
    /** A new caller; each has its own address unless one is given, as the web would forward it. */
    client: (forwardedFor = `198.51.100.${++callers % 250}`) => new Client(forwardedFor, address),
    async close() {
      await app.close()
      await database.close()
      await drop()
    },
  }
}
let callers = 0
export type Api = Awaited<ReturnType<typeof startApi>>

/** An empty database of a test's own, not migrated: in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set. */
export async function freshDatabase(logger?: Logger): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const base = process.env.DATABASE_URL
  if (!base) return { database: await openDatabase({ memory: true, logger }), drop: async () => {} }
  const scratch = await scratchPostgres(base, 'test')
  return { database: await openDatabase({ databaseUrl: scratch.url, logger }), drop: scratch.drop, url: scratch.url }
}

export interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Headers
}

/** A browser-like caller: keeps the cookies the API sets and sends them back. */
export class Client {
  readonly cookies = new Map<string, string>()
  constructor(
    /** The address the web reports for this caller (X-Forwarded-For). */
    readonly forwardedFor: string,
    readonly base: string,
  ) {}

  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...headers } }
    const h = init.headers as Record<string, string>
    h['x-forwarded-for'] = this.forwardedFor
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (body !== undefined) {
      h['content-type'] ??= 'application/json'
      // Bytes go as they are: a test may send what no JSON encoder writes (bytes that are not UTF-8).
      init.body = typeof body === 'string' ? body : body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : JSON.stringify(body)
    }
    const response = await fetch(this.base + path, init)
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...rest] = pair.split('=')
      const value = rest.join('=')
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()))
      if (expired || value === '') this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value)
    }
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Left as text: a test asserting JSON will say so.
    }
    return { status: response.status, body: parsed as T, headers: response.headers }
  }
  get = <T = Record<string, unknown>>(path: string) => this.request<T>('GET', path)
  post = <T = Record<string, unknown>>(path: string, body?: unknown) => this.request<T>('POST', path, body)
  put = <T = Record<string, unknown>>(path: string, body?: unknown) => this.request<T>('PUT', path, body)
  delete = <T = Record<string, unknown>>(path: string, body?: unknown) => this.request<T>('DELETE', path, body)
}

/** The code in the last verification mail sent to this address. */
export function lastCode(api: Api, email: string) {
  const mail = api.mails.findLast((m) => m.to === email.toLowerCase() && /verification code/.test(m.subject))
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no verification code was mailed to ${email}`)
  return code
}

export function lastResetToken(api: Api, email: string) {
  const mail = api.mails.findLast((m) => m.to === email.toLowerCase() && /Reset your/.test(m.subject))
  const token = mail?.text.match(/token=([\w%-]+)/)?.[1]
  if (!token) throw new Error(`no reset link was mailed to ${email}`)
  return decodeURIComponent(token)
}

let counter = 0
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`

/** Signs up and verifies an account; the client is left signed in. */
export async function signedUpUser(api: Api, client = api.client(), email = uniqueEmail(), password = 'Secret1!') {
  const signup = await client.post('/auth/signup', { email, password })
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`)
  const verify = await client.post<{ user: { _id: string } }>('/auth/verify-otp', { email, otp: lastCode(api, email) })
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`)
  return { client, email, password, id: verify.body.user._id }
}
