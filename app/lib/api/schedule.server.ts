import type { Attention, Availability, Capacity, CapacityScreen, ConflictsPage, Dashboard, HandOver, LeaveRow, PersonSchedule, ProjectTimeline } from '#domain/contracts/schedule'
import type { Acknowledged } from '#domain/contracts/profiles'
import { offsetsOf, pageOf } from '#domain/pages'
import { PERSON_PAGE_SIZE } from '#app/features/schedule/person-lists'
import { api, queryString, type Caller } from './http.server'

/** The people-over-time calls: assignments, conflicts, leave, capacity, the hire-by queue, the timeline. */

export interface Period {
  from?: string
  to?: string
  projectId?: string
  roleId?: string
}

export const getCapacity = (caller: Caller, period: Period) => api<Capacity>(caller, `/api/capacity${queryString({ ...period })}`)
/** The Capacity screen's call: the grid and one page of the hire-by queue (1 being the first), with its length and late lines. */
export const getCapacityScreen = (caller: Caller, period: Period, page: number) =>
  api<CapacityScreen>(caller, `/api/capacity/screen${queryString({ ...period, page: page > 1 ? String(page) : '' })}`)
/** A project's timeline; `from` (YYYY-MM) picks the chart's window, the API's default without it. */
export const getTimeline = (caller: Caller, projectId: string, from?: string) => api<ProjectTimeline>(caller, `/api/timeline${queryString({ projectId, from })}`)
/** A person's assignments and leave, the page of each list asked for (1 being the first). */
export const getAssignments = (caller: Caller, userId: string, pages: { assignments: number; leave: number; pastLeave: number }) =>
  api<PersonSchedule>(caller, `/api/users/${encodeURIComponent(userId)}/assignments${queryString(offsetsOf(pages, PERSON_PAGE_SIZE))}`)
/** Candidates over one slot: their load there and what tagging them would clash with. */
export const getAvailability = (caller: Caller, slot: { projectId: string; instanceId: string; roleId: string; clusterIds: string[]; userIds: string[] }) =>
  api<Availability>(caller, `/api/availability${queryString({ ...slot, clusterIds: slot.clusterIds.join(','), userIds: slot.userIds.join(',') })}`)
/** The dashboard's own data for the person signed in: next assignments, leave ahead, and with view the planning figures. */
export const getDashboard = (caller: Caller, pages: { pastAssignments: number; leave: number; pastLeave: number }) => api<Dashboard>(caller, `/api/dashboard${queryString(offsetsOf(pages, PERSON_PAGE_SIZE))}`)
/** A page of the people with conflicts not yet over, or with 'past' over. */
export const listConflicts = (caller: Caller, page: number, when?: 'past') => api<ConflictsPage>(caller, `/api/conflicts${queryString({ when, ...pageOf(page) })}`)
/** Hand-overs not yet past, or with 'past' those past: shown apart from conflicts. */
export const listHandOvers = (caller: Caller, when?: 'past') => api<HandOver[]>(caller, `/api/hand-overs${queryString({ when })}`)
/** The Attention strip, as the dashboard has it. */
export const getAttention = (caller: Caller) => api<Attention>(caller, '/api/attention')

export const recordLeave = (caller: Caller, body: { userId?: string; startDate: string; endDate: string; note: string }) =>
  api<LeaveRow>(caller, '/api/leave', { method: 'POST', body })
export const deleteLeave = (caller: Caller, id: string) => api<Acknowledged>(caller, `/api/leave/${encodeURIComponent(id)}`, { method: 'DELETE' })
export const setLeadMonths = (caller: Caller, roleId: string, leadMonths: number) =>
  api(caller, `/roles/${encodeURIComponent(roleId)}`, { method: 'PUT', body: { leadMonths } })
