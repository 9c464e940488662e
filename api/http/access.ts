import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isAdmin, ownerOr, seesPrivate } from '#domain/access'
import type { Permission } from '#domain/constants'
import type { Deps } from '#api/deps'
import { requirePermission, requireUser, type SessionUser } from '#api/auth/sessions'
import type { Context } from '#api/context'
import { forbidden } from './errors'

/**
 * Where a route finds whose thing it acts on: a path parameter (`/form/profile/:id`), a query or
 * body field naming a person (left out or blank: the caller themselves), or a look-up (the person
 * a leave row belongs to; null when there is no such row).
 */
export type Owner =
  | { param: string }
  | { query: string }
  | { body: string }
  | { owner: (request: FastifyRequest) => Promise<string | null | undefined> }

/**
 * Oneself, or whoever holds `own` (Admin holds all): `{ own: 'view', param: 'id' }`; `own: 'admin'`
 * is oneself or an administrator only (what is private to a person: the changes made to them).
 */
export type OwnAccess = { own: Permission | 'admin' } & Owner

/**
 * Who may call a route (DESIGN §4): anyone; anyone signed in (the route is about the caller alone);
 * an administrator; whoever holds a permission (Admin holds all); or oneself, or whoever holds a
 * permission.
 */
export type Access = 'public' | 'signed-in' | 'admin' | Permission | OwnAccess

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's database, signed-in actor and time, set once by the access hook (#api/context). */
    ctx: Context
  }
  interface FastifyInstance {
    /** Every route with its access rule, as registered. */
    accessTable: RouteAccess[]
  }
  interface FastifyContextConfig {
    access?: Access
    /** The 401 message for a signed-in route, where the screen shows it. */
    signInMessage?: string
  }
}

export interface RouteAccess {
  method: string
  url: string
  access: Access
}

/** Route options declaring access: `app.get('/users', access('view'), handler)`. */
export const access = (rule: Access, signInMessage?: string) => ({ config: { access: rule, ...(signInMessage && { signInMessage }) } })

export const isOwnAccess = (rule: Access): rule is OwnAccess => typeof rule === 'object' && 'own' in rule

/** A field naming a person: left out or blank, it means the caller (the handler's schema reads it so too). */
function namedIn(source: unknown, field: string, callerId: string) {
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return callerId
  // Anything but text (an object, a number) is nobody's own: the permission decides, then the schema.
  return typeof value === 'string' ? value : null
}

/** The id of the person whose thing the request is about, by the route's rule. */
async function ownerOf(rule: OwnAccess, request: FastifyRequest, callerId: string): Promise<string | null | undefined> {
  if ('param' in rule) return (request.params as Record<string, string | undefined>)[rule.param]
  if ('query' in rule) return namedIn(request.query, rule.query, callerId)
  if ('body' in rule) return namedIn(request.body, rule.body, callerId)
  return rule.owner(request)
}

/**
 * Every route must declare its access, or the API refuses to start; the rule is then enforced
 * here, before the route's schemas are checked (a caller who may not call a route learns nothing
 * of what it takes) and before the handler runs. The table of rules is what the security suite
 * walks. The same hook makes the request's context (#api/context): the actor it found, and the
 * request's one `now`.
 */
export function installAccessControl(app: FastifyInstance, deps: Deps) {
  const table: RouteAccess[] = []
  app.decorate('accessTable', table)
  app.addHook('onRoute', (route) => {
    const rule = route.config?.access
    if (!rule) throw new Error(`${String(route.method)} ${route.url} declares no access rule`)
    if (isOwnAccess(rule) && 'param' in rule && !route.url.includes(`:${rule.param}`)) {
      throw new Error(`${String(route.method)} ${route.url} names its owner by a parameter it does not have: ${rule.param}`)
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access: rule })
  })
  app.decorateRequest('ctx', null as unknown as Context)
  app.addHook('preValidation', async (request) => {
    const now = deps.now()
    request.ctx = { db: deps.db, actor: await allowedActor(deps, request, now), now }
  })
}

/** The signed-in actor the route's rule lets through (null for a public route), or a refusal. */
async function allowedActor(deps: Deps, request: FastifyRequest, now: Date): Promise<SessionUser | null> {
  const { access: rule, signInMessage } = request.routeOptions.config
  if (!rule || rule === 'public') return null
  if (rule === 'signed-in') return requireUser(deps, request, now, signInMessage)
  if (rule === 'admin') {
    const user = await requireUser(deps, request, now, signInMessage)
    if (!isAdmin(user)) throw forbidden()
    return user
  }
  if (isOwnAccess(rule)) {
    const user = await requireUser(deps, request, now, signInMessage)
    const owner = await ownerOf(rule, request, user.id)
    if (!(rule.own === 'admin' ? seesPrivate(user, owner) : ownerOr(user, owner, rule.own))) throw forbidden()
    return user
  }
  return requirePermission(deps, request, now, rule)
}
