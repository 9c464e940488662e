import type { Availability, Capacity, Dashboard, HireLine, LeaveRow, PersonConflicts, PersonSchedule, PlanningSummary, ProjectTimeline } from '#domain/contracts/schedule'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { can, isSelf } from '#domain/access'
import { deployedBy, mappingTotals } from '#domain/planning/project-plan'
import { byPerson, conflicts, holdsOver, withLeave, type Assignment } from '#domain/schedule/assignments'
import { clashLabel, placeLabel } from '#domain/schedule/describe'
import { monthRange, monthsBefore, monthsFrom, monthOf, overlaps, FIRST_DAY, LAST_DAY } from '#domain/schedule/calendar'
import { LAST_YEAR } from '#domain/dates'
import { DEFAULT_LEAD_MONTHS, capacity, hireQueue } from '#domain/schedule/capacity'
import { CAPACITY_MONTHS_MAX, availabilityQuerySchema, capacityQuerySchema, leaveCreateSchema, leaveQuerySchema, leaveRemovalSchema, roleLeadSchema, timelineQuerySchema } from '#domain/schedule/schemas'
import { itemKey } from '#domain/schedule/slots'
import { leaveAhead, upcoming } from '#domain/schedule/upcoming'
import { overlapMessage, removedMessage } from '#domain/schedule/leave'
import { timelineWindow } from '#domain/schedule/window'
import { projects, roles } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, conflict, notFound, parse } from '#api/http/errors'
import { access } from '#api/http/access'
import { pathId } from '#api/http/params'
import { canonicalId, isUuid } from '#domain/ids'
import { requireUser } from '#api/auth/sessions'
import { throttlePerson } from '#api/auth/throttle'
import { leaveOwner, recordLeave, removeLeave, removeLeaveOf } from '#api/schedule/leave'
import { loadLeave, loadPeople, loadPlans, presentAssignments, projectsOf, type Plans } from '#api/schedule/load'
import { keptWhileUnchanged } from '#api/schedule/revision'

/**
 * People over time (issue 13): who is where and when, who is double-booked or on leave, what each
 * role needs per month and whom to hire by when. Every answer is computed from the plans, tags,
 * cluster dates and Site overrides already stored, in a bounded number of queries.
 */
