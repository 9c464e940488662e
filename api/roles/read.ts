import { asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '#api/db/client'
import { profiles, roleHistories, roles, users } from '#api/db/schema'

/** What the role screens read: the roles, their holders, the history of role changes. */

const byName = asc(sql`lower(${roles.name})`)

/** Every role, by name. */
export const listRoles = (db: Executor) => db.select().from(roles).orderBy(byName)

/** Every role and every account holding one, with its work fields: two queries, whatever the numbers. */
export async function rolesAndHolders(db: Executor) {
  const [roleRows, holders] = await Promise.all([
    listRoles(db),
    db
      .select({ user: users, professional: profiles.professional })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(isNotNull(users.roleId))
      .orderBy(asc(sql`lower(coalesce(${users.fullName}, ${users.email}))`)),
  ])
  return { roleRows, holders }
}

const editors = alias(users, 'editors')

/** A page of role changes, newest first, with the count of every change; each with its editor's email, when their account remains. */
export async function roleHistoryPage(db: Executor, { limit, offset }: { limit: number; offset: number }) {
  const rows = await db
    .select({ history: roleHistories, fullName: users.fullName, email: users.email, editorEmail: editors.email, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(roleHistories)
    .innerJoin(users, eq(users.id, roleHistories.userId))
    .leftJoin(editors, eq(editors.id, roleHistories.updatedById))
    .orderBy(desc(roleHistories.updatedAt), desc(roleHistories.id))
    .limit(limit)
    .offset(offset)
  // Past the last page no row carries the count: only then is it asked for on its own.
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ total: count() }).from(roleHistories).innerJoin(users, eq(users.id, roleHistories.userId)))[0]!.total : 0)
  return { rows, total }
}
