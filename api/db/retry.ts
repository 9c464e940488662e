import { setTimeout as sleep } from 'node:timers/promises'
import { pgErrorCode } from './errors'

/** What PostgreSQL answers a transaction it gave up on because of another one: a serialization failure, a deadlock. */
const RACES = new Set(['40001', '40P01'])
const ATTEMPTS = 3

/**
 * Runs `run`, which opens a transaction the one way (`transaction(ctx, …)` of #api/context), again
 * from its start when PostgreSQL gave that transaction up for a race with another one (SQLSTATE
 * 40001 or 40P01), up to three times in all, after a short random pause so the two do not meet
 * again. Nothing of a transaction given up was kept, so running it again is safe; its work must only
 * read and write through the transaction's context. Locks taken in one order make these races rare;
 * this keeps the rare one from reaching a person as a 500. Any other failure is thrown at once.
 */
export async function retryingRaces<T>(run: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= attempts || !RACES.has(pgErrorCode(error) ?? '')) throw error
      await sleep(5 + Math.random() * 20 * attempt)
    }
  }
}
