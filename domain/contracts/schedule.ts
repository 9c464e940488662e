import type { Ref } from './common'
import type { TimelineWindow } from '../schedule/window'

/** The answers of the people-over-time calls, once: the API satisfies them, the web reads them. */

export interface PersonRef {
  _id: string
  fullName: string | null
  email: string
}

/** A person's tag to a project's instance, role and cluster item, dated by the cluster's effective dates. */
export interface AssignmentRow {
  id: string
  project: Ref
  instance: Ref
  role: Ref
  clusterIds: string[]
  /** The cluster's name, or a group's combined label. */
  clusterLabel: string
  /** Both null when the cluster has no dates for this project ("undated"). */
  startDate: string | null
  endDate: string | null
  /** What it clashes with, in words ("On Skyline Towers / Tower A / Excavation, 3/1/2030–4/15/2030"), the soonest first, at most CONFLICTS_LISTED; empty when nothing. */
  conflicts: string[]
  /** How many clashes there are beyond those listed; absent when all are. */
  moreConflicts?: number
}

export interface LeaveRow {
  _id: string
  userId: string
  startDate: string
  endDate: string
  note: string
}

/**
 * GET /api/users/{id}/assignments: a page of each of the person's lists, and how many
 * rows each holds in all.
 */
export interface PersonSchedule {
  user: PersonRef
  assignments: AssignmentRow[]
  /** Not yet over, the soonest first. */
  leave: LeaveRow[]
  /** Over, the latest first. */
  pastLeave: LeaveRow[]
  totals: { assignments: number; leave: number; pastLeave: number }
}

/**
 * GET /api/dashboard: what the dashboard shows the person signed in, in one call: their next
 * assignments and their leave not yet over, those already over apart, and, for people
 * with view, the planning figures.
 */
export interface Dashboard {
  /** The API's date, from which the rest is counted ("Starts in 5 days"). */
  today: string
  assignments: AssignmentRow[]
  /** Over, the latest first. */
  pastAssignments: AssignmentRow[]
  leave: LeaveRow[]
  /** Over, the latest first. */
  pastLeave: LeaveRow[]
  /** How many rows each paged list holds  in all: the lists above are a page of each. */
  totals: { pastAssignments: number; leave: number; pastLeave: number }
  summary: PlanningSummary | null
  /** For people with view, the Attention strip, from the same reading as `summary`, so the two never disagree. */
  attention: Attention | null
}

/**
 * GET /api/conflicts: everyone with a conflict not yet over (some shared day today or later), with
 * those clashes only; with ?when=past, everyone with a conflict over, with those. A hand-over is
 * never a conflict (GET /api/hand-overs).
 */
export interface PersonConflicts {
  user: PersonRef
  assignments: AssignmentRow[]
}

/** GET /api/conflicts: a page of those people (50 unless asked), and how many there are in all. */
export interface ConflictsPage {
  people: PersonConflicts[]
  total: number
}

/** GET /api/hand-overs: one person's assignment ending on the day their next one starts, not counted as a conflict: a planned move, not a double-booking. */
export interface HandOver {
  user: PersonRef
  day: string
  ending: AssignmentRow
  starting: AssignmentRow
}

/**
 * GET /api/attention, and the dashboard's for people with view: what needs acting on
 * now, from the reading of the dashboard's figures and the hire-by queue.
 */
export interface Attention {
  /** Hire-by dates passed: lines of the queue, people they need, the line late the longest. */
  overdue: { lines: number; people: number; oldest: HireLine | null }
  /** Hire-by dates within the next 30 days, today included. */
  due: { lines: number; people: number }
  /** People with a conflict under way or starting within 30 and within 90 days; past ones not counted. */
  conflicts: { within30: number; within90: number }
  /** Requirement on clusters without dates: people, and the clusters (per project) that need dates. */
  undated: { people: number; clusters: number }
}

export interface CapacityCell {
  month: string
  demand: number
  supply: number
  gap: number
}

/** Role × month over a period, every role the plans use in it. */
export interface RoleMonths {
  from: string
  to: string
  months: string[]
  /** `undated`: the requirement of the role's clusters without dates ("No dates"), in no month, so no demand is dropped silently. */
  roles: { role: Ref; leadMonths: number; cells: CapacityCell[]; undated: Omit<CapacityCell, 'month'> }[]
}

/** GET /api/capacity: the role × month grid and, as GET /api/hire-queue answers it for the same project and role, whom to hire by when. */
export interface Capacity extends RoleMonths {
  hireQueue: HireLine[]
}

/**
 * GET /api/capacity/screen: what the Capacity screen shows, the grid and one page of the hire-by
 * queue (GET /api/capacity's, of the same project and role) with the queue's length and how many of
 * its lines are late: the screen shows fifty lines of thousands, and the export holds them all.
 */
