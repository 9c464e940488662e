import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_LEAD_MONTHS, capacity, hireStatus, undated } from '#domain/schedule/capacity'
import { pageOfList } from '#domain/pages'
import { monthRange, monthsFrom } from '#domain/schedule/calendar'
import { placeholderOrder, placeholders } from '#domain/schedule/grid'
import type { ScheduleQuery } from '#domain/schedule/schemas'
import type { Executor } from '#api/db/client'
import { leave, users } from '#api/db/schema'
import { figuresOfPart, keptAssignments, keptConflicts, keptConflictsOrder, keptDashboard, keptHandOvers, keptLeave, keptPlanFigures, keptPlans, keptQueue, keptRoster, keptSchedule } from '#api/read-model/answers'
import { capacityCounts, capacityScreenText, capacityText, chosenQueue, hireQueueText } from '#api/read-model/capacity'
import { demandOver } from '#api/read-model/demand'
import { keptText, type KeptAnswerName } from '#api/read-model/kept'
import { namedQueue } from '#api/schedule/hire-queue'
import { loadPlans, type Plans } from '#api/schedule/load'
import { loadRoster } from '#api/schedule/roster'
import { scheduleView } from '#api/schedule/view'
import { Client, signedUpUser, startApi, type Api } from '../support/api-harness'
import { makeProject, type Planning, type Project } from '../support/planning'
import { INSTANCES, OVERRIDES, REPLACE, cardBody, cardKey, makePeople, residentialPlan, type Card, type Person, type ResidentialPlan } from '../support/projects'

/**
 * The read model's one promise: whatever was written, in whatever order, every answer an API
 * process keeps (api/read-model/) is the one a whole reading of the tables gives. Random sequences
 * of the writes the API makes (tags and untags, cards added and removed, a cluster's and a Site's
 * dates, roles and lead times, leave, people joining and leaving, by the API or by hand in SQL),
 * and after each one every kept answer is compared with the same answer read whole by a process
 * that kept nothing (a new executor: nothing is kept for it).
 *
 * CI runs a few sequences from a fixed seed; `npm run test:read-model` runs as many as
 * PROPERTY_RUNS asks, from PROPERTY_SEED (a failure prints the seed and path to replay it).
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 10)
/** `random`: a new seed each run (the longer job's), printed in the test's name. */
const SEED = process.env.PROPERTY_SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.PROPERTY_SEED ?? 37)
const STEPS = Number(process.env.PROPERTY_STEPS ?? 12)
/** The API's clock stands at 5 January 2026 (tests/support/api-harness.ts). */
const DAY = '2026-01-05'
const DATES = ['2030-03-01', '2030-03-15', '2030-04-15', '2030-04-16', '2030-05-01', '2030-06-01', '2030-07-01', '2030-07-31']

let api: Api
let admin: Client
let plan: ResidentialPlan
let types: Planning[]
const projects: Project[] = []
const people: Person[] = []
/** The cards each project has now, by planning type id: what a tag or a removal picks from. */
const cards = new Map<string, Map<string, Card>>()

/** Everything of a value that an answer can show, as data to compare: a Map as its entries by key, a reading of the plans with its lookups worked out. */
function plain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value
  if (isPlans(value)) return plainPlans(value)
  if (value instanceof Map) return [...value].map(([key, entry]) => [key, plain(entry)]).sort(([a], [b]) => String(a).localeCompare(String(b)))
  if (value instanceof Set) return [...value].sort()
  if (Array.isArray(value)) return value.map(plain)
  return Object.fromEntries(Object.entries(value).flatMap(([key, entry]) => (typeof entry === 'function' ? [] : [[key, plain(entry)]])))
}
const isPlans = (value: object): value is Plans => 'labelOf' in value && 'itemsOf' in value
const plainPlans = (plans: Plans) => ({
  cards: plans.cards.map((card) => [card._id, card.projectName, card.names.map((name) => name.name), plans.itemsOf(card).map((row) => row.item.itemId)]),
  slots: plain(plans.slots),
  assignments: plain(plans.assignments),
  projectNames: plain(plans.projectNames),
  instanceNames: plain(plans.instanceNames),
  roleNames: plain(plans.roleNames),
  labels: plans.slots.map((slot) => plans.labelOf(slot.clusterIds)),
  overridden: plans.slots.map((slot) => plans.overridden(slot.projectId, slot.clusterIds)),
})

/** A process that has kept nothing: the same database through an executor no kept answer has seen. */
const wholly = (): Executor => Object.create(api.db) as Executor

