import type { Availability, Capacity, Dashboard, HireLine, LeaveRow, PersonConflicts, PersonSchedule, PlanningSummary, ProjectTimeline } from '#domain/contracts/schedule'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { can } from '#domain/access'
import { deployedBy, mappingTotals } from '#domain/planning/project-plan'
import { byPerson, conflicts, holdsOver, type Assignment } from '#domain/schedule/assignments'
import { clashLabel, placeLabel } from '#domain/schedule/describe'
import { monthRange, monthsBefore, monthsFrom, monthOf } from '#domain/schedule/calendar'
import { DEFAULT_LEAD_MONTHS, capacity, hireQueue } from '#domain/schedule/capacity'
import { CAPACITY_MONTHS_MAX, availabilityQuerySchema, capacityQuerySchema, leaveCreateSchema, leaveQuerySchema, roleLeadSchema, timelineQuerySchema } from '#domain/schedule/schemas'
import { itemKey } from '#domain/schedule/slots'
import { leaveAhead, upcoming } from '#domain/schedule/upcoming'
import { leave, projects, roles, users } from '#api/db/schema'
import type { Deps } from '#api/deps'
import { badRequest, forbidden, notFound, parse } from '#api/http/errors'
import { access } from '#api/http/access'
import { pathId } from '#api/http/params'
import { requireUser } from '#api/auth/sessions'
import { loadLeave, loadPeople, loadPlans, presentAssignments, projectsOf, type Plans } from '#api/schedule/load'
import { keptWhileUnchanged } from '#api/schedule/revision'

/**
 * People over time (issue 13): who is where and when, who is double-booked or on leave, what each
 * role needs per month and whom to hire by when. Every answer is computed from the plans, tags,
 * cluster dates and Site overrides already stored, in a bounded number of queries.
 */
export async function scheduleRoutes(app: FastifyInstance, deps: Deps) {
  const today = () => deps.now().toISOString().slice(0, 10)
  /**
   * The dashboard's figures change with the plans and with the date (hire-by dates pass): kept per
   * day, with the reading they come from, so a dashboard costs one query here after the session's.
   */
  const dashboardReading = keptWhileUnchanged(async (db, day) => {
    const every = await everyConflict(db)
    const next = namedQueue(every.plans, every.lead, every.plans.slots, day).filter((line) => line.daysLeft >= 0)
    const summary: PlanningSummary = { ...mappingTotals(every.plans.slots), peopleInConflict: every.found.size, nextHires: next.slice(0, 5) }
    return { every, summary }
  })

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
  app.get<{ Params: { id: string } }>('/api/users/:id/assignments', access('signed-in'), async (request): Promise<PersonSchedule> => {
    const actor = await requireUser(deps, request)
    const id = pathId(request.params.id, 'User not found')
    if (id !== actor.id && !can(actor, 'view')) throw forbidden()
    // From the kept reading of every plan: one query while nothing changes, not a reading of the person's projects.
    const [[person], { plans, found, assignmentsOf, leaveOf }] = await Promise.all([
      id === actor.id ? [{ _id: actor.id, fullName: actor.fullName, email: actor.email }] : loadPeople(deps.db, [id]),
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
    const to = query.to ?? monthRange(monthOf(monthsBefore(from, -11))).end
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

  /** Whom to hire by when: every gap with its hire-by date (its start minus the role's lead time). */
  app.get('/api/hire-queue', access('view'), async (request): Promise<HireLine[]> => {
    const query = parse(capacityQuerySchema, request.query)
    const { plans, lead } = await everyPlan(deps.db)
    return namedQueue(plans, lead, chosenSlots(plans, query), today())
  })

  /** A project's clusters as bars: one per instance, role and cluster item, with its dates, Deployed By and tagged/requirement. */
  app.get('/api/timeline', access('view'), async (request): Promise<ProjectTimeline> => {
    const { projectId } = parse(timelineQuerySchema, request.query)
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
    return { project, today: today(), bars }
  })

  /** Leave: one's own, or someone's with `view`. */
  app.get('/api/leave', access('signed-in'), async (request): Promise<LeaveRow[]> => {
    const actor = await requireUser(deps, request)
    const userId = parse(leaveQuerySchema, request.query).userId ?? actor.id
    if (userId !== actor.id && !can(actor, 'view')) throw forbidden()
    return (await loadLeave(deps.db, [userId])).map(presentLeave)
  })

  /** Records leave: for oneself, or for someone else with `edit`. */
  app.post('/api/leave', access('signed-in'), async (request, reply) => {
    const actor = await requireUser(deps, request)
    const input = parse(leaveCreateSchema, request.body)
    const userId = input.userId ?? actor.id
    if (userId !== actor.id && !can(actor, 'edit')) throw forbidden()
    const [person] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!person) throw badRequest('userId: User not found')
    const [created] = await deps.db
      .insert(leave)
      .values({ userId, startDate: input.startDate, endDate: input.endDate, note: input.note, createdById: actor.id, createdAt: deps.now() })
      .returning()
    return reply.status(201).send(presentLeave({ id: created!.id, personId: created!.userId, range: { start: created!.startDate, end: created!.endDate }, note: created!.note }))
  })

  /** Removes leave: one's own, or someone's with `edit`. */
  app.delete<{ Params: { id: string } }>('/api/leave/:id', access('signed-in'), async (request) => {
    const actor = await requireUser(deps, request)
    const id = pathId(request.params.id, 'Leave not found')
    const [row] = await deps.db.select({ userId: leave.userId }).from(leave).where(eq(leave.id, id))
    if (!row) throw notFound('Leave not found')
    if (row.userId !== actor.id && !can(actor, 'edit')) throw forbidden()
    await deps.db.delete(leave).where(and(eq(leave.id, id), eq(leave.userId, row.userId)))
    return { message: 'Leave deleted' }
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

/** Every plan with everyone's conflicts (their leave read too), kept as every plan is: one reading, so the two always agree. */
const everyConflict = keptWhileUnchanged(async (db) => {
  const [every, everyonesLeave] = await Promise.all([everyPlan(db), loadLeave(db, null)])
  return { ...every, found: conflicts(every.plans.assignments, everyonesLeave), assignmentsOf: byPerson(every.plans.assignments), leaveOf: byPerson(everyonesLeave) }
})

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