export async function scheduleRoutes(app: FastifyInstance, deps: Deps) {
  const today = () => deps.now().toISOString().slice(0, 10)
  /** The dashboard's figures of the plans: they change with the plans and with the date (hire-by dates pass), so kept per day. */
  const planFigures = keptWhileUnchanged(async (db, day) => {
    const { plans, lead } = await everyPlan(db)
    const next = namedQueue(plans, lead, plans.slots, day).filter((line) => line.daysLeft >= 0)
    return { ...mappingTotals(plans.slots), nextHires: next.slice(0, 5) }
  })
  /**
   * The dashboard's reading: those figures, and everyone's conflicts with leave. Kept per day while
   * neither the plans nor leave change, so a dashboard costs one query here after the session's;
   * after a leave write only leave is read again, the plans' figures stay kept (issue 28).
   */
  const dashboardReading = keptWhileUnchanged(async (db, day) => {
    const [figures, every] = await Promise.all([planFigures(db, day), everyConflict(db)])
    const summary: PlanningSummary = { ...figures, peopleInConflict: every.found.size }
    return { every, summary }
  }, 'plans and leave')

  /** The person signed in: their next assignments and leave not yet over; with view, the planning figures too. */
  app.get('/api/dashboard', access('signed-in'), async (request): Promise<Dashboard> => {
    const user = await requireUser(deps, request)
    const day = today()
    const { every, summary } = await dashboardReading(deps.db, day)
    const own = presentAssignments(every.plans, every.assignmentsOf.get(user.id) ?? [], every.found.get(user.id) ?? [])
    return {
      assignments: upcoming(own, day),
      leave: leaveAhead((every.leaveOf.get(user.id) ?? []).map(presentLeave), day),
      summary: can(user, 'view') ? summary : null,
    }
  })

  /** A person's own assignments and leave, or anyone's with `view`. */
  app.get<{ Params: { id: string } }>('/api/users/:id/assignments', access({ own: 'view', param: 'id' }), async (request): Promise<PersonSchedule> => {
    const actor = await requireUser(deps, request)
    const id = pathId(request.params.id, 'User not found')
    // From the kept reading of every plan: one query while nothing changes, not a reading of the person's projects.
    const [[person], { plans, found, assignmentsOf, leaveOf }] = await Promise.all([
      isSelf(actor, id) ? [{ _id: actor.id, fullName: actor.fullName, email: actor.email }] : loadPeople(deps.db, [id]),
      everyConflict(deps.db),
    ])
    if (!person) throw notFound('User not found')
    return { user: person, assignments: presentAssignments(plans, assignmentsOf.get(id) ?? [], found.get(id) ?? []), leave: (leaveOf.get(id) ?? []).map(presentLeave) }
  })

  /**
   * Assign Users' candidates over one slot (an instance's role on a cluster item): for each, how
   * many of their assignments fall in its dates and what tagging them would clash with, named.
   * Tagging stays allowed: planners double-book on purpose.
   */
  app.get('/api/availability', access('view'), async (request): Promise<Availability> => {
    const query = parse(availabilityQuerySchema, request.query)
    const [plans, candidatesLeave] = await Promise.all([
      projectsOf(deps.db, query.userIds).then((ids) => loadPlans(deps.db, [...new Set([...ids, query.projectId])])),
      loadLeave(deps.db, query.userIds),
    ])
    const key = itemKey(query.clusterIds)
    const slot = plans.slots.find((row) => row.projectId === query.projectId && row.instanceId === query.instanceId && row.roleId === query.roleId && row.clusterKey === key)
    if (!slot) throw notFound("Not a cluster of this role in the project's plan")
    const assignmentsOf = byPerson(plans.assignments.filter((row) => !(row.instanceId === slot.instanceId && row.roleId === slot.roleId && itemKey(row.clusterIds) === key)))
    const leaveOf = byPerson(candidatesLeave)
    return {
      startDate: slot.dates?.start ?? null,
      endDate: slot.dates?.end ?? null,
      people: query.userIds.map((userId) => {
        const held = holdsOver(slot.dates, assignmentsOf.get(userId) ?? [], leaveOf.get(userId) ?? [])
        const place = (row: Assignment) => placeLabel({ project: plans.projectNames.get(row.projectId) ?? '', instance: plans.instanceNames.get(row.instanceId) ?? '', cluster: plans.labelOf(row.clusterIds) })
        return {
          userId,
          load: held.assignments.length,
          // By start date, then by words: the same list whatever order the rows came in.
          clashes: [
            ...held.assignments.map((row) => [row.dates!.start, clashLabel({ kind: 'assignment', with: row, days: row.dates! }, () => place(row))] as const),
            ...held.leave.map((period) => [period.range.start, clashLabel({ kind: 'leave', with: period, days: period.range }, () => '')] as const),
          ]
            .sort(([a, aText], [b, bText]) => a.localeCompare(b) || aText.localeCompare(bText))
            .map(([, text]) => text),
        }
      }),
    }
  })

  /** Everyone with a conflict, by name, with the clashing assignments. */
  app.get('/api/conflicts', access('view'), async (): Promise<PersonConflicts[]> => {
    const { plans, found, assignmentsOf } = await everyConflict(deps.db)
    const people = await loadPeople(deps.db, [...found.keys()])
    // Each person's conflicts as `conflicts` found them: named, not looked for a second time.
    return people
      .map((user) => ({ user, assignments: presentAssignments(plans, assignmentsOf.get(user._id) ?? [], found.get(user._id) ?? [], 'conflicting') }))
      .sort((a, b) => (a.user.fullName ?? a.user.email).localeCompare(b.user.fullName ?? b.user.email))
  })

  /** Role × month: demand, supply and gap, over twelve months from this one unless asked otherwise; and the hire-by queue of the same project and role. */
  app.get('/api/capacity', access('view'), async (request): Promise<Capacity> => {
    const query = parse(capacityQuerySchema, request.query)
    const from = query.from ?? `${monthOf(today())}-01`
    // Twelve months unless asked, none past the product's last year (domain/dates.ts).
    const to = query.to ?? earlierOf(monthRange(monthOf(monthsBefore(from, -11))).end, `${LAST_YEAR}-12-31`)
    const months = monthsFrom(from, to)
    if (months.length === 0) throw badRequest('to: The end of the period cannot be before its start')
    if (months.length > CAPACITY_MONTHS_MAX) throw badRequest(`to: A period of at most ${CAPACITY_MONTHS_MAX} months`)
    const { plans, roleRows, lead } = await everyPlan(deps.db)
    const slots = chosenSlots(plans, query)
    const grid = capacity(slots, months)
    return {
      from: monthRange(months[0]!).start,
      to: monthRange(months.at(-1)!).end,
      months,
      roles: roleRows
        .filter((role) => grid.has(role.id))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((role) => ({
          role: { _id: role.id, name: role.name },
          leadMonths: role.leadMonths,
          cells: months.map((month) => ({ month, ...(grid.get(role.id)!.get(month) ?? { demand: 0, supply: 0, gap: 0 }) })),
        })),
      // The screen shows the queue below the grid: one reading of the plans answers both.
      hireQueue: namedQueue(plans, lead, slots, today()),
    }
  })

  /**
   * Whom to hire by when: every gap with its hire-by date (its start minus the role's lead time).
   * Given a period, only the lines whose clusters fall in it, as the capacity grid counts them: the
   * people its gaps are made of. Without one, the whole queue, as GET /api/capacity answers it.
   */
  app.get('/api/hire-queue', access('view'), async (request): Promise<HireLine[]> => {
    const query = parse(capacityQuerySchema, request.query)
    if (query.from && query.to && query.to < query.from) throw badRequest('to: The end of the period cannot be before its start')
    const { plans, lead } = await everyPlan(deps.db)
    const period = { start: query.from ?? FIRST_DAY, end: query.to ?? LAST_DAY }
    const slots = chosenSlots(plans, query).filter((slot) => (!query.from && !query.to) || (slot.dates !== null && overlaps(slot.dates, period)))
    return namedQueue(plans, lead, slots, today())
  })

  /**
   * A project's clusters as bars: one per instance, role and cluster item, with its dates, Deployed
   * By and tagged/requirement; and the window of at most three years its chart draws (`from`, or
   * the default of domain/schedule/window.ts). Every bar is answered: the table lists them all, and
   * the page lists those outside the window.
   */
  app.get('/api/timeline', access('view'), async (request): Promise<ProjectTimeline> => {
    const { projectId, from } = parse(timelineQuerySchema, request.query)
    const [project] = await deps.db.select({ _id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, projectId))
    if (!project) throw notFound('Project not found')
    const plans = await loadPlans(deps.db, [projectId])
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
    const day = today()
    return { project, today: day, window: timelineWindow(bars, day, from), bars }
  })

  /** Leave: one's own, or someone's with `view`. */
  app.get('/api/leave', access({ own: 'view', query: 'userId' }), async (request): Promise<LeaveRow[]> => {
    const actor = await requireUser(deps, request)
    const userId = parse(leaveQuerySchema, request.query).userId ?? actor.id
    return (await loadLeave(deps.db, [userId])).map(presentLeave)
  })

  /**
   * Records leave: for oneself (a write counted by the per-person throttle), or for someone else
   * with `edit`. A period sharing a day with one of the person's is refused (409), naming it.
   */
  app.post('/api/leave', access({ own: 'edit', body: 'userId' }), async (request, reply) => {
    const actor = await requireUser(deps, request)
    const input = parse(leaveCreateSchema, request.body)
    const userId = input.userId ?? actor.id
    const own = isSelf(actor, userId)
    if (own) await throttlePerson(deps, actor.id)
    const recorded = await recordLeave(deps.db, { userId, startDate: input.startDate, endDate: input.endDate, note: input.note, createdById: actor.id, now: deps.now() })
    if ('noPerson' in recorded) throw badRequest('userId: User not found')
    if ('overlaps' in recorded) throw conflict(overlapMessage(recorded.overlaps, own ? 'own' : 'theirs'))
    const { created } = recorded
    return reply.status(201).send(presentLeave({ id: created.id, personId: created.userId, range: { start: created.startDate, end: created.endDate }, note: created.note }))
  })

  /** Removes leave: one's own (counted by the per-person throttle), or someone's with `edit`. */
  const ownerOfLeave = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string }
    return isUuid(id) ? leaveOwner(deps.db, canonicalId(id)) : null
  }
  app.delete<{ Params: { id: string } }>('/api/leave/:id', access({ own: 'edit', owner: ownerOfLeave }), async (request) => {
    const actor = await requireUser(deps, request)
    const id = pathId(request.params.id, 'Leave not found')
    const owner = await leaveOwner(deps.db, id)
    if (!owner) throw notFound('Leave not found')
    const own = isSelf(actor, owner)
    if (own) await throttlePerson(deps, actor.id)
    if (!(await removeLeave(deps.db, id, owner))) throw notFound('Leave not found')
    return { message: 'Leave deleted' }
  })

  /**
   * Removes a person's leave in one request, with `edit` (issue 28): all of it, or the periods lying
   * wholly within `from`–`to`. Answers how many periods went.
   */
  app.delete('/api/leave', access('edit'), async (request) => {
    const actor = await requireUser(deps, request)
    const { userId, from, to } = parse(leaveRemovalSchema, request.query)
    const [person] = await loadPeople(deps.db, [userId])
    if (!person) throw badRequest('userId: User not found')
    if (isSelf(actor, userId)) await throttlePerson(deps, actor.id)
    const removed = await removeLeaveOf(deps.db, userId, { from, to })
    return { message: removedMessage(removed), removed }
  })

  /** A role's lead time (whole calendar months before a cluster starts). */
  app.put<{ Params: { id: string } }>('/roles/:id', access('edit'), async (request) => {
    const id = pathId(request.params.id, 'Role not found')
    const { leadMonths } = parse(roleLeadSchema, request.body)
    const [updated] = await deps.db.update(roles).set({ leadMonths }).where(eq(roles.id, id)).returning()
    if (!updated) throw notFound('Role not found')
    return { _id: updated.id, name: updated.name, permissions: updated.permissions, leadMonths: updated.leadMonths }
  })
}

