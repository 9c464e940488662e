import * as z from 'zod/mini'
import type {
  AssignmentRow,
  Attention,
  Availability,
  Capacity,
  CapacityCell,
  CapacityScreen,
  ConflictsPage,
  Dashboard,
  HandOver,
  HireLine,
  LeaveRow,
  PersonRef,
  PersonSchedule,
  PlanningSummary,
  ProjectTimeline,
  ScheduleGroup,
  ScheduleSpan,
  ScheduleView,
  TimelineBar,
} from '../contracts/schedule'
import type { TimelineWindow } from '../schedule/window'
import { SCHEDULE_ZOOMS } from '../schedule/grid'
import { refAnswer } from './catalog'

/** The answers of the people-over-time calls (./accounts.ts says what these schemas are for). */

const day = z.string()
const undatedDay = z.nullable(z.string())

export const personRefAnswer = z.strictObject({ _id: z.string(), fullName: z.nullable(z.string()), email: z.string() }) satisfies z.ZodMiniType<PersonRef>

export const assignmentAnswer = z.strictObject({
  id: z.string(),
  project: refAnswer,
  instance: refAnswer,
  role: refAnswer,
  clusterIds: z.array(z.string()),
  clusterLabel: z.string(),
  startDate: undatedDay,
  endDate: undatedDay,
  conflicts: z.array(z.string()),
  moreConflicts: z.optional(z.number()),
}) satisfies z.ZodMiniType<AssignmentRow>

export const leaveAnswer = z.strictObject({ _id: z.string(), userId: z.string(), startDate: day, endDate: day, note: z.string() }) satisfies z.ZodMiniType<LeaveRow>

/** DELETE /api/leave: the sentence and how many periods went. */
export const leaveRemovedAnswer = z.strictObject({ message: z.string(), removed: z.number() })

export const personScheduleAnswer = z.strictObject({
  user: personRefAnswer,
  assignments: z.array(assignmentAnswer),
  leave: z.array(leaveAnswer),
  pastLeave: z.array(leaveAnswer),
  totals: z.strictObject({ assignments: z.number(), leave: z.number(), pastLeave: z.number() }),
}) satisfies z.ZodMiniType<PersonSchedule>

export const hireLineAnswer = z.strictObject({
  role: refAnswer,
  project: refAnswer,
  clusterLabel: z.string(),
  needed: z.number(),
  hireBy: day,
  daysLeft: z.number(),
  startDate: day,
}) satisfies z.ZodMiniType<HireLine>

const lines = { lines: z.number(), people: z.number() }

export const attentionAnswer = z.strictObject({
  overdue: z.strictObject({ ...lines, oldest: z.nullable(hireLineAnswer) }),
  due: z.strictObject(lines),
  conflicts: z.strictObject({ within30: z.number(), within90: z.number() }),
  undated: z.strictObject({ people: z.number(), clusters: z.number() }),
}) satisfies z.ZodMiniType<Attention>

const planningSummaryAnswer = z.strictObject({
  totalRequirement: z.number(),
  totalTagged: z.number(),
  yetToBeRecruited: z.number(),
  peopleInConflict: z.number(),
  nextHires: z.array(hireLineAnswer),
}) satisfies z.ZodMiniType<PlanningSummary>

export const dashboardAnswer = z.strictObject({
  today: day,
  assignments: z.array(assignmentAnswer),
  pastAssignments: z.array(assignmentAnswer),
  leave: z.array(leaveAnswer),
  pastLeave: z.array(leaveAnswer),
  totals: z.strictObject({ pastAssignments: z.number(), leave: z.number(), pastLeave: z.number() }),
  summary: z.nullable(planningSummaryAnswer),
  attention: z.nullable(attentionAnswer),
}) satisfies z.ZodMiniType<Dashboard>

export const conflictsAnswer = z.strictObject({
  people: z.array(z.strictObject({ user: personRefAnswer, assignments: z.array(assignmentAnswer) })),
  total: z.number(),
}) satisfies z.ZodMiniType<ConflictsPage>

export const handOverAnswer = z.strictObject({ user: personRefAnswer, day, ending: assignmentAnswer, starting: assignmentAnswer }) satisfies z.ZodMiniType<HandOver>

