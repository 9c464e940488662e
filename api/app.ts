import Fastify from 'fastify'
import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import type { Deps } from './deps'
import { installAccessControl } from './http/access'
import { frameworkErrors, HttpError, installErrorHandler } from './http/errors'
import { authRoutes } from './routes/auth'
import { catalogRoutes } from './routes/catalog'
import { clustersRoutes } from './routes/clusters'
import { formRoutes } from './routes/form'
import { landingRoutes } from './routes/landing'
import { planningRoutes } from './routes/planning'
import { projectsRoutes } from './routes/projects'
import { rolesRoutes } from './routes/roles'
import { scheduleRoutes } from './routes/schedule'
import { templatesRoutes } from './routes/templates'
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
  // JSON only (DESIGN §1): a text/plain body is what a page of another site can send without asking
  // (a "simple" request), so nothing that changes state accepts it, not even an empty one.
  app.removeContentTypeParser('text/plain')
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return
    const type = request.headers['content-type']
    if (type !== undefined && type.split(';')[0].trim().toLowerCase() !== 'application/json') {
      throw new HttpError(415, 'Send the request body as application/json')
    }
  })
  await app.register(cookie)
  await app.register(helmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  })
  app.addHook('onSend', async (_request, reply) => {
    // A route may allow caching of its own answer (the cluster descriptions); nothing else is cached.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
  })
  installAccessControl(app, deps)
  for (const routes of [landingRoutes, authRoutes, rolesRoutes, formRoutes, usersRoutes, catalogRoutes, clustersRoutes, planningRoutes, templatesRoutes, projectsRoutes, scheduleRoutes]) {
    await app.register(async (scope) => routes(scope, deps))
  }
  return app
}
