import { eq } from 'drizzle-orm'
import { preparedOnce, type Executor } from '#api/db/client'
import { planRevision } from '#api/db/schema'

/** The read every kept answer asks first, on every request. */
const revisionQuery = preparedOnce((db: Executor) => db.select({ revision: planRevision.revision }).from(planRevision).where(eq(planRevision.id, 1)).prepare('plan_revision'))

/** The count of committed changes to what people over time reads (migration 0007's triggers raise it). One query. */
export async function readPlanRevision(db: Executor): Promise<number> {
  const [row] = await revisionQuery(db).execute()
  return row?.revision ?? 0
}

/**
 * A computation over every plan, kept between requests while the plan revision stays the same:
 * each request pays one query to learn the revision, and the whole reading only after a change.
 * Nothing is kept that another process needs: each process keeps its own, checked against the
 * database on every call, so a change made through any process (or by hand in SQL) is seen by
 * the next request everywhere. The revision is read before the data, so what is kept under a
 * revision is never older than it.
 *
 * `key` tells apart computations that depend on more than the data (today's date, for one); only
 * the latest revision's results are kept, per database.
 */
export function keptWhileUnchanged<T>(compute: (db: Executor, key: string) => Promise<T>) {
  const kept = new WeakMap<Executor, { revision: number; values: Map<string, Promise<T>> }>()
  return async (db: Executor, key = ''): Promise<T> => {
    const revision = await readPlanRevision(db)
    let entry = kept.get(db)
    // A request that read an older revision than one already kept (it raced a newer one) computes its own.
    if (entry && revision < entry.revision) return compute(db, key)
    if (entry?.revision !== revision) kept.set(db, (entry = { revision, values: new Map() }))
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
