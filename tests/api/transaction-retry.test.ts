import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Tx } from '#api/db/client'
import { retryingRaces } from '#api/db/retry'
import { transaction } from '#api/context'
import { roles } from '#api/db/schema'
import { startApi, type Api } from '../support/api-harness'

/**
 * A transaction PostgreSQL gives up for a race (SQLSTATE 40P01 deadlock, 40001 serialization
 * failure) is run again, a bounded number of times, instead of reaching a person as a 500 (issue 28).
 */
let api: Api
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api?.close())

const raceError = (code: string) => Object.assign(new Error('could not serialize access'), { code })

/** A transaction opened the one way (transaction(ctx, …)), run again on a race as changeAccount's is. */
const retriedTransaction = <T>(work: (tx: Tx) => Promise<T>) => retryingRaces(() => transaction({ db: api.db }, ({ db }) => work(db)))

describe('retryingRaces around transaction(ctx, …)', () => {
  test('two transactions locking two rows in opposite orders both end committed (PostgreSQL breaks the deadlock, the loser runs again)', async () => {
    const [first, second] = await api.db.select().from(roles).limit(2)
    let attempts = 0
    const crossing = (one: string, other: string, leadMonths: number) =>
      retriedTransaction(async (tx) => {
        attempts++
        await tx.update(roles).set({ leadMonths }).where(eq(roles.id, one))
        await sleep(200)
        await tx.update(roles).set({ leadMonths }).where(eq(roles.id, other))
      })
    await Promise.all([crossing(first.id, second.id, 3), crossing(second.id, first.id, 4)])
    const after = await api.db.select({ leadMonths: roles.leadMonths }).from(roles).where(eq(roles.id, first.id))
    // One ran after the other: both rows hold the last one's value.
    const [other] = await api.db.select({ leadMonths: roles.leadMonths }).from(roles).where(eq(roles.id, second.id))
    expect(after[0].leadMonths).toBe(other.leadMonths)
    // The embedded database runs one transaction at a time: there is no deadlock to retry.
    expect(attempts).toBe(api.kind === 'postgres' ? 3 : 2)
  })

  test('a race is retried up to three attempts in all, then thrown; any other failure at once', async () => {
    for (const code of ['40001', '40P01']) {
      let attempts = 0
      const third = retriedTransaction(async () => {
        attempts++
        if (attempts < 3) throw raceError(code)
        return 'done'
      })
      await expect(third).resolves.toBe('done')
      expect(attempts).toBe(3)
      attempts = 0
      const always = retriedTransaction(async () => {
        attempts++
        throw raceError(code)
      })
      await expect(always).rejects.toThrow('could not serialize')
      expect(attempts).toBe(3)
    }
    let attempts = 0
    const other = retriedTransaction(async () => {
      attempts++
      throw raceError('23505')
    })
    await expect(other).rejects.toThrow()
    expect(attempts).toBe(1)
  })
})
