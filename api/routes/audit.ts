import type { FastifyInstance } from 'fastify'
import type { AuditPage } from '#domain/contracts/audit'
import { auditQuerySchema, personAuditQuerySchema } from '#domain/audit-query'
import { systemTimeZone } from '#domain/dates'
import type { Deps } from '#api/deps'
import { access } from '#api/http/access'
import { notFound, parse } from '#api/http/errors'
import { pathId } from '#api/http/params'
import { readAudit, readPersonAudit } from '#api/audit/read'

/** The audit log (issue 31): the whole of it for administrators, and what was changed about a person for them and the administrators. */
export async function auditRoutes(app: FastifyInstance, deps: Deps) {
  const timeZone = deps.timeZone ?? systemTimeZone()

  app.get('/api/audit', access('admin'), async (request): Promise<AuditPage> => readAudit(deps.db, parse(auditQuerySchema, request.query), timeZone))

  app.get<{ Params: { id: string } }>('/api/users/:id/audit', access({ own: 'admin', param: 'id' }), async (request): Promise<AuditPage> => {
    const id = pathId(request.params.id, 'User not found')
    const query = parse(personAuditQuerySchema, request.query)
    const changes = await readPersonAudit(deps.db, id, query)
    if (!changes) throw notFound('User not found')
    return changes
  })
}
