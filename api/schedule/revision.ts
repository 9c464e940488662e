import { eq, sql } from 'drizzle-orm'
import { preparedOnce, type Executor } from '#api/db/client'
import { planRevision } from '#api/db/schema'

/** The read every kept answer asks first, on every request: both counters in one row. */
const revisionQuery = preparedOnce((db: Executor) =>
  db.select({ plans: planRevision.revision, leave: planRevision.leaveRevision }).from(planRevision).where(eq(planRevision.id, 1)).prepare('revisions'),
)

/**
 * The counts of committed changes to what people over time reads: `plans` (the plans' tables and
 * roles, migration 0007's triggers) and `leave` (migration 0008's). One query.
 */
export async function readRevisions(db: Executor): Promise<{ plans: number; leave: number }> {
  const [row] = await revisionQuery(db).execute()
  return { plans: row?.plans ?? 0, leave: row?.leave ?? 0 }
}

/** The plans' count alone. One query. */
export const readPlanRevision = async (db: Executor) => (await readRevisions(db)).plans

/**
 * The projects whose plans changed after revision `since` (migration 0009): `every` when a change
 * touched them all (a TRUNCATE). A project changed again since is named too: reading it again is
 * always right. One query.
 */
export async function readProjectsChanged(db: Executor, since: number): Promise<{ every: boolean; projectIds: string[] }> {
  const [row] = await db
    .select({
      every: sql<boolean>`${planRevision.everyProjectRevision} > ${since}`,
      projectIds: sql<string[]>`coalesce((select array_agg(moved.key) from jsonb_each(${planRevision.projectRevisions}) as moved where (moved.value)::bigint > ${since}), '{}')`,
    })
    .from(planRevision)
    .where(eq(planRevision.id, 1))
  return { every: row?.every ?? true, projectIds: row?.projectIds ?? [] }
}

/**
 * What a kept answer is computed from: the plans, leave, or both. Leave is counted apart (issue 28),
 * so a leave write leaves every answer over the plans alone kept.
 */
export type Watched = 'plans' | 'leave' | 'plans and leave'

const countersOf = (revisions: { plans: number; leave: number }, watched: Watched) =>
  watched === 'plans' ? [revisions.plans] : watched === 'leave' ? [revisions.leave] : [revisions.plans, revisions.leave]

/** What a kept computation had computed at the revisions before: the latest it finished, for reading only what moved since. */
export interface Before<T> {
  revision: number[]
  value: T
}

/**
 * A computation over every plan (or everyone's leave), kept between requests while the revisions it
 * watches stay the same: each request pays one query to learn them, and the whole reading only
 * after a change. Nothing is kept that another process needs: each process keeps its own, checked
 * against the database on every call, so a change made through any process (or by hand in SQL) is
 * seen by the next request everywhere. The revisions are read before the data, so what is kept
 * under them is never older than they are.
 *
 * After a change, `compute` is handed what it computed last (`before`, with the revisions it was
 * computed at), so it can read and compute only what moved since (issue 29); it is left out when
 * there is none, or when this request read older revisions than those kept.
 *
 * `key` tells apart computations that depend on more than the data (today's date, for one); only
 * the latest revisions' results are kept, per database.
 */
export function keptWhileUnchanged<T>(compute: (db: Executor, key: string, before?: Before<T>) => Promise<T>, watched: Watched = 'plans') {
  const kept = new WeakMap<Executor, { revision: number[]; values: Map<string, Promise<T>> }>()
  // The latest finished computation alone (one key's), so nothing older is held on to.
  const finished = new WeakMap<Executor, Before<T> & { key: string }>()
  return async (db: Executor, key = ''): Promise<T> => {
    const revision = countersOf(await readRevisions(db), watched)
    let entry = kept.get(db)
    // A request that read an older revision than one already kept (it raced a newer one) computes its own.
    if (entry && revision.some((count, at) => count < entry!.revision[at]!)) return compute(db, key)
    if (!entry || revision.some((count, at) => count !== entry!.revision[at])) kept.set(db, (entry = { revision, values: new Map() }))
    let value = entry.values.get(key)
    if (!value) {
      const last = finished.get(db)
      value = compute(db, key, last && last.key === key && last.revision.every((count, at) => count <= revision[at]!) ? last : undefined)
      entry.values.set(key, value)
      // A failed reading is not kept: the next request tries again.
      const values = entry.values
      value.then(
        (done) => {
          const other = finished.get(db)
          if (!other || other.revision.every((count, at) => count <= revision[at]!)) finished.set(db, { key, revision, value: done })
        },
        () => values.get(key) === value && values.delete(key),
      )
    }
    return value
  }
}