export interface CapacityScreen extends RoleMonths {
  queue: { page: number; rows: HireLine[]; total: number }
  overdue: number
}

/** GET /api/hire-queue: one line per role, project and cluster item with a gap, by hire-by date (given a period, those whose clusters fall in it). */
export interface HireLine {
  role: Ref
  project: Ref
  clusterLabel: string
  needed: number
  hireBy: string
  /** Negative: late by that many days. */
  daysLeft: number
  startDate: string
}

/** A bar of GET /api/timeline: one cluster item of one role of one instance. */
export interface TimelineBar {
  category: string
  entity: string
  type: string
  instance: Ref
  role: Ref
  clusterLabel: string
  startDate: string | null
  endDate: string | null
  /** Whether a Site override sets the dates (of any of the item's clusters). */
  overridden: boolean
  deployedBy: string | null
  requirement: number
  tagged: number
}

/** GET /api/timeline: every bar of the project, and the window (at most three years) its chart draws. */
export interface ProjectTimeline {
  project: Ref
  today: string
  window: TimelineWindow
  bars: TimelineBar[]
}

/** The dashboard's figures for people with view. */
export interface PlanningSummary {
  totalRequirement: number
  totalTagged: number
  yetToBeRecruited: number
  /** People with a conflict not yet over, as GET /api/conflicts lists them. */
  peopleInConflict: number
  /** The first five lines of the hire-by queue, late ones included: never "Nobody to hire" while it has lines. */
  nextHires: HireLine[]
}

/** GET /api/availability: Assign Users' candidates over one slot's dates. */
export interface Availability {
  startDate: string | null
  endDate: string | null
  people: {
    userId: string
    /** How many of their assignments fall in the slot's dates (the slot itself not counted). */
    load: number
    /** What tagging them here would clash with, named; empty when nothing. */
    clashes: string[]
  }[]
}

/**
 * Where something lies in the Schedule's window: its first and last days counted from
 * the window's first (0), and whether it runs on past either edge (domain/schedule/grid.ts `place`).
 */
export interface ScheduleSpan {
  first: number
  last: number
  before: boolean
  after: boolean
}

/** An assignment as a bar of the Schedule: where it is, its dates, and where it lies in the window. */
export interface ScheduleBar {
  project: Ref
  instance: Ref
  role: Ref
  clusterIds: string[]
  clusterLabel: string
  startDate: string
  endDate: string
  span: ScheduleSpan
}

/** Leave as a bar of the Schedule. */
export interface ScheduleLeave {
  startDate: string
  endDate: string
  note: string
  span: ScheduleSpan
}

/** Where a person's assignments overlap each other ('assignment') or their leave ('leave'), within the window. */
export interface ScheduleOverlap {
  kind: 'assignment' | 'leave'
  startDate: string
  endDate: string
  span: ScheduleSpan
}

/** A row of people: a person, with (grouped by project) only that project's bars. */
export interface ScheduleRow {
  person: PersonRef
  bars: ScheduleBar[]
  leave: ScheduleLeave[]
  overlaps: ScheduleOverlap[]
}

/** Unfilled demand of a role on one instance's cluster item, by the hire-by queue's rules; `label` says it all in words. */
export interface SchedulePlaceholder {
  role: Ref
  project: Ref
  instance: Ref
  clusterIds: string[]
  clusterLabel: string
  needed: number
  hireBy: string
  daysLeft: number
  startDate: string
  endDate: string
  span: ScheduleSpan
  label: string
}

/** A group of rows: a role (grouped by role; `_id` null for people without one) or a project (`_id` null: on no project in the window). */
export interface ScheduleGroup {
  key: { _id: string | null; name: string }
  rows: ScheduleRow[]
  placeholders: SchedulePlaceholder[]
}

/**
 * GET /api/schedule: one page of people × weeks (or months). The window and its columns (first and
 * last days), where Previous and Next lead, today, the groups of this page (50 rows), how many
 * rows there are in all, and the choices the filters offer.
 */
export interface ScheduleView {
  today: string
  zoom: 'weeks' | 'months'
  group: 'role' | 'project'
  window: { start: string; end: string; days: number; previous: string | null; next: string | null }
  columns: { start: string; end: string }[]
  groups: ScheduleGroup[]
  page: number
  /** Rows in all pages, people and placeholders (grouped by project, a person on two projects is two rows). */
  total: number
  pageSize: number
  /** Every project with a plan, by name: the filter's choices and the bars' colours (by this order). */
  projects: Ref[]
  roles: Ref[]
  locations: string[]
}
