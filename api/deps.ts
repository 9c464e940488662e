import type { Db } from './db/client'
import type { Mailer } from './mail/mailer'

/** Everything the API's routes need from outside, passed in so tests can supply their own clock. */
export interface Deps {
  db: Db
  mailer: Mailer
  /** Injectable so tests move time instead of sleeping. */
  now: () => Date
  publicUrl: string
  /** Addresses whose X-Forwarded-For is believed: the web processes. */
  trustProxy: string | string[]
  /** Sign-ups, reset requests and new drafts per address and hour (default 30): an office behind one address may need more. */
  signupsPerAddressPerHour?: number
  /** The organisation's zone (TIME_ZONE), in which the audit log's days begin; the server's own when unset. */
  timeZone?: string
}
