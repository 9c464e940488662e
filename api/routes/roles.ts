import { asc, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { roles } from '#api/db/schema'
import type { Deps } from '#api/deps'

export const presentRole = (role: typeof roles.$inferSelect) => ({
  _id: role.id,
  name: role.name,
  permissions: role.permissions,
})

export async function rolesRoutes(app: FastifyInstance, deps: Deps) {
  // Public: the profile form offers these names to whoever fills it in, signed in or not.
  app.get('/roles', async () => {
    const rows = await deps.db.select().from(roles).orderBy(asc(sql`lower(${roles.name})`))
    return { roles: rows.map(presentRole) }
  })
}