/**
 * Every plan and the roles' lead times: what the cross-project answers (capacity, the hire-by
 * queue, conflicts, the dashboard's figures) read, in eight queries, kept while nothing it reads
 * changes (a planner rereads far more often than anyone writes).
 */
const everyPlan = keptWhileUnchanged(async (db) => {
  const [plans, roleRows] = await Promise.all([loadPlans(db, null), db.select().from(roles)])
  return { plans, roleRows, lead: new Map(roleRows.map((role) => [role.id, role])) }
})

/** Every plan with everyone's assignments by person and the conflicts among them, leave aside: kept as every plan is. */
const everyAssignment = keptWhileUnchanged(async (db) => {
  const every = await everyPlan(db)
  return { ...every, assignmentsOf: byPerson(every.plans.assignments), amongAssignments: conflicts(every.plans.assignments, []) }
})

/**
 * Everyone's leave by person, kept while nobody's leave changes. Leave is counted apart from the
 * plans (migration 0008): a leave write makes the next reader read leave again (one query), and
 * none read the plans again (issue 28).
 */
const everyLeave = keptWhileUnchanged(async (db) => byPerson(await loadLeave(db, null)), 'leave')

/**
 * Every plan with everyone's conflicts, leave included: kept while neither changes. After a leave
 * write, only the people with leave are looked at again, over the kept plans (`withLeave`).
 */