const figures = { demand: z.number(), supply: z.number(), gap: z.number() }

/** Role × month over a period: what GET /api/capacity and the Capacity screen's call both answer besides the queue. */
const roleMonths = {
  from: day,
  to: day,
  months: z.array(z.string()),
  roles: z.array(
    z.strictObject({
      role: refAnswer,
      leadMonths: z.number(),
      cells: z.array(z.strictObject({ month: z.string(), ...figures }) satisfies z.ZodMiniType<CapacityCell>),
      undated: z.strictObject(figures),
    }),
  ),
}

export const capacityAnswer = z.strictObject({ ...roleMonths, hireQueue: z.array(hireLineAnswer) }) satisfies z.ZodMiniType<Capacity>

export const capacityScreenAnswer = z.strictObject({
  ...roleMonths,
  queue: z.strictObject({ page: z.number(), rows: z.array(hireLineAnswer), total: z.number() }),
  overdue: z.number(),
}) satisfies z.ZodMiniType<CapacityScreen>

export const availabilityAnswer = z.strictObject({
  startDate: undatedDay,
  endDate: undatedDay,
  people: z.array(z.strictObject({ userId: z.string(), load: z.number(), clashes: z.array(z.string()) })),
}) satisfies z.ZodMiniType<Availability>

const timelineBarAnswer = z.strictObject({
  category: z.string(),
  entity: z.string(),
  type: z.string(),
  instance: refAnswer,
  role: refAnswer,
  clusterLabel: z.string(),
  startDate: undatedDay,
  endDate: undatedDay,
  overridden: z.boolean(),
  deployedBy: undatedDay,
  requirement: z.number(),
  tagged: z.number(),
}) satisfies z.ZodMiniType<TimelineBar>

const timelineWindowAnswer = z.strictObject({ from: z.string(), to: z.string(), earlier: z.nullable(z.string()), later: z.nullable(z.string()) }) satisfies z.ZodMiniType<TimelineWindow>

export const projectTimelineAnswer = z.strictObject({ project: refAnswer, today: day, window: timelineWindowAnswer, bars: z.array(timelineBarAnswer) }) satisfies z.ZodMiniType<ProjectTimeline>

const span = z.strictObject({ first: z.number(), last: z.number(), before: z.boolean(), after: z.boolean() }) satisfies z.ZodMiniType<ScheduleSpan>
const dates = { startDate: day, endDate: day, span }

const scheduleGroupAnswer = z.strictObject({
  key: z.strictObject({ _id: z.nullable(z.string()), name: z.string() }),
  rows: z.array(
    z.strictObject({
      person: personRefAnswer,
      bars: z.array(z.strictObject({ project: refAnswer, instance: refAnswer, role: refAnswer, clusterIds: z.array(z.string()), clusterLabel: z.string(), ...dates })),
      leave: z.array(z.strictObject({ ...dates, note: z.string() })),
      overlaps: z.array(z.strictObject({ kind: z.enum(['assignment', 'leave']), ...dates })),
    }),
  ),
  placeholders: z.array(
    z.strictObject({
      role: refAnswer,
      project: refAnswer,
      instance: refAnswer,
      clusterIds: z.array(z.string()),
      clusterLabel: z.string(),
      needed: z.number(),
      hireBy: day,
      daysLeft: z.number(),
      ...dates,
      label: z.string(),
    }),
  ),
}) satisfies z.ZodMiniType<ScheduleGroup>

export const scheduleAnswer = z.strictObject({
  today: day,
  zoom: z.enum(SCHEDULE_ZOOMS),
  group: z.enum(['role', 'project']),
  window: z.strictObject({ start: day, end: day, days: z.number(), previous: z.nullable(z.string()), next: z.nullable(z.string()) }),
  columns: z.array(z.strictObject({ start: day, end: day })),
  groups: z.array(scheduleGroupAnswer),
  page: z.number(),
  total: z.number(),
  pageSize: z.number(),
  projects: z.array(refAnswer),
  roles: z.array(refAnswer),
  locations: z.array(z.string()),
}) satisfies z.ZodMiniType<ScheduleView>
