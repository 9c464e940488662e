import * as z from 'zod/mini'
import type { Capacity, CapacityScreen, HireLine, LeaveRow } from '#domain/contracts/schedule'
import type { FastifyRequest } from 'fastify'
import { can, isSelf } from '#domain/access'
import { deployedBy } from '#domain/planning/project-plan'
import { monthRange, monthsBefore, monthsFrom, monthOf, overlaps, FIRST_DAY, LAST_DAY } from '#domain/schedule/calendar'
import { LAST_YEAR } from '#domain/dates'
import { PAGE_SIZE, slice } from '#domain/pages'
import { CAPACITY_MONTHS_MAX, availabilityQuerySchema, capacityQuerySchema, capacityScreenQuerySchema, conflictsQuerySchema, dashboardQuerySchema, handOversQuerySchema, leaveCreateSchema, leaveQuerySchema, leaveRemovalSchema, personScheduleQuerySchema, scheduleQuerySchema, timelineQuerySchema } from '#domain/schedule/schemas'
import { itemKey } from '#domain/schedule/slots'
import { leaveAhead, leaveBehind, pastAssignments, upcoming } from '#domain/schedule/upcoming'
import { overlapMessage, removedMessage } from '#domain/schedule/leave'
import { timelineWindow } from '#domain/schedule/window'
import {
  attentionAnswer,
  availabilityAnswer,
  capacityAnswer,
  capacityScreenAnswer,
  conflictsAnswer,
  dashboardAnswer,
  handOverAnswer,
  hireLineAnswer,
  leaveAnswer,
  leaveRemovedAnswer,
  personScheduleAnswer,
  projectTimelineAnswer,
  scheduleAnswer,
} from '#domain/answers/schedule'
import type { Deps } from '#api/deps'
import { jsonAnswer, messageAnswer, pathIds, type Api } from '#api/http/schemas'
import { badRequest, conflict, notFound } from '#api/http/errors'
import { access } from '#api/http/access'
import { canonicalId, isUuid } from '#domain/ids'
import { signedIn, type Context } from '#api/context'
import { throttleLeaveForOthers, throttlePerson } from '#api/auth/throttle'
import { leaveOwner, recordLeave, removeLeave, removeLeaveOf } from '#api/schedule/leave'
import { assemblePlans, loadLeave, loadPeople, presentAssignments, type Plans } from '#api/schedule/load'
import { keptConflicts, keptConflictsOrder, keptDashboard, keptHandOvers, keptPlans, keptSchedule } from '#api/read-model/answers'
import { capacityScreenText, capacityText, hireQueueText } from '#api/read-model/capacity'
import { namedQueue } from '#api/schedule/hire-queue'
import { requireProject } from '#api/projects/project'
import { availabilityOf, SLOT_NOT_FOUND } from '#api/schedule/availability'

/**
 * People over time: who is where and when, who is double-booked or on leave, what each
 * role needs per month and whom to hire by when. Every answer is computed from the plans, tags,
 * cluster dates and Site overrides already stored, in a bounded number of queries.
 */
