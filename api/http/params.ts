import type { FastifyInstance } from 'fastify'
import { canonicalId, isUuid } from '#domain/ids'

/**
 * Ids are compared canonically, in one place (DESIGN §4): every id in a path reaches the access
 * rules and the handlers in lower case, as the database answers it, so `/form/profile/{OWN-ID}`
 * in capitals is one's own profile, not someone else's. Ids in queries and bodies are lower-cased
 * by their domain schemas (`requiredId`, `optionalId`, `queryId`). Anything but an id is left as
 * it is: the route's path schema answers it 404 (pathIds, ./schemas.ts).
 */
export function installCanonicalIds(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, unknown> | undefined
    if (!params) return
    for (const [name, value] of Object.entries(params)) if (isUuid(value)) params[name] = canonicalId(value)
  })
}