const WINDOWS: ScheduleQuery[] = [
  { conflictsOnly: false, unfilledOnly: false },
  { page: 2, conflictsOnly: false, unfilledOnly: false },
  { zoom: 'months', from: '2030-01-01', group: 'project', conflictsOnly: false, unfilledOnly: false },
  { zoom: 'weeks', from: '2030-03-02', conflictsOnly: true, unfilledOnly: false },
]

/** GET /api/capacity's months and choices compared: a year the plans' dates fall in, everything, one project, one role. */
const MONTHS = monthsFrom('2030-01-01', '2030-12-31')
const choices = (roleRows: readonly { id: string }[]) => [{}, { projectId: projects[0]?._id }, { projectId: projects.at(-1)?._id, roleId: roleRows[0]?.id }, { roleId: roleRows.at(-1)?.id }]

/** GET /api/capacity's answer for a choice, worked out from every slot as the route did before it was kept: what the kept text must be, byte for byte. */
function capacityFromSlots(plans: Plans, roleRows: readonly { id: string; name: string; leadMonths: number }[], queue: ReturnType<typeof namedQueue>, choice: { projectId?: string; roleId?: string }) {
  const slots = plans.slots.filter((slot) => (!choice.projectId || slot.projectId === choice.projectId) && (!choice.roleId || slot.roleId === choice.roleId))
  const grid = capacity(slots, MONTHS)
  const noDates = undated(slots)
  return {
    from: monthRange(MONTHS[0]!).start,
    to: monthRange(MONTHS.at(-1)!).end,
    months: MONTHS,
    roles: [...roleRows]
      .filter((role) => grid.has(role.id) || noDates.has(role.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((role) => ({
        role: { _id: role.id, name: role.name },
        leadMonths: role.leadMonths,
        cells: MONTHS.map((month) => ({ month, ...(grid.get(role.id)?.get(month) ?? { demand: 0, supply: 0, gap: 0 }) })),
        undated: noDates.get(role.id) ?? { demand: 0, supply: 0, gap: 0 },
      })),
    hireQueue: queue.filter((line) => (!choice.projectId || line.project._id === choice.projectId) && (!choice.roleId || line.role._id === choice.roleId)),
  }
}

/**
 * Every kept answer, read from `db`: what each must equal, kept or read whole. The record's keys are
 * keptAnswers' names, so an answer added there without being compared here fails to compile.
 */
async function everyAnswer(db: Executor): Promise<Record<KeptAnswerName, unknown>> {
  const [plansRead, assignments, leaveOf, conflicts, handOvers, figures, dashboard, roster, pages, conflictsOrder] = await Promise.all([
    keptPlans(db),
    keptAssignments(db),
    keptLeave(db),
    keptConflicts(db),
    keptHandOvers(db),
    keptPlanFigures(db, DAY),
    keptDashboard(db, DAY),
    keptRoster(db),
    Promise.all(WINDOWS.map((query) => keptSchedule(db, query, DAY))),
    keptConflictsOrder(db, DAY),
  ])
  const leadMonthsOf = (roleId: string) => plansRead.lead.get(roleId)?.leadMonths ?? DEFAULT_LEAD_MONTHS
  const reading = { ...plansRead, leadMonthsOf }
  const year = { start: '2030-01-01', end: '2030-12-31' }
  return {
    plans: plain(plansRead),
    assignments: plain(assignments.assignmentsOf),
    leave: plain(leaveOf),
    conflicts: plain(conflicts.found),
    handOvers: plain(handOvers.handOvers),
    planFigures: plain(figures),
    // Each project's totals and undated requirement, as kept with its part.
    figuresOfPart: plain(plansRead.perProject.parts.map((part) => [part.projectId, figuresOfPart(part)])),
    dashboard: plain({ summary: dashboard.summary, attention: dashboard.attention, conflicts: dashboard.conflicts }),
    queueLines: plain(keptQueue(plansRead, DAY)),
    // The whole queue as kept in order with every plan: the dashboard's figures read it.
    queue: plain(figures.queue),
    demand: plain(demandOver(reading, DAY, year)),
    // Each project's lines, as kept with its part: the whole demand split by project.
    demandOfPart: plain(plansRead.perProject.parts.map((part) => [part.projectId, demandOver(reading, DAY, year).filter((line) => line.projectId === part.projectId)])),
    roster: plain(roster),
    scheduleRows: plain(pages),
    conflictsOrder: plain({ upcoming: conflictsOrder.upcoming, past: conflictsOrder.past }),
    // GET /api/capacity's counts per project and summed, and its answer and GET /api/hire-queue's as the text sent.
    capacityOfPart: plain(plansRead.perProject.parts.map((part) => [part.projectId, capacityCounts(plansRead, MONTHS, part.projectId)])),
    capacity: plain(capacityCounts(plansRead, MONTHS)),
    capacityAnswer: choices(plansRead.roleRows).map((choice) => capacityText(plansRead, DAY, MONTHS, choice).text),
    hireQueueAnswer: choices(plansRead.roleRows).map((choice) => hireQueueText(plansRead, DAY, choice).text),
    text: keptQueue(plansRead, DAY).map(keptText),
    // The Capacity screen's answer, the first page and one past the last: the grid's text and the chosen lines are kept for it.
    capacityGrid: choices(plansRead.roleRows).flatMap((choice) => [1, 3].map((page) => capacityScreenText(plansRead, DAY, MONTHS, choice, page))),
    chosenQueue: choices(plansRead.roleRows).map((choice) => plain(chosenQueue(plansRead, DAY, choice))),
  }
}

/** What a whole reading of the tables gives for the answers built from the plans alone, without the read model's code: the plans, the queue, the demand; and the Schedule's pages, worked out whole. */
async function fromTables(db: Executor) {
  const whole = wholly()
  const [plans, every, conflicts, roster] = await Promise.all([loadPlans(db, null), keptPlans(whole), keptConflicts(whole), loadRoster(db)])
  const leadMonthsOf = (roleId: string) => every.lead.get(roleId)?.leadMonths ?? DEFAULT_LEAD_MONTHS
  return {
    schedule: plain(WINDOWS.map((query) => scheduleView({ ...conflicts, leadMonthsOf, roster }, query, DAY))),
    plans: plainPlans(plans),
    queue: plain(namedQueue(plans, every.lead, plans.slots, DAY)),
    demand: plain(placeholders(plans.slots, leadMonthsOf, DAY, { start: '2030-01-01', end: '2030-12-31' }).sort(placeholderOrder)),
    capacityAnswer: choices(every.roleRows).map((choice) => JSON.stringify(capacityFromSlots(plans, every.roleRows, namedQueue(plans, every.lead, plans.slots, DAY), choice))),
    hireQueueAnswer: choices(every.roleRows).map((choice) => JSON.stringify(namedQueue(plans, every.lead, plans.slots, DAY).filter((line) => (!choice.projectId || line.project._id === choice.projectId) && (!choice.roleId || line.role._id === choice.roleId)))),
    capacityScreen: choices(every.roleRows).flatMap((choice) =>
      [1, 3].map((page) => {
        const { hireQueue, ...grid } = capacityFromSlots(plans, every.roleRows, namedQueue(plans, every.lead, plans.slots, DAY), choice)
        return JSON.stringify({ ...grid, queue: pageOfList(hireQueue, page), overdue: hireQueue.filter((line) => hireStatus(line.daysLeft) === 'overdue').length })
      }),
    ),
  }
}

async function expectKeptEqualsWhole(after: string) {
  const kept = await everyAnswer(api.db)
  const whole = await everyAnswer(wholly())
  for (const name of Object.keys(whole) as (keyof typeof whole)[]) expect(kept[name], `${name} after ${after}`).toEqual(whole[name])
  const tables = await fromTables(api.db)
  const keptPlansRead = await keptPlans(api.db)
  expect(plainPlans(keptPlansRead.plans), `plans after ${after}`).toEqual(tables.plans)
  expect(kept.queueLines, `queue after ${after}`).toEqual(tables.queue)
  expect(kept.demand, `demand after ${after}`).toEqual(tables.demand)
  expect(kept.scheduleRows, `the Schedule after ${after}`).toEqual(tables.schedule)
  expect(kept.capacityAnswer, `GET /api/capacity after ${after}`).toEqual(tables.capacityAnswer)
  expect(kept.hireQueueAnswer, `GET /api/hire-queue after ${after}`).toEqual(tables.hireQueueAnswer)
  expect(kept.capacityGrid, `GET /api/capacity/screen after ${after}`).toEqual(tables.capacityScreen)
}

// The changes, each as picks among what exists when it runs (indexes taken modulo), so any sequence is one the API can be asked.
const pick = <T,>(list: readonly T[], at: number): T | undefined => (list.length ? list[at % list.length] : undefined)
const dates = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat(DATES.length - 1), fc.nat(3)).map(([at, length]) => ({ startDate: DATES[at]!, endDate: DATES[Math.min(at + length, DATES.length - 1)]! })) },
  { weight: 1, arbitrary: fc.constant({ startDate: null, endDate: null }) },
)
const change = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tag' as const), project: fc.nat(), card: fc.nat(), instance: fc.nat(), item: fc.nat(), people: fc.nat(63) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('card' as const), project: fc.nat(), type: fc.nat(), names: fc.subarray(['Tower A', 'Tower B', 'Tower C'], { minLength: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('uncard' as const), project: fc.nat(), card: fc.nat(), whole: fc.boolean(), instance: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clusterDates' as const), cluster: fc.nat(), dates }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('siteDates' as const), project: fc.nat(), cluster: fc.nat(), dates }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('leadTime' as const), role: fc.nat(), months: fc.nat(24) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('newRole' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('leave' as const), person: fc.nat(), dates: fc.tuple(fc.nat(DATES.length - 1), fc.nat(2)), note: fc.constantFrom('', 'Holiday') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unleave' as const), at: fc.nat(), all: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('go' as const), person: fc.nat(), how: fc.constantFrom('inactive', 'deleted') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('project' as const), rename: fc.boolean(), project: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('person' as const), person: fc.nat(), role: fc.nat(3), location: fc.constantFrom('Pune', 'Remote', ''), name: fc.boolean() }) },
)
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never

