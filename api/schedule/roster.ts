import { eq, sql } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { profiles, users } from '#api/db/schema'

/** A person as the Schedule's rows read one: who, their one role (DESIGN §4) and their work location (profile). */
export interface RosterPerson {
  _id: string
  fullName: string | null
  email: string
  roleId: string | null
  workLocation: string | null
}

/**
 * Everyone active, for the Schedule: its rows are people, whether tagged or not. Packed
 * into one JSON row for the reason `loadLeave` gives (api/schedule/load.ts): PGlite decodes every
 * row on the JavaScript thread. Read on every request: people change without the plans changing.
 * One query.
 */
export async function loadRoster(db: Executor): Promise<RosterPerson[]> {
  const [row] = await db
    .select({
      packed: sql<[string, string | null, string, string | null, string | null][] | null>`json_agg(json_build_array(${users.id}, ${users.fullName}, ${users.email}, ${users.roleId}, ${profiles.professional}->>'workLocation'))`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.status, 'Active'))
  return (row?.packed ?? []).map(([_id, fullName, email, roleId, workLocation]) => ({ _id, fullName, email, roleId, workLocation }))
}
