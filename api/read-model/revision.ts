import { eq, sql } from 'drizzle-orm'
import { preparedOnce, type Executor } from '#api/db/client'
import { planRevision } from '#api/db/schema'

/** The read every kept answer asks first, on every request: the counters in one row. */
const revisionQuery = preparedOnce((db: Executor) =>
  db
    .select({ plans: planRevision.revision, leave: planRevision.leaveRevision, people: planRevision.peopleRevision })
    .from(planRevision)
    .where(eq(planRevision.id, 1))
    .prepare('read_model_revisions'),
)

/**
 * The counts of committed changes to what people over time reads: `plans` (the plans' tables and
 * roles), `leave` and `people` (who the Schedule lists), raised by the triggers of ./changes.sql.
 * One query.
 */
export async function readRevisions(db: Executor): Promise<Revisions> {
  const [row] = await revisionQuery(db).execute()
  return { plans: row?.plans ?? 0, leave: row?.leave ?? 0, people: row?.people ?? 0 }
}
export interface Revisions {
  plans: number
  leave: number
  people: number
}

/** The plans' count alone. One query. */
export const readPlanRevision = async (db: Executor) => (await readRevisions(db)).plans

/**
 * The projects whose plans changed after revision `since` (noted by ./changes.sql): `every` when a change
 * touched them all (a TRUNCATE). A project changed again since is named too: reading it again is
 * always right. `tagsOnly`: those of them whose tags alone changed since (noted apart), whose
 * cards, items and dates may be kept. One query.
 */
export async function readProjectsChanged(db: Executor, since: number): Promise<{ every: boolean; projectIds: string[]; tagsOnly: string[] }> {
  const [row] = await db
    .select({
      every: sql<boolean>`${planRevision.everyProjectRevision} > ${since}`,
      projectIds: sql<string[]>`coalesce((select array_agg(moved.key) from jsonb_each(${planRevision.projectRevisions}) as moved where (moved.value)::bigint > ${since}), '{}')`,
      tagsOnly: sql<
        string[]
      >`coalesce((select array_agg(moved.key) from jsonb_each(${planRevision.projectRevisions}) as moved where (moved.value)::bigint > ${since} and coalesce((${planRevision.projectPlanRevisions}->>moved.key)::bigint, 0) <= ${since}), '{}')`,
    })
    .from(planRevision)
    .where(eq(planRevision.id, 1))
  return { every: row?.every ?? true, projectIds: row?.projectIds ?? [], tagsOnly: row?.tagsOnly ?? [] }
}
