import type { Role, RoleHistory, RoleHistoryPage, RoleWithUsers } from '#domain/contracts/roles'
import { asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { grantRefusal } from '#domain/access'
import { DEFAULT_ACCOUNT_ROLE } from '#domain/constants'
import { reservedRoleNameMessage, roleCreateSchema, ROLE_HISTORY_LIMIT, roleHistoryQuerySchema } from '#domain/roles'
import { profiles, roleHistories, roles, users } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, forbidden, HttpError, parse } from '#api/http/errors'
import { requireUser } from '#api/auth/sessions'
import { access } from '#api/http/access'
import { nameIsFree, sameName } from '#api/names'

export const presentRole = (role: typeof roles.$inferSelect): Role => ({
  _id: role.id,
  name: role.name,
  permissions: role.permissions,
})

const byName = asc(sql`lower(${roles.name})`)

export async function rolesRoutes(app: FastifyInstance, deps: Deps) {
  // Public: the profile form offers these names to whoever fills it in, signed in or not.
  app.get('/roles', access('public'), async () => {
    const rows = await deps.db.select().from(roles).orderBy(byName)
    return { roles: rows.map(presentRole) }
  })

  app.post('/roles', access('add'), async (request, reply) => {
    const actor = await requireUser(deps, request)
    const { name, permissions } = parse(roleCreateSchema, request.body)
    // No one grants what they do not hold: a role is a grant waiting to be given.
    const refusal = grantRefusal(actor, { name, permissions })
    if (refusal) throw forbidden(refusal)
    // 'User' is no role's name, in whatever letters it is written.
    if (sameName(name, DEFAULT_ACCOUNT_ROLE)) throw badRequest(`name: ${reservedRoleNameMessage}`)
    const taken = () => new HttpError(409, `A role named "${name}" already exists`)
    const [created] = await deps.db.transaction(async (tx) => {
      if (!(await nameIsFree(tx, 'role', name, () => tx.select({ id: roles.id, name: roles.name }).from(roles)))) throw taken()
      return tx
        .insert(roles)
        .values({ name, permissions: [...new Set(permissions)], createdAt: deps.now() })
        .onConflictDoNothing()
        .returning()
    })
    if (!created) throw taken()
    return reply.status(201).send(presentRole(created))
  })

  /** Every role with the users who hold it: two queries, whatever the numbers. */
  app.get('/roles/with-users', access('view'), async () => {
    const [roleRows, holders] = await Promise.all([
      deps.db.select().from(roles).orderBy(byName),
      deps.db
        .select({ user: users, professional: profiles.professional })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(isNotNull(users.roleId))
        .orderBy(asc(sql`lower(coalesce(${users.fullName}, ${users.email}))`)),
    ])
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
  app.get('/api/role-histories', access('view'), async (request): Promise<RoleHistoryPage> => {
    const { limit = ROLE_HISTORY_LIMIT, offset = 0 } = parse(roleHistoryQuerySchema, request.query)
    const rows = await deps.db
      .select({ history: roleHistories, fullName: users.fullName, email: users.email, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(roleHistories)
      .innerJoin(users, eq(users.id, roleHistories.userId))
      .orderBy(desc(roleHistories.updatedAt), desc(roleHistories.id))
      .limit(limit)
      .offset(offset)
    // Past the last page no row carries the count: only then is it asked for on its own.
    const total = rows[0]?.total ?? (offset > 0 ? (await deps.db.select({ total: count() }).from(roleHistories).innerJoin(users, eq(users.id, roleHistories.userId)))[0]!.total : 0)
    return {
      histories: rows.map(({ history, fullName, email }): RoleHistory => ({
        _id: history.id,
        user: { _id: history.userId, fullName: fullName ?? email },
        initialRole: { name: history.initialRoleName },
        newRole: { name: history.newRoleName },
        updatedBy: { fullName: history.updatedByName },
        updatedAt: history.updatedAt.toISOString(),
      })),
      total,
    }
  })
}
