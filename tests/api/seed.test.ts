import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '#api/db/client'
import { and, eq, ne } from 'drizzle-orm'
import {
  auditEntries,
  categories,
  clusters,
  entities,
  leave,
  plannings,
  profiles,
  projectEntities,
  projectEntityUserMappings,
  projectResourceInstances,
  projects,
  resourcePlanningTemplates,
  roles,
  siteOverrides,
  users,
} from '#api/db/schema'
import { loadPlans } from '#api/schedule/load'
import { addDays, intersection, type Range } from '#domain/schedule/calendar'
import { hireQueue } from '#domain/schedule/capacity'
import { scratchDir, scratchPostgres, type ScratchPostgres } from '../support/scratch'
import { runSource } from '../support/sources'

/**
 * `npm run seed` (issue 29 §4): a demo that tells a live story. Its plan's dates are days from the
 * day it runs, so a fresh install has clusters from months ago to a year ahead, hires late and due,
 * conflicts still to come, leave ahead and a hand-over; run again, it adds nothing. On the embedded
 * database, and on a PostgreSQL database of its own when DATABASE_URL names a server.
 */
const scratch = scratchDir('seed')
const base = process.env.DATABASE_URL
let postgres: ScratchPostgres | undefined
const ADMIN = { email: 'admin@seed.test', password: 'Seed@Admin1' }
/** Given a password, the seed sets the administrator's again; without one, it leaves them as they are. */
const seed = (password?: string) =>
  runSource('scripts/seed.ts', {
    env: { DATA_DIR: scratch.path, DATABASE_URL: postgres?.url ?? '', SEED_ADMIN_EMAIL: ADMIN.email, ...(password ? { SEED_ADMIN_PASSWORD: password } : {}) },
  })
/** The seeded database, opened after the seed has let go of it. */
const openSeeded = () => openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: scratch.path })
let today = ''

/** Every row of every table, as sorted JSON per table. */
async function everyRow() {
  const database = await openSeeded()
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
  const database = await openSeeded()
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
  if (base) postgres = await scratchPostgres(base, 'seed')
  // The day the seed ran: read around it, so a test run across midnight still compares like with like.
  today = new Date().toISOString().slice(0, 10)
  const seeded = await seed(ADMIN.password)
  if (seeded.code !== 0) throw new Error(`npm run seed failed:\n${seeded.output}`)
}, 300_000)
afterAll(async () => {
  scratch.remove()
  await postgres?.drop()
})

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
    const database = await openSeeded()
    try {
      const accounts = await database.db.select({ id: users.id }).from(users)
      const made = await database.db.select().from(auditEntries).where(and(eq(auditEntries.entityType, 'user'), eq(auditEntries.action, 'created')))
      expect(made.map((entry) => entry.entityId).sort()).toEqual(accounts.map((account) => account.id).sort())
      expect(made.every((entry) => entry.actorId === null && entry.actorName === 'system')).toBe(true)
    } finally {
      await database.close()
    }
  })

  test('every row it wrote of a kind the audit log records is on record, made by the system through its store (issue 36 §7)', async () => {
    const database = await openSeeded()
    try {
      const { db } = database
      const entries = await db.select().from(auditEntries)
      expect(entries.every((entry) => entry.actorId === null && entry.actorName === 'system')).toBe(true)
      /** The 'created' entries of a kind, each as "entityId subjectId projectId" (what a row is matched on). */
      const made = (entityType: string) =>
        entries.filter((entry) => entry.entityType === entityType && entry.action === 'created').map((entry) => [entry.entityId, entry.subjectId ?? '', entry.projectId ?? ''].join(' '))
      const keys = (rows: { id: string; subject?: string; project?: string }[]) => rows.map((row) => [row.id, row.subject ?? '', row.project ?? ''].join(' '))
      const ids = async (table: typeof categories | typeof entities | typeof clusters | typeof plannings | typeof resourcePlanningTemplates) => db.select({ id: table.id }).from(table)

      expect(made('category').sort()).toEqual(keys(await ids(categories)).sort())
      expect(made('entity').sort()).toEqual(keys(await ids(entities)).sort())
      expect(made('cluster').sort()).toEqual(keys(await ids(clusters)).sort())
      expect(made('planning').sort()).toEqual(keys(await ids(plannings)).sort())
      expect(made('template').sort()).toEqual(keys(await ids(resourcePlanningTemplates)).sort())
      expect(made('project').sort()).toEqual(keys(await db.select({ id: projects.id, project: projects.id }).from(projects)).sort())
      expect(made('profile').sort()).toEqual(keys(await db.select({ id: profiles.userId, subject: profiles.userId }).from(profiles)).sort())
      expect(made('leave').sort()).toEqual(keys(await db.select({ id: leave.id, subject: leave.userId }).from(leave)).sort())
      expect(made('cluster dates').sort()).toEqual(keys(await db.select({ id: siteOverrides.clusterId, project: siteOverrides.projectId }).from(siteOverrides)).sort())
      const instances = await db.select({ id: projectEntities.id, project: projectResourceInstances.projectId }).from(projectEntities).innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
      expect(made('instance').sort()).toEqual(keys(instances).sort())
      // A tag's entry is one person on one cluster (or group) of one role of one instance: each tag row is in one.
      const tagged = await db
        .selectDistinct({ id: projectEntityUserMappings.projectEntityId, subject: projectEntityUserMappings.userId, project: projectResourceInstances.projectId })
        .from(projectEntityUserMappings)
        .innerJoin(projectEntities, eq(projectEntities.id, projectEntityUserMappings.projectEntityId))
        .innerJoin(projectResourceInstances, eq(projectResourceInstances.id, projectEntities.instanceId))
      expect(new Set(made('tag'))).toEqual(new Set(keys(tagged)))

      // The starter roles are the migrations'; the seed changes two lead times, each on record.
      const changedRoles = entries.filter((entry) => entry.entityType === 'role' && entry.action === 'changed')
      const longer = await db.select().from(roles).where(ne(roles.leadMonths, 1))
      expect(changedRoles.map((entry) => [entry.entityId, entry.changes]).sort()).toEqual(longer.map((role) => [role.id, [{ field: 'leadMonths', before: 1, after: role.leadMonths }]]).sort())

      // A dated cluster's entry holds its dates: it was made with them.
      for (const cluster of await db.select().from(clusters)) {
        const entry = entries.find((row) => row.entityId === cluster.id && row.entityType === 'cluster')!
        expect(entry.changes.filter((change) => change.field.endsWith('Date')), cluster.name).toEqual([
          ...(cluster.startDate ? [{ field: 'startDate', after: cluster.startDate }] : []),
          ...(cluster.endDate ? [{ field: 'endDate', after: cluster.endDate }] : []),
        ])
      }
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
