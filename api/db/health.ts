import { sql } from 'drizzle-orm'
import type { Executor } from './client'

/** Resolves while the database answers a query; rejects when it does not (GET /healthz). */
export const databaseAnswers = async (db: Executor) => {
  await db.execute(sql`select 1`)
}
