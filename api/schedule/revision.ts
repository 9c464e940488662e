import { eq } from 'drizzle-orm'
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
 * What a kept answer is computed from: the plans, leave, or both. Leave is counted apart (issue 28),
 * so a leave write leaves every answer over the plans alone kept.
 */
export type Watched = 'plans' | 'leave' | 'plans and leave'

const countersOf = (revisions: { plans: number; leave: number }, watched: Watched) =>
  watched === 'plans' ? [revisions.plans] : watched === 'leave' ? [revisions.leave] : [revisions.plans, revisions.leave]

/**
 * A computation over every plan (or everyone's leave), kept between requests while the revisions it
 * watches stay the same: each request pays one query to learn them, and the whole reading only
 * after a change. Nothing is kept that another process needs: each process keeps its own, checked
 * against the database on every call, so a change made through any process (or by hand in SQL) is
 * seen by the next request everywhere. The revisions are read before the data, so what is kept
 * under them is never older than they are.
 *
 * `key` tells apart computations that depend on more than the data (today's date, for one); only
 * the latest revisions' results are kept, per database.
 */
export function keptWhileUnchanged<T>(compute: (db: Executor, key: string) => Promise<T>, watched: Watched = 'plans') {
  const kept = new WeakMap<Executor, { revision: number[]; values: Map<string, Promise<T>> }>()
  return async (db: Executor, key = ''): Promise<T> => {
    const revision = countersOf(await readRevisions(db), watched)
    let entry = kept.get(db)
    // A request that read an older revision than one already kept (it raced a newer one) computes its own.
    if (entry && revision.some((count, at) => count < entry!.revision[at]!)) return compute(db, key)
    if (!entry || revision.some((count, at) => count !== entry!.revision[at])) kept.set(db, (entry = { revision, values: new Map() }))
    let value = entry.values.get(key)
    if (!value) {
      value = compute(db, key)
      entry.values.set(key, value)
      // A failed reading is not kept: the next request tries again.
      const values = entry.values
      value.catch(() => values.get(key) === value && values.delete(key))
    }
    return value
  }
}
