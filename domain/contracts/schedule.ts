import type { Ref } from './common'
import type { TimelineWindow } from '../schedule/window'

/** The answers of the people-over-time calls (issue 13), once: the API satisfies them, the web reads them. */

export interface Person {
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
  /** What it clashes with, in words ("On Skyline Towers / Tower A / Excavation, 3/1/2030–4/15/2030"); empty when nothing. */
  conflicts: string[]
}

export interface LeaveRow {
  _id: string
  userId: string
  startDate: string
  endDate: string
  note: string
}

/** GET /api/users/{id}/assignments. */
export interface PersonSchedule {
  user: Person
  assignments: AssignmentRow[]
  leave: LeaveRow[]
}

/**
 * GET /api/dashboard: what the dashboard shows the person signed in, in one call: their next
 * assignments and their leave not yet over, and, for people with view, the planning figures.
 */
export interface Dashboard {
  assignments: AssignmentRow[]
  leave: LeaveRow[]
  summary: PlanningSummary | null
}

/** GET /api/conflicts: everyone with a conflict, with their clashing assignments only. */
export interface PersonConflicts {
  user: Person
  assignments: AssignmentRow[]
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
  roles: { role: Ref; leadMonths: number; cells: CapacityCell[] }[]
}

/** GET /api/capacity: the role × month grid and, as GET /api/hire-queue answers it for the same project and role, whom to hire by when. */
export interface Capacity extends RoleMonths {
  hireQueue: HireLine[]
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
  peopleInConflict: number
  /** The next five hire-by dates not yet passed. */
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
