import type { FastifyInstance } from 'fastify'
import { userListQuerySchema } from '#domain/users'
import type { Deps } from '#api/deps'
import { notFound, parse } from '#api/http/errors'
import { isUuid } from '#domain/ids'
import { findListedUser, listUsers } from '#api/users/list'
import { access } from '#api/http/access'

export async function usersRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/users', access('view'), async (request) => {
    const query = parse(userListQuerySchema, request.query)
    return listUsers(deps.db, query)
  })

  app.get<{ Params: { id: string } }>('/users/:id', access({ own: 'view', param: 'id' }), async (request) => {
    const { id } = request.params
    const found = isUuid(id) ? await findListedUser(deps.db, id) : null
    if (!found) throw notFound('User not found')
    return found
  })
}
