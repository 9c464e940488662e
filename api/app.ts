import Fastify from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import type { Deps } from './deps'
import { frameworkErrors, installErrorHandler } from './http/errors'
import { authRoutes } from './routes/auth'
import { formRoutes } from './routes/form'
import { landingRoutes } from './routes/landing'
import { rolesRoutes } from './routes/roles'
import { usersRoutes } from './routes/users'

/** The API: JSON in and out, cookie sessions, every call of the spec at its exact path. */
export async function buildApi(deps: Deps, options: { logger?: boolean } = {}) {
  const app = Fastify({
    // Warnings and errors only: a line per request is noise at this scale.
    logger: (options.logger ?? false) && { level: 'warn' },
    bodyLimit: 64 * 1024,
    // X-Forwarded-For is believed only from the web processes, so a browser cannot pick its address.
    trustProxy: deps.trustProxy,
    frameworkErrors,
  })
  installErrorHandler(app)
  await app.register(cookie)
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  for (const routes of [landingRoutes, authRoutes, rolesRoutes, formRoutes, usersRoutes]) {
    await app.register(async (scope) => routes(scope, deps))
  }
  return app
}
