import Fastify from 'fastify'
import cookie from '@fastify/cookie'
import swagger from '@fastify/swagger'
import { createJsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Deps } from './deps'
import { installAccessControl } from './http/access'
import { frameworkErrors, HttpError, installErrorHandler } from './http/errors'
import { installCanonicalIds } from './http/params'
import { installSchemaTable, installUndeclaredStatusCheck, serializerCompiler, validatorCompiler } from './http/schemas'
import { loggingOptions, REQUEST_ID_HEADER, type ApiLogger } from './http/request-log'
import { auditRoutes } from './routes/audit'
import { authRoutes } from './routes/auth'
import { catalogRoutes } from './routes/catalog'
import { clustersRoutes } from './routes/clusters'
import { formRoutes } from './routes/form'
import { landingRoutes } from './routes/landing'
import { openApiRoutes } from './routes/openapi'
import { planningRoutes } from './routes/planning'
import { projectsRoutes } from './routes/projects'
import { rolesRoutes } from './routes/roles'
import { scheduleRoutes } from './routes/schedule'
import { templatesRoutes } from './routes/templates'
import { usersRoutes } from './routes/users'
import { helmetHeaders } from '../shared/helmet-headers'

/** helmet's headers for answers that are JSON only: no content of any kind, in no frame. */
const API_POLICY = { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }

/**
 * The API: JSON in and out, cookie sessions, every call of the spec at its exact path.
 * Without a logger (the tests) it writes nothing; with one, a line per request (./http/request-log).
 * Every answer is checked against its route's declared schema unless `checkAnswers` is false, as in
 * production (./http/schemas.ts).
 */
export async function buildApi(deps: Deps, options: { logger?: ApiLogger; checkAnswers?: boolean } = {}) {
  const app = Fastify({
    ...loggingOptions(options.logger),
    bodyLimit: 64 * 1024,
    // X-Forwarded-For is believed only from the web processes, so a browser cannot pick its address.
    trustProxy: deps.trustProxy,
    frameworkErrors,
  })
  installErrorHandler(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler(options.checkAnswers ?? true))
  if (options.checkAnswers ?? true) installUndeclaredStatusCheck(app)
  // Set first, so that every answer has them, a refusal too. A route may allow caching of its own
  // answer (the cluster descriptions) by setting cache-control again; nothing else is cached.
  const headers = { ...Object.fromEntries(helmetHeaders(API_POLICY)), 'cache-control': 'no-store' }
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers)
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  // Once closing, every answer closes its connection. Fastify answers requests that arrive after
  // close() so itself, but one already in flight would be answered keep-alive, and its idle
  // connection would then hold close() open until the shutdown deadline (api/main.ts).
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
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
  // Before the routes: it hears each one as it is added. The document is made from the routes' zod
  // schemas; a transform (a comma-joined list read as an array) is described by what it takes.
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Workforce Portal API', version: '1' } },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  })
  installCanonicalIds(app)
  installAccessControl(app, deps)
  installSchemaTable(app)
  for (const routes of [landingRoutes, authRoutes, rolesRoutes, formRoutes, usersRoutes, catalogRoutes, clustersRoutes, planningRoutes, templatesRoutes, projectsRoutes, scheduleRoutes, auditRoutes, openApiRoutes]) {
    await app.register(async (scope) => routes(scope.withTypeProvider<ZodTypeProvider>(), deps))
  }
  return app
}
