import type { Role, RoleHistory, RoleHistoryPage, RoleWithUsers } from '#domain/contracts/roles'
import * as z from 'zod/mini'
import { grantRefusal } from '#domain/access'
import { DEFAULT_ACCOUNT_ROLE } from '#domain/constants'
import { reservedRoleNameMessage, roleCreateSchema, ROLE_HISTORY_LIMIT, roleHistoryQuerySchema } from '#domain/roles'
import { roleLeadSchema } from '#domain/schedule/schemas'
import type { roles } from '#api/db/schema'
import { roleAnswer, roleHistoryPageAnswer, roleLeadAnswer, rolesWithUsersAnswer } from '#domain/answers/accounts'
import type { Deps } from '#api/deps'
import { pathIds, type Api } from '#api/http/schemas'
import { badRequest, conflict, forbidden, notFound } from '#api/http/errors'
import { signedIn } from '#api/context'
import { access } from '#api/http/access'
import { sameName } from '#api/names'
import { listRoles, roleHistoryPage, rolesAndHolders } from '#api/roles/read'
import { createRole, setLeadMonths } from '#api/roles/store'

export const presentRole = (role: typeof roles.$inferSelect): Role => ({
  _id: role.id,
  name: role.name,
  permissions: role.permissions,
})

export async function rolesRoutes(app: Api, deps: Deps) {
  // Public: the profile form offers these names to whoever fills it in, signed in or not.
  app.get('/roles', { ...access('public'), schema: { summary: 'Every role', response: { 200: z.strictObject({ roles: z.array(roleAnswer) }) } } }, async () => {
    const rows = await listRoles(deps.db)
    return { roles: rows.map(presentRole) }
  })

  app.post('/roles', { ...access('add'), schema: { summary: 'Creates a role', body: roleCreateSchema, response: { 201: roleAnswer } } }, async (request, reply) => {
    const ctx = signedIn(request.ctx)
    const { actor } = ctx
    const { name, permissions } = request.body
    // No one grants what they do not hold: a role is a grant waiting to be given.
    const refusal = grantRefusal(actor, { name, permissions })
    if (refusal) throw forbidden(refusal)
    // 'User' is no role's name, in whatever letters it is written.
    if (sameName(name, DEFAULT_ACCOUNT_ROLE)) throw badRequest(`name: ${reservedRoleNameMessage}`)
    const created = await createRole(ctx, { name, permissions })
    if (!created) throw conflict(`A role named "${name}" already exists`)
    return reply.status(201).send(presentRole(created))
  })

  /** A role's lead time (whole calendar months before a cluster starts). */
  const leadSchema = { summary: "Sets a role's lead time", params: pathIds({ id: 'Role not found' }), body: roleLeadSchema, response: { 200: roleLeadAnswer } }
  app.put('/roles/:id', { ...access('edit'), schema: leadSchema }, async (request) => {
    const updated = await setLeadMonths(signedIn(request.ctx), request.params.id, request.body.leadMonths)
    if (!updated) throw notFound('Role not found')
    return { _id: updated.id, name: updated.name, permissions: updated.permissions, leadMonths: updated.leadMonths }
  })

  /** Every role with the users who hold it: two queries, whatever the numbers. */
  app.get('/roles/with-users', { ...access('view'), schema: { summary: 'Every role with the people who hold it', response: { 200: rolesWithUsersAnswer } } }, async () => {
    const { roleRows, holders } = await rolesAndHolders(deps.db)
    return {
      roles: roleRows.map((role): RoleWithUsers => ({
        ...presentRole(role),
        users: holders
          .filter((row) => row.user.roleId === role.id)
          .map(({ user, professional }) => ({
            _id: user.id,
            fullName: user.fullName,
            email: user.email,
            status: user.status,
            permissions: user.permissions,
            designation: professional?.designation ?? null,
            workLocation: professional?.workLocation ?? null,
          })),
      })),
    }
  })

  /** Newest first, a page at a time (`limit`, `offset`; the first 1000 when not asked), with the count of every change. */
  const historySchema = { summary: 'Role History: the changes of roles, newest first, a page at a time', querystring: roleHistoryQuerySchema, response: { 200: roleHistoryPageAnswer } }
  app.get('/api/role-histories', { ...access('view'), schema: historySchema }, async (request): Promise<RoleHistoryPage> => {
    const { limit = ROLE_HISTORY_LIMIT, offset = 0 } = request.query
    const { rows, total } = await roleHistoryPage(deps.db, { limit, offset })
    return {
      histories: rows.map(({ history, fullName, email, editorEmail }): RoleHistory => ({
        _id: history.id,
        user: { _id: history.userId, fullName: fullName ?? email },
        initialRole: { name: history.initialRoleName },
        newRole: { name: history.newRoleName },
        updatedBy: { fullName: history.updatedByName, email: editorEmail },
        updatedAt: history.updatedAt.toISOString(),
      })),
      total,
    }
  })
}
