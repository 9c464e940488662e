import { redirect } from 'react-router'
import type { User } from '#domain/contracts/users'
import { can, isAdmin, ownerOr } from '#domain/access'
import { SESSION_COOKIE, type Permission } from '#domain/constants'
import { api, type Caller } from './api/http.server'

export type SessionUser = User
export interface Landing {
  message: string
  user: SessionUser | null
}


/**
 * GET /landing: the session's user (or null) and the welcome message. The layout's loader and the
 * screen's share one call: both get the load context server/web.ts makes once per HTTP request. An
 * action's call is its own, so the loaders that follow a change see it.
 */
export function getLanding(caller: Caller): Promise<Landing> {
  if (caller.request.method !== 'GET') return fetchLanding(caller)
  let landing = landings.get(caller.context)
  if (!landing) {
    landing = fetchLanding(caller)
    landings.set(caller.context, landing)
  }
  return landing
}
const landings = new WeakMap<Caller['context'], Promise<Landing>>()

/** A call that fails (the API restarting, say) is tried once more before the visitor is taken as signed out. */
async function fetchLanding(caller: Caller): Promise<Landing> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const result = await api<Landing>(caller, '/landing')
    if (result.ok) return result.data
    if (result.error.status !== null && result.error.status < 500) break
  }
  return { message: '', user: null }
}

/**
 * Whether the request could come from someone signed in: only one that carries the API's session
 * cookie. A public screen asks before it spends a call to the API on a stranger.
 */
export const mayBeSignedIn = (request: Request) => (request.headers.get('cookie') ?? '').split(/;\s*/).some((pair) => pair.startsWith(`${SESSION_COOKIE}=`))

/** The signed-in user, or a redirect to /login that carries the requested location along. */
export async function requireUser(caller: Caller) {
  const landing = await getLanding(caller)
  if (landing.user) return { ...landing, user: landing.user }
  throw loginRedirect(caller.url)
}

/** To /login, carrying the requested location along so the sign-in comes back to it. */
export function loginRedirect(url: URL) {
  return redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

/** The screen's 403: its error boundary shows it inside the layout (a clear page, not a redirect loop). */
const forbidden = () => new Response('You do not have permission to open this page. Ask an administrator for access.', { status: 403 })

/** The signed-in user if they hold the permission; otherwise the screen's 403. */
export async function requirePermission(caller: Caller, permission: Permission) {
  const session = await requireUser(caller)
  assertCan(session.user, permission)
  return session
}

/** The signed-in user if they are an administrator (the audit log); otherwise the screen's 403. */
export async function requireAdmin(caller: Caller) {
  const session = await requireUser(caller)
  if (!isAdmin(session.user)) throw forbidden()
  return session
}

/**
 * An action's check per intent, on the user its loader call already has: the screen's 403 when
 * one of `permissions` is missing, with no second call to the API.
 */
export function assertCan(user: SessionUser, ...permissions: Permission[]) {
  if (permissions.some((permission) => !can(user, permission))) throw forbidden()
}

/** assertCan for what may be the user's own (a profile): theirs always, someone else's with each of `permissions`. */
export function assertOwnerOr(user: SessionUser, ownerId: string, ...permissions: Permission[]) {
  if (permissions.some((permission) => !ownerOr(user, ownerId, permission))) throw forbidden()
}