const ok = (answer: { status: number; body: unknown }, what: string, allowed: number[] = []) =>
  expect(answer.status < 300 || allowed.includes(answer.status), `${what}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true)

/** The items a planning type's cards are tagged on (its template's: each role with one item's clusters); none for a type without a template. */
const itemsOf = (typeId: string) =>
  [plan.towerTemplate, plan.siteTemplate]
    .find((template) => template.planningId._id === typeId)
    ?.roleClusters.flatMap(({ roleId, clusters }) => clusters.map((item) => ({ roleId: roleId._id, clusterIds: item.clusterId.map((cluster) => cluster._id) }))) ?? []

async function apply(step: Change) {
  switch (step.kind) {
    case 'tag': {
      const project = pick(projects, step.project)!
      const card = pick([...(cards.get(project._id)?.values() ?? [])], step.card)
      if (!card) return
      const item = pick(itemsOf(card.typeId), step.item)
      if (!item) return
      const instance = pick(card.names, step.instance)!
      const userIds = people.filter((_, at) => (step.people >> at) & 1).map((person) => person._id)
      const answer = await admin.post(REPLACE, { projectId: project._id, projectEntityId: instance.projectEntityId, roleId: item.roleId, clusterIds: item.clusterIds, userIds })
      // More people than the item plans (none, for Developer on Finishing) is refused, and changes nothing.
      return /exceeds requirement|Requirement for this cluster is 0/.test(JSON.stringify(answer.body)) ? expect(answer.status).toBe(400) : ok(answer, 'tag')
    }
    case 'card': {
      const project = pick(projects, step.project)!
      const type = pick(types, step.type)!
      const names = step.names.map((name) => (type.entityId._id === plan.site._id ? name.replace('Tower', 'Site') : name))
      const answer = await admin.post<Card>(INSTANCES, cardBody(project, type, names))
      ok(answer, 'card')
      const own = cards.get(project._id) ?? new Map<string, Card>()
      cards.set(project._id, own.set(type._id, answer.body))
      return
    }
    case 'uncard': {
      const project = pick(projects, step.project)!
      const card = pick([...(cards.get(project._id)?.values() ?? [])], step.card)
      if (!card) return
      const type = types.find((one) => one._id === card.typeId)!
      const name = step.whole || card.names.length === 1 ? undefined : pick(card.names, step.instance)!.name
      ok(await admin.delete(INSTANCES, cardKey(project, type, name)), 'uncard')
      if (name === undefined) cards.get(project._id)!.delete(type._id)
      else cards.get(project._id)!.set(type._id, { ...card, names: card.names.filter((entry) => entry.name !== name) })
      return
    }
    case 'clusterDates':
      return ok(await admin.put(`/api/clusters/${pick([...plan.t, ...plan.s], step.cluster)!._id}`, step.dates), 'cluster dates')
    case 'siteDates': {
      const project = pick(projects, step.project)!
      const body = { projectId: project._id, categoryId: plan.category._id, entityId: plan.site._id, clusterId: pick(plan.s, step.cluster)!._id, ...step.dates }
      return ok(await admin.put(OVERRIDES, body), 'site dates')
    }
    case 'leadTime':
      return ok(await admin.put(`/roles/${pick([plan.engineer, plan.developer, plan.pmo], step.role)}`, { leadMonths: step.months }), 'lead time')
    case 'newRole':
      return ok(await admin.post('/roles', { name: `Role ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, permissions: ['view'] }), 'new role')
    case 'leave': {
      const person = pick(people, step.person)
      if (!person) return
      const [at, length] = step.dates
      const body = { userId: person._id, startDate: DATES[at]!, endDate: DATES[Math.min(at + length, DATES.length - 1)]!, note: step.note }
      // A period sharing a day with one of theirs is refused (409); a writer's bound on leave for others may be reached (429).
      return ok(await admin.post('/api/leave', body), 'leave', [409, 429])
    }
    case 'unleave': {
      const rows = await api.db.select({ id: leave.id, userId: leave.userId }).from(leave).orderBy(leave.id)
      const row = pick(rows, step.at)
      if (!row) return
      if (step.all) return ok(await admin.delete(`/api/leave?userId=${row.userId}`), 'leave removed')
      return ok(await admin.delete(`/api/leave/${row.id}`), 'leave removed')
    }
    case 'join':
      people.push(...(await makePeople(api, 1, 'Joined')))
      return
    case 'go': {
      const person = pick(people, step.person)
      if (!person || people.length <= 2) return
      people.splice(people.indexOf(person), 1)
      // Leaving: by hand in SQL, as an administrator's tools do; deleted, their tags and leave go by cascade.
      if (step.how === 'inactive') await api.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, person._id))
      else await api.db.delete(users).where(eq(users.id, person._id))
      return
    }
    case 'person': {
      // A person's role, work location or name, by hand in SQL as the profile's store writes them.
      const person = pick(people, step.person)
      if (!person) return
      const roleId = [null, plan.engineer, plan.developer, plan.pmo][step.role]!
      await api.db.update(users).set({ roleId, ...(step.name && { fullName: `${person.fullName ?? 'Someone'}'` }) }).where(eq(users.id, person._id))
      const professional = JSON.stringify({ workLocation: step.location })
      return void (await api.db.execute(
        sql`insert into profiles (user_id, personal, professional, financial, updated_at) values (${person._id}, '{}', ${professional}::jsonb, '{}', now())
            on conflict (user_id) do update set professional = excluded.professional`,
      ))
    }
    case 'project': {
      if (!step.rename || projects.length < 2) {
        projects.push(await makeProject(admin))
        return
      }
      const project = pick(projects, step.project)!
      return void (await api.db.execute(sql`update projects set name = name || '.' where id = ${project._id}`))
    }
  }
}