export async function scheduleRoutes(app: Api, deps: Deps) {
  /** The request's day (YYYY-MM-DD), from its one `now`: every answer is counted from it. */
  const today = (ctx: Context) => ctx.now.toISOString().slice(0, 10)
  /**
   * The person signed in: their next assignments and leave not yet over, those already over apart
   * (so past leave never reads as none), counted from the API's date; with view, the
   * planning figures too.
   */
  const dashboardSchema = { summary: "The signed-in person's dashboard: assignments, leave and, with view, the planning figures", querystring: dashboardQuerySchema, response: { 200: dashboardAnswer } }
  app.get('/api/dashboard', { ...access('signed-in'), schema: dashboardSchema }, async (request) => {
    const { actor: user } = signedIn(request.ctx)
    const { limit, pastAssignmentsOffset, leaveOffset, pastLeaveOffset } = request.query
    const day = today(request.ctx)
    const { every, summary, attention: strip } = await keptDashboard(deps.db, day)
    const own = presentAssignments(every.plans, every.assignmentsOf.get(user.id) ?? [], every.found.get(user.id) ?? [])
    const leave = (every.leaveOf.get(user.id) ?? []).map(presentLeave)
    const [past, ahead, behind] = [pastAssignments(own, day), leaveAhead(leave, day), leaveBehind(leave, day)]
    return {
      today: day,
      assignments: upcoming(own, day),
      pastAssignments: slice(past, pastAssignmentsOffset, limit),
      leave: slice(ahead, leaveOffset, limit),
      pastLeave: slice(behind, pastLeaveOffset, limit),
      totals: { pastAssignments: past.length, leave: ahead.length, pastLeave: behind.length },
      summary: can(user, 'view') ? summary : null,
      attention: can(user, 'view') ? strip : null,
    }
  })

  /**
   * A person's own assignments and leave, or anyone's with `view`: a page of each (50 unless asked),
   * leave not yet over and leave over apart, as on the dashboard.
   */
  const personSchema = {
    summary: "A person's assignments and leave (one's own, or anyone's with view)",
    params: pathIds({ id: 'User not found' }),
    querystring: personScheduleQuerySchema,
    response: { 200: personScheduleAnswer },
  }
  app.get('/api/users/:id/assignments', { ...access({ own: 'view', param: 'id' }), schema: personSchema }, async (request) => {
    const { actor } = signedIn(request.ctx)
    const { id } = request.params
    const { limit, assignmentsOffset, leaveOffset, pastLeaveOffset } = request.query
    // From the kept reading of every plan: one query while nothing changes, not a reading of the person's projects.
    const [[person], { plans, found, assignmentsOf, leaveOf }] = await Promise.all([
      isSelf(actor, id) ? [{ _id: actor.id, fullName: actor.fullName, email: actor.email }] : loadPeople(deps.db, [id]),
      keptConflicts(deps.db),
    ])
    if (!person) throw notFound('User not found')
    const assignments = presentAssignments(plans, assignmentsOf.get(id) ?? [], found.get(id) ?? [])
    const leave = (leaveOf.get(id) ?? []).map(presentLeave)
    const day = today(request.ctx)
    const [ahead, behind] = [leaveAhead(leave, day), leaveBehind(leave, day)]
    return {
      user: person,
      assignments: slice(assignments, assignmentsOffset, limit),
      leave: slice(ahead, leaveOffset, limit),
      pastLeave: slice(behind, pastLeaveOffset, limit),
      totals: { assignments: assignments.length, leave: ahead.length, pastLeave: behind.length },
    }
  })

  /**
   * Assign Users' candidates over one slot (an instance's role on a cluster item): for each, how
   * many of their assignments fall in its dates and what tagging them would clash with, named.
   * Tagging stays allowed: planners double-book on purpose.
   */
  const availabilitySchema = { summary: "Candidates' load and clashes over one slot's dates", querystring: availabilityQuerySchema, response: { 200: availabilityAnswer } }
  app.get('/api/availability', { ...access('view'), schema: availabilitySchema }, async (request) => {
    const { userIds, ...slot } = request.query
    const found = await availabilityOf(deps.db, slot, userIds)
    if (!found) throw notFound(SLOT_NOT_FOUND)
    return found
  })

  /**
   * Everyone with a conflict not yet over, the soonest first, with those clashing assignments; with
   * when=past, those over, the latest first. A page at a time (50 unless asked): only the
   * page's people are presented. The dashboard's "People in conflict" counts the first list.
   */
  const conflictsSchema = { summary: 'People with conflicts (not yet over, or with when=past those over), a page at a time', querystring: conflictsQuerySchema, response: { 200: conflictsAnswer } }
  app.get('/api/conflicts', { ...access('view'), schema: conflictsSchema }, async (request) => {
    const { when, limit = PAGE_SIZE, offset = 0 } = request.query
    // Everyone in conflict, in the answer's order, kept per day: only the page's people are presented.
    const kept = await keptConflictsOrder(deps.db, today(request.ctx))
    const { plans, assignmentsOf } = kept.reading.every
    const found = when === 'past' ? kept.reading.conflicts.past : kept.reading.conflicts.upcoming
    const people = when === 'past' ? kept.past : kept.upcoming
    const page = people.slice(offset, offset + limit)
    // Each person's conflicts as `conflicts` found them: named, not looked for a second time.
    return { people: page.map((user) => ({ user, assignments: presentAssignments(plans, assignmentsOf.get(user._id) ?? [], found.get(user._id) ?? [], 'conflicting') })), total: people.length }
  })

  /**
   * Hand-overs: a person's assignment ending on the day their next one starts, shown
   * apart from conflicts and never counted as one; those not yet past (the day today or later) by
   * day, or with when=past those past, the latest first.
   */
  const handOversSchema = { summary: "Hand-overs: an assignment ending on the day the same person's next one starts", querystring: handOversQuerySchema, response: { 200: z.array(handOverAnswer) } }
  app.get('/api/hand-overs', { ...access('view'), schema: handOversSchema }, async (request) => {
    const { when } = request.query
    const day = today(request.ctx)
    const { plans, handOvers: all } = await keptHandOvers(deps.db)
    const chosen = when === 'past' ? all.filter((row) => row.day < day).reverse() : all.filter((row) => row.day >= day)
    const people = new Map((await loadPeople(deps.db, [...new Set(chosen.map((row) => row.personId))])).map((user) => [user._id, user]))
    return chosen.flatMap((row) => {
      const user = people.get(row.personId)
      // The ending one starts first: presentAssignments lists by start.
      const [ending, starting] = presentAssignments(plans, [row.ending, row.starting], [])
      return user ? [{ user, day: row.day, ending: ending!, starting: starting! }] : []
    })
  })

  /** The Attention strip alone, as the dashboard has it: for the tops of Capacity and the Schedule. */
  const attentionSchema = { summary: 'The Attention strip: hires overdue and due, conflicts ahead, undated requirement', response: { 200: attentionAnswer } }
  app.get('/api/attention', { ...access('view'), schema: attentionSchema }, async (request) => (await keptDashboard(deps.db, today(request.ctx))).attention)

  /** The months a capacity query asks for: twelve from this one unless asked, none past the product's last year (domain/dates.ts); at least one, at most CAPACITY_MONTHS_MAX. */
  const capacityMonths = (query: { from?: string; to?: string }, day: string) => {
    const from = query.from ?? `${monthOf(day)}-01`
    const to = query.to ?? earlierOf(monthRange(monthOf(monthsBefore(from, -11))).end, `${LAST_YEAR}-12-31`)
    const months = monthsFrom(from, to)
    if (months.length === 0) throw badRequest('to: The end of the period cannot be before its start')
    if (months.length > CAPACITY_MONTHS_MAX) throw badRequest(`to: A period of at most ${CAPACITY_MONTHS_MAX} months`)
    return months
  }

  /** Role × month: demand, supply and gap, over twelve months from this one unless asked otherwise; and the hire-by queue of the same project and role. */
  const capacitySchema = { summary: 'Role × month demand, supply and gap, with the hire-by queue of the same project and role', querystring: capacityQuerySchema, response: { 200: capacityAnswer } }
  app.get('/api/capacity', { ...access('view'), schema: capacitySchema }, async (request) => {
    const day = today(request.ctx)
    const months = capacityMonths(request.query, day)
    // Kept as the JSON it is sent as, per day, months and choice, with the reading of the plans (api/read-model/capacity.ts).
    return jsonAnswer<Capacity>(capacityText(await keptPlans(deps.db), day, months, request.query))
  })

  /**
   * The Capacity screen: GET /api/capacity's grid, and of its hire-by queue one page, the queue's
   * length and how many lines are late. The screen shows fifty lines, so it is not sent thousands.
   */
  const capacityScreenSchema = {
    summary: "The Capacity screen: GET /api/capacity's grid, one page of its hire-by queue, the queue's length and its late lines",
    querystring: capacityScreenQuerySchema,
    response: { 200: capacityScreenAnswer },
  }
  app.get('/api/capacity/screen', { ...access('view'), schema: capacityScreenSchema }, async (request) => {
    const day = today(request.ctx)
    const months = capacityMonths(request.query, day)
    return jsonAnswer<CapacityScreen>(capacityScreenText(await keptPlans(deps.db), day, months, request.query, request.query.page ?? 1))
  })

  /**
   * Whom to hire by when: every gap with its hire-by date (its start minus the role's lead time).
   * Given a period, only the lines whose clusters fall in it, as the capacity grid counts them: the
   * people its gaps are made of. Without one, the whole queue, as GET /api/capacity answers it.
   */
  const hireQueueSchema = { summary: 'Whom to hire by when: every gap with its hire-by date', querystring: capacityQuerySchema, response: { 200: z.array(hireLineAnswer) } }
  app.get('/api/hire-queue', { ...access('view'), schema: hireQueueSchema }, async (request) => {
    const query = request.query
    const day = today(request.ctx)
    if (query.from && query.to && query.to < query.from) throw badRequest('to: The end of the period cannot be before its start')
    // Without a period, the whole queue as kept for the day (the dashboard's), filtered, as the JSON kept with it: no line worked out or written again.
    if (!query.from && !query.to) return jsonAnswer<HireLine[]>(hireQueueText(await keptPlans(deps.db), day, query))
    const { plans, lead } = await keptPlans(deps.db)
    const period = { start: query.from ?? FIRST_DAY, end: query.to ?? LAST_DAY }
    const slots = chosenSlots(plans, query).filter((slot) => (!query.from && !query.to) || (slot.dates !== null && overlaps(slot.dates, period)))
    return namedQueue(plans, lead, slots, day)
  })

  /**
   * A project's clusters as bars: one per instance, role and cluster item, with its dates, Deployed
   * By and tagged/requirement; and the window of at most three years its chart draws (`from`, or
   * the default of domain/schedule/window.ts). Every bar is answered: the table lists them all, and
   * the page lists those outside the window.
   */
  const timelineSchema = { summary: "A project's clusters as bars, and the window its chart draws", querystring: timelineQuerySchema, response: { 200: projectTimelineAnswer } }
  app.get('/api/timeline', { ...access('view'), schema: timelineSchema }, async (request) => {
    const { projectId, from } = request.query
    // The project's plan from the kept reading of every plan: read again only when the project moved.
    const [project, { perProject }] = await Promise.all([requireProject(deps.db, projectId), keptPlans(deps.db)])
    const part = perProject.parts.find((row) => row.projectId === projectId)
    const plans = assemblePlans(part ? [part] : [], part?.cards ?? [])
    const slotOf = new Map(plans.slots.map((slot) => [`${slot.instanceId}/${slot.roleId}/${slot.clusterKey}`, slot]))
    const bars = plans.cards.flatMap((card) =>
      card.names.flatMap((instance) =>
        plans.itemsOf(card).map(({ roleId, roleName, item }) => {
          const slot = slotOf.get(`${instance._id}/${roleId}/${itemKey(item.clusterIds)}`)!
          return {
            category: card.categoryName,
            entity: card.entityName,
            type: card.typeName,
            instance: { _id: instance._id, name: instance.name },
            role: { _id: roleId, name: roleName },
            clusterLabel: plans.labelOf(item.clusterIds),
            startDate: slot.dates?.start ?? null,
            endDate: slot.dates?.end ?? null,
            overridden: plans.overridden(projectId, item.clusterIds),
            deployedBy: deployedBy(slot.dates?.start ?? null),
            requirement: slot.requirement,
            tagged: slot.tagged,
          }
        }),
      ),
    )
    const day = today(request.ctx)
    return { project, today: day, window: timelineWindow(bars, day, from), bars }
  })

  /**
   * The Schedule: people × weeks or months, a page of 50 people, from the kept readings
   * of every plan and everyone's conflicts, and the people (one query).
   */
  const scheduleSchema = { summary: 'The Schedule: people × weeks or months, a page of people', querystring: scheduleQuerySchema, response: { 200: scheduleAnswer } }
  app.get('/api/schedule', { ...access('view'), schema: scheduleSchema }, async (request) => keptSchedule(deps.db, request.query, today(request.ctx)))

  /** Leave: one's own, or someone's with `view`. */
  const leaveListSchema = { summary: "A person's leave (one's own, or anyone's with view)", querystring: leaveQuerySchema, response: { 200: z.array(leaveAnswer) } }
  app.get('/api/leave', { ...access({ own: 'view', query: 'userId' }), schema: leaveListSchema }, async (request) => {
    const { actor } = signedIn(request.ctx)
    const userId = request.query.userId ?? actor.id
    return (await loadLeave(deps.db, [userId])).map(presentLeave)
  })

  /**
   * Records leave: for oneself (a write counted by the per-person throttle), or for someone else
   * with `edit` (counted by the writer's own bound on what they add for others). A period sharing a
   * day with one of the person's is refused (409), naming it.
   */
  const leaveSchema = { summary: 'Records leave for oneself, or for someone else with edit', body: leaveCreateSchema, response: { 201: leaveAnswer } }
  app.post('/api/leave', { ...access({ own: 'edit', body: 'userId' }), schema: leaveSchema }, async (request, reply) => {
    const ctx = signedIn(request.ctx)
    const { actor } = ctx
    const input = request.body
    const userId = input.userId ?? actor.id
    const own = isSelf(actor, userId)
    await (own ? throttlePerson(request.ctx, actor.id) : throttleLeaveForOthers(request.ctx, actor.id))
    const recorded = await recordLeave(ctx, { userId, startDate: input.startDate, endDate: input.endDate, note: input.note })
    if ('noPerson' in recorded) throw badRequest('userId: User not found')
    if ('overlaps' in recorded) throw conflict(overlapMessage(recorded.overlaps, own ? 'own' : 'theirs'))
    const { created } = recorded
    return reply.status(201).send(presentLeave({ id: created.id, personId: created.userId, range: { start: created.startDate, end: created.endDate }, note: created.note }))
  })

  /**
   * Removes leave: one's own, or someone's with `edit`. Cancelling one's own leave not yet over is
   * not counted by the per-person throttle: it only takes away what a counted write added, and
   * someone who spent their writes must still be able to cancel a holiday. Removing one's own past
   * leave (a record of what happened, which no screen offers) is counted.
   */
  const ownerOfLeave = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string }
    return isUuid(id) ? (await leaveOwner(deps.db, canonicalId(id)))?.userId : null
  }
  const leaveRemovalOne = { summary: "Removes one period of leave (one's own, or anyone's with edit)", params: pathIds({ id: 'Leave not found' }), response: { 200: messageAnswer } }
  app.delete('/api/leave/:id', { ...access({ own: 'edit', owner: ownerOfLeave }), schema: leaveRemovalOne }, async (request) => {
    const ctx = signedIn(request.ctx)
    const { actor } = ctx
    const { id } = request.params
    const period = await leaveOwner(deps.db, id)
    if (!period) throw notFound('Leave not found')
    if (isSelf(actor, period.userId) && period.endDate < today(request.ctx)) await throttlePerson(request.ctx, actor.id)
    if (!(await removeLeave(ctx, id, period.userId))) throw notFound('Leave not found')
    return { message: 'Leave deleted' }
  })

  /**
   * Removes a person's leave in one request, with `edit`: all of it, or the periods lying
   * wholly within `from`–`to`. Answers how many periods went.
   */
  const leaveRemovalAll = { summary: "Removes a person's leave: all of it, or the periods wholly within from–to", querystring: leaveRemovalSchema, response: { 200: leaveRemovedAnswer } }
  app.delete('/api/leave', { ...access('edit'), schema: leaveRemovalAll }, async (request) => {
    const ctx = signedIn(request.ctx)
    const { actor } = ctx
    const { userId, from, to } = request.query
    const [person] = await loadPeople(deps.db, [userId])
    if (!person) throw badRequest('userId: User not found')
    if (isSelf(actor, userId)) await throttlePerson(request.ctx, actor.id)
    const removed = await removeLeaveOf(ctx, userId, { from, to })
    return { message: removedMessage(removed), removed }
  })
}

const earlierOf = (a: string, b: string) => (a < b ? a : b)

/** The slots of the project and role asked for (either may be left out). */
const chosenSlots = (plans: Plans, query: { projectId?: string; roleId?: string }) =>
  plans.slots.filter((slot) => (!query.projectId || slot.projectId === query.projectId) && (!query.roleId || slot.roleId === query.roleId))

const presentLeave = (row: { id: string; personId: string; range: { start: string; end: string }; note: string }): LeaveRow => ({
  _id: row.id,
  userId: row.personId,
  startDate: row.range.start,
  endDate: row.range.end,
  note: row.note,
})
