import { readIntent, type IntentPost, type IntentTable, type IntentUnion } from './intents'
import { assertCan, type SessionUser } from './session.server'

/** The post read through the screen's union, or the 400 every screen answers a post no button of the page makes. */
export function requireIntent<Table extends IntentTable>(union: IntentUnion<Table>, form: FormData): IntentPost<Table> {
  const posted = readIntent(union, form)
  if (!posted) throw new Response('Unknown action', { status: 400 })
  return posted
}

/**
 * The intent → permission check, written one way for every screen: the screen's 403 page when a
 * permission beside the intent is missing, as opening the screen without it would.
 */
export function assertIntent<Table extends IntentTable>(user: SessionUser, table: Table, intent: keyof Table & string) {
  assertCan(user, ...table[intent].permission)
}
