import type { FastifyInstance } from 'fastify'
import type { Permission } from '#domain/constants'
import type { Deps } from '#api/deps'
import { requirePermission, requireUser } from '#api/auth/sessions'

/**
 * Who may call a route (DESIGN §4): anyone, anyone signed in (the handler then decides what of
 * theirs or others' they may touch), or whoever holds a permission (Admin holds all).
 */
export type Access = 'public' | 'signed-in' | Permission

declare module 'fastify' {
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

/**
 * Every route must declare its access, or the API refuses to start; the rule is then enforced
 * here, before the handler runs. The table of rules is what the security suite walks.
 */
export function installAccessControl(app: FastifyInstance, deps: Deps) {
  const table: RouteAccess[] = []
  app.decorate('accessTable', table)
  app.addHook('onRoute', (route) => {
    const rule = route.config?.access
    if (!rule) throw new Error(`${String(route.method)} ${route.url} declares no access rule`)
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access: rule })
  })
  app.addHook('preHandler', async (request) => {
    const { access: rule, signInMessage } = request.routeOptions.config
    if (!rule || rule === 'public') return
    if (rule === 'signed-in') await requireUser(deps, request, signInMessage)
    else await requirePermission(deps, request, rule)
  })
}
