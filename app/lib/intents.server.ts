import { intentOf, type IntentTable } from './intents'
import { assertCan, type SessionUser } from './session.server'

/** The button pressed, or the 400 every screen answers a post no button of the page makes. */
export function requireIntent<Table extends IntentTable>(table: Table, form: FormData): keyof Table & string {
  const intent = intentOf(table, form)
  if (!intent) throw new Response('Unknown action', { status: 400 })
  return intent
}

/**
 * The intent → permission check, written one way for every screen: the screen's 403 page when a
 * permission beside the intent is missing, as opening the screen without it would.
 */
export function assertIntent<Table extends IntentTable>(user: SessionUser, table: Table, intent: keyof Table & string) {
  assertCan(user, ...table[intent].permission)
}