beforeAll(async () => {
  api = await startApi()
  admin = (await signedUpUser(api)).client
  plan = await residentialPlan(api, admin)
  // A card needs its type's template: the bare type, which has none, cannot have one.
  types = [plan.towerType, plan.siteType]
  people.push(...(await makePeople(api, 5, 'Random')))
  projects.push(await makeProject(admin), await makeProject(admin))
  for (const [cluster, startDate, endDate] of [
    [plan.t[0]!, '2030-03-01', '2030-04-15'],
    [plan.t[1]!, '2030-04-16', '2030-05-01'],
    [plan.t[3]!, '2030-07-01', '2030-07-31'],
    [plan.s[0]!, '2030-03-01', '2030-04-15'],
  ] as const)
    ok(await admin.put(`/api/clusters/${cluster._id}`, { startDate, endDate }), 'cluster dates')
}, 120_000)
afterAll(() => api?.close())

describe('the read model', () => {
  test(
    `after each of a random sequence of changes, every kept answer is what a whole reading gives (seed ${SEED}, ${RUNS} runs)`,
    async () => {
      await expectKeptEqualsWhole('nothing')
      await fc.assert(
        fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: STEPS }), async (steps) => {
          for (const [at, step] of steps.entries()) {
            await apply(step)
            await expectKeptEqualsWhole(`step ${at + 1} (${JSON.stringify(step)})`)
          }
        }),
        // The database carries over from run to run (no reset): shrinking would replay on another state, so a failure is reported as found.
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      )
    },
    // A step (a write and two readings of everything) takes well under a second; the longer job's runs get as long as they need.
    Math.max(240_000, RUNS * STEPS * 2_000),
  )
})
