import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '#api/db/client'
import { and, eq } from 'drizzle-orm'
import { auditEntries, leave, roles, users } from '#api/db/schema'
import { loadPlans } from '#api/schedule/load'
import { addDays, intersection, type Range } from '#domain/schedule/calendar'
import { hireQueue } from '#domain/schedule/capacity'
import { scratchDir } from '../support/scratch'
import { runSource } from '../support/sources'

/**
 * `npm run seed` (issue 29 §4): a demo that tells a live story. Its plan's dates are days from the
 * day it runs, so a fresh install has clusters from months ago to a year ahead, hires late and due,
 * conflicts still to come, leave ahead and a hand-over; run again, it adds nothing.
 */
const scratch = scratchDir('seed')
const ADMIN = { email: 'admin@seed.test', password: 'Seed@Admin1' }
/** Given a password, the seed sets the administrator's again; without one, it leaves them as they are. */
const seed = (password?: string) => runSource('scripts/seed.ts', { env: { DATA_DIR: scratch.path, SEED_ADMIN_EMAIL: ADMIN.email, ...(password ? { SEED_ADMIN_PASSWORD: password } : {}) } })
let today = ''

/** Every row of every table, as sorted JSON per table. */
async function everyRow() {
  const database = await openDatabase({ dataDir: scratch.path })
  try {
    const rows = async (statement: string) => ((await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] }).rows
    const tables = await rows("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1")
    const all: Record<string, string[]> = {}
    for (const { name } of tables) all[name as string] = (await rows(`select * from ${name as string}`)).map((row) => JSON.stringify(row)).sort()
    return all
  } finally {
    await database.close()
  }
}

/** The seeded plan as people over time reads it, with the role lead times and the leave. */
async function seededPlan() {
  const database = await openDatabase({ dataDir: scratch.path })
  try {
    const plans = await loadPlans(database.db, null)
    const leadMonths = new Map((await database.db.select().from(roles)).map((role) => [role.id, role.leadMonths]))
    const leaveRows = await database.db.select().from(leave)
    return { ...plans, leadMonthsOf: (roleId: string) => leadMonths.get(roleId) ?? 1, leave: leaveRows }
  } finally {
    await database.close()
  }
}

beforeAll(async () => {
  // The day the seed ran: read around it, so a test run across midnight still compares like with like.
  today = new Date().toISOString().slice(0, 10)
  const seeded = await seed(ADMIN.password)
  if (seeded.code !== 0) throw new Error(`npm run seed failed:\n${seeded.output}`)
}, 300_000)
afterAll(scratch.remove)

describe('the seeded plan lies around the day it runs', () => {
  test('its dated clusters run from months ago to about a year ahead, with some under way today', async () => {
    const plan = await seededPlan()
    const dated = plan.slots.flatMap((slot) => (slot.dates ? [slot.dates] : []))
    const starts = dated.map((range) => range.start).sort()
    const ends = dated.map((range) => range.end).sort()
    expect(starts[0] < addDays(today, -90)).toBe(true)
    expect(starts[0] > addDays(today, -366)).toBe(true)
    expect(ends.at(-1)! > addDays(today, 300)).toBe(true)
    expect(ends.at(-1)! <= addDays(today, 366)).toBe(true)
    expect(dated.some((range) => range.start <= today && today <= range.end)).toBe(true)
    // Undated requirement too, for "people need dates".
    expect(plan.slots.some((slot) => slot.dates === null)).toBe(true)
  })

  test('some hires are overdue and one is due within 30 days', async () => {
    const plan = await seededPlan()
    const queue = hireQueue(plan.slots, plan.leadMonthsOf, today)
    expect(queue.filter((line) => line.daysLeft < 0).length).toBeGreaterThanOrEqual(3)
    expect(queue.some((line) => line.daysLeft >= 0 && line.daysLeft <= 30)).toBe(true)
  })

  test('two people are double-booked from a day still ahead, one hands over from one project to another, and leave lies ahead', async () => {
    const plan = await seededPlan()
    const dated = plan.assignments.filter((row): row is typeof row & { dates: Range } => row.dates !== null)
    const pairs = dated.flatMap((one) => dated.filter((other) => other !== one && other.personId === one.personId && one.id < other.id).map((other) => ({ one, other, shared: intersection(one.dates, other.dates) })))
    const upcoming = new Set(pairs.filter(({ shared }) => shared && shared.start > today && shared.start < shared.end).map(({ one }) => one.personId))
    expect(upcoming.size).toBeGreaterThanOrEqual(2)
    const handOvers = pairs.filter(({ one, other }) => one.projectId !== other.projectId && (one.dates.end === other.dates.start || other.dates.end === one.dates.start))
    expect(handOvers.length).toBeGreaterThanOrEqual(1)
    expect(handOvers.some(({ one, other }) => (one.dates.end === other.dates.start ? one.dates.end : other.dates.end) > today)).toBe(true)
    const ahead = plan.leave.filter((period) => period.startDate > today)
    expect(ahead.length).toBeGreaterThanOrEqual(3)
    // Some of it during an assignment: a conflict with leave to come.
    expect(ahead.some((period) => dated.some((row) => row.personId === period.userId && intersection(row.dates, { start: period.startDate, end: period.endDate })))).toBe(true)
  })

  test('every account it made is on record as made by the system, once (issue 31: one way to create a user)', async () => {
    const database = await openDatabase({ dataDir: scratch.path })
    try {
      const accounts = await database.db.select({ id: users.id }).from(users)
      const made = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityType, 'user'), eq(auditEntries.action, 'created')))
      expect(made.map((entry) => entry.entityId).sort()).toEqual(accounts.map((account) => account.id).sort())
      expect(made.every((entry) => entry.actorId === null && entry.actorName === 'system')).toBe(true)
    } finally {
      await database.close()
    }
  })

  test('run again, it adds nothing and changes nothing', async () => {
    const before = await everyRow()
    const again = await seed()
    expect(again.code, again.output).toBe(0)
    expect(again.output).toContain(`Administrator ${ADMIN.email} already exists; its password is unchanged.`)
    expect(again.output).toContain('Planning data: all already there; nothing added.')
    expect(again.output).toContain('People over time: all already there; nothing added.')
    expect(await everyRow()).toEqual(before)
  }, 300_000)
})
