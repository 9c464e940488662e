import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { profiles, users } from '#api/db/schema'
import type { ListedUser } from '#domain/contracts/users'
import { DEFAULT_ACCOUNT_ROLE, USER_LIST_LIMIT } from '#domain/constants'
import type { UserListQuery } from '#domain/users'
import { presentUser } from './present'

const professional = (key: string) => sql<string | null>`${profiles.professional}->>${key}`
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/** The user as the administration screens list it: the account plus the profile's work fields. */
function presentListed(row: { user: typeof users.$inferSelect; professional: (typeof profiles.$inferSelect)['professional'] | null }): ListedUser {
  const work = row.professional
  return {
    ...presentUser(row.user),
    profile: {
      permissions: row.user.permissions,
      professional: {
        employId: work?.employId ?? null,
        // The person's one role (DESIGN §4), not a copy kept in the profile.
        role: row.user.role === DEFAULT_ACCOUNT_ROLE ? null : row.user.role,
        workLocation: work?.workLocation ?? null,
        designation: work?.designation ?? null,
      },
    },
  }
}

/**
 * One bounded query, whatever the number of users: search and role filter run in the database, and
 * the count of every match rides along (a window over the same rows), so a page knows the total.
 */
export async function listUsers(db: Executor, { q, role, ids, status, limit = USER_LIST_LIMIT, offset = 0 }: UserListQuery) {
  const where: SQL[] = []
  if (q) {
    const pattern = `%${escapeLike(q)}%`
    where.push(
      or(
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
        ilike(users.role, pattern),
        ilike(professional('employId'), pattern),
        ilike(professional('designation'), pattern),
        ilike(professional('workLocation'), pattern),
      )!,
    )
  }
  if (role) where.push(sql`lower(${users.role}) = lower(${role})`)
  if (ids) where.push(inArray(users.id, ids))
  if (status) where.push(eq(users.status, status))
  const rows = await db
    .select({ user: users, professional: profiles.professional, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...where))
    .orderBy(desc(users.createdAt), users.email)
    .limit(limit)
    .offset(offset)
  // Past the last page no row carries the count: only then is it asked for on its own.
  const total = rows[0]?.total ?? (offset > 0 ? await countUsers(db, where) : 0)
  return { users: rows.map(presentListed), total }
}

async function countUsers(db: Executor, where: SQL[]) {
  const [row] = await db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(and(...where))
  return row.total
}

export async function findListedUser(db: Executor, id: string) {
  const [row] = await db
    .select({ user: users, professional: profiles.professional })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id))
  return row ? presentListed(row) : null
}
