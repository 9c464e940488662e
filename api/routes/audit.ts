import { auditQuerySchema, personAuditQuerySchema } from '#domain/audit-query'
import { auditPageAnswer } from '#domain/answers/audit'
import { systemTimeZone } from '#domain/dates'
import type { Deps } from '#api/deps'
import { access } from '#api/http/access'
import { notFound } from '#api/http/errors'
import { pathIds, type Api } from '#api/http/schemas'
import { readAudit, readPersonAudit } from '#api/audit/read'

/** The audit log: the whole of it for administrators, and what was changed about a person for them and the administrators. */
export async function auditRoutes(app: Api, deps: Deps) {
  const timeZone = deps.timeZone ?? systemTimeZone()

  app.get('/api/audit', { ...access('admin'), schema: { summary: 'The audit log, filtered, a page at a time', querystring: auditQuerySchema, response: { 200: auditPageAnswer } } }, async (request) =>
    readAudit(deps.db, request.query, timeZone),
  )

  app.get(
    '/api/users/:id/audit',
    {
      ...access({ own: 'admin', param: 'id' }),
      schema: { summary: 'What was changed about a person, a page at a time', params: pathIds({ id: 'User not found' }), querystring: personAuditQuerySchema, response: { 200: auditPageAnswer } },
    },
    async (request) => {
      const changes = await readPersonAudit(deps.db, request.params.id, request.query)
      if (!changes) throw notFound('User not found')
      return changes
    },
  )
}