const everyConflict = keptWhileUnchanged(async (db) => {
  const [every, leaveOf] = await Promise.all([everyAssignment(db), everyLeave(db)])
  return { ...every, leaveOf, found: withLeave(every.amongAssignments, every.assignmentsOf, leaveOf) }
}, 'plans and leave')

const earlierOf = (a: string, b: string) => (a < b ? a : b)

/** The slots of the project and role asked for (either may be left out). */
const chosenSlots = (plans: Plans, query: { projectId?: string; roleId?: string }) =>
  plans.slots.filter((slot) => (!query.projectId || slot.projectId === query.projectId) && (!query.roleId || slot.roleId === query.roleId))

/**
 * The hire-by queue with roles, projects and clusters named; lines of the same date and need by
 * project, role and cluster, so the list reads the same every time.
 */
const namedQueue = (plans: Plans, roles: Map<string, { name: string; leadMonths: number }>, slots: Plans['slots'], today: string) =>
  hireQueue(slots, (roleId) => roles.get(roleId)?.leadMonths ?? DEFAULT_LEAD_MONTHS, today)
    .map(
      (line): HireLine => ({
        role: { _id: line.roleId, name: roles.get(line.roleId)?.name ?? '' },
        project: { _id: line.projectId, name: plans.projectNames.get(line.projectId) ?? '' },
        clusterLabel: plans.labelOf(line.clusterIds),
        needed: line.needed,
        hireBy: line.hireBy,
        daysLeft: line.daysLeft,
        startDate: line.start,
      }),
    )
    .sort((a, b) => a.hireBy.localeCompare(b.hireBy) || b.needed - a.needed || a.project.name.localeCompare(b.project.name) || a.role.name.localeCompare(b.role.name) || a.clusterLabel.localeCompare(b.clusterLabel))

const presentLeave = (row: { id: string; personId: string; range: { start: string; end: string }; note: string }): LeaveRow => ({
  _id: row.id,
  userId: row.personId,
  startDate: row.range.start,
  endDate: row.range.end,
  note: row.note,
})
