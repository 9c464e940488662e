import { userListQuerySchema } from '#domain/users'
import { listedUserAnswer, userListAnswer } from '#domain/answers/accounts'
import type { Deps } from '#api/deps'
import { notFound } from '#api/http/errors'
import { pathIds, type Api } from '#api/http/schemas'
import { findListedUser, listUsers } from '#api/users/list'
import { access } from '#api/http/access'

export async function usersRoutes(app: Api, deps: Deps) {
  app.get('/users', { ...access('view'), schema: { summary: 'User management: a page of the accounts, searched and filtered', querystring: userListQuerySchema, response: { 200: userListAnswer } } }, async (request) =>
    listUsers(deps.db, request.query),
  )

  app.get(
    '/users/:id',
    { ...access({ own: 'view', param: 'id' }), schema: { summary: 'One account as User management lists it', params: pathIds({ id: 'User not found' }), response: { 200: listedUserAnswer } } },
    async (request) => {
      const found = await findListedUser(deps.db, request.params.id)
      if (!found) throw notFound('User not found')
      return found
    },
  )
}
