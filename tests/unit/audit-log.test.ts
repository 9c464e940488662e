import { describe, expect, test } from 'vitest'
import { dayRangeIn, startOfDayIn } from '#domain/audit-query'
import { auditHref, exportHref, readAuditState } from '#app/features/audit/query'
import { changeText, entryHref, readableChanges } from '#app/features/audit/present'
import { auditRows } from '#app/features/audit/workbook.server'
import type { AuditEntry } from '#domain/contracts/audit'

/** The audit log's days, addresses and words (issue 31), without a browser or a database. */

describe("a day's bounds in the organisation's time zone", () => {
  test('a day begins at its midnight there: Kolkata is 5:30 ahead of UTC, New York 5 (winter) or 4 (summer) behind', () => {
    expect(startOfDayIn('2028-03-10', 'Asia/Kolkata').toISOString()).toBe('2028-03-09T18:30:00.000Z')
    expect(startOfDayIn('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z')
    expect(startOfDayIn('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z')
    expect(startOfDayIn('2026-07-15', 'UTC').toISOString()).toBe('2026-07-15T00:00:00.000Z')
  })

  test('the days the clocks change begin at their own midnight, and the range ends before the midnight after the last day', () => {
    // New York moved to summer time on 8 March 2026 at 2:00 and back on 1 November at 2:00.
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfDayIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z')
    const { since, before } = dayRangeIn({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York')
    // 23 hours: the day the clocks go forward.
    expect((before!.getTime() - since!.getTime()) / 3_600_000).toBe(23)
    // Across a month's and a year's end.
    expect(dayRangeIn({ to: '2026-12-31' }, 'Asia/Kolkata')).toEqual({ since: undefined, before: new Date('2026-12-31T18:30:00.000Z') })
  })
})

describe("/audit's address", () => {
  test('the filters and the page come from the address, trimmed; a new filter goes back to page 1, the export takes the filters but not the page', () => {
    const state = readAuditState(new URLSearchParams('person=%20asha@example.com%20&entityType=tag&projectId=p1&from=2026-01-01&to=2026-01-31&page=3'))
    expect(state).toEqual({ person: 'asha@example.com', entityType: 'tag', projectId: 'p1', from: '2026-01-01', to: '2026-01-31', page: 3 })
    expect(auditHref(state, { page: 4 })).toBe('/audit?person=asha%40example.com&entityType=tag&projectId=p1&from=2026-01-01&to=2026-01-31&page=4')
    expect(auditHref(state, { person: 'ravi@example.com' })).toBe('/audit?person=ravi%40example.com&entityType=tag&projectId=p1&from=2026-01-01&to=2026-01-31')
    expect(exportHref(state)).toBe('/audit/export?person=asha%40example.com&entityType=tag&projectId=p1&from=2026-01-01&to=2026-01-31')
    expect(auditHref(readAuditState(new URLSearchParams('')))).toBe('/audit')
  })
})

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: 'e1',
  at: '2026-03-10T06:30:00.000Z',
  actor: { _id: 'a1', name: 'Asha Rao', email: 'asha@example.com' },
  entityType: 'project',
  entityId: 'p1',
  label: 'Tower B',
  action: 'changed',
  changes: [],
  subjectId: null,
  projectId: 'p1',
  ...over,
})

describe('what an entry says and where it leads', () => {
  test('each field: before → after, what a new thing has, what a removed thing had; a secret only that it changed', () => {
    expect(changeText({ field: 'status', before: 'Active', after: 'Inactive' })).toBe('status: Active → Inactive')
    expect(changeText({ field: 'permissions', before: ['view'], after: ['view', 'edit'] })).toBe('permissions: view → view, edit')
    expect(changeText({ field: 'note', before: null, after: 'Holiday' })).toBe('note: none → Holiday')
    expect(changeText({ field: 'name', after: 'Tower B' })).toBe('name: Tower B')
    expect(changeText({ field: 'name', before: 'Tower B' })).toBe('name: Tower B')
    expect(changeText({ field: 'financial.salary', secret: true })).toBe('financial.salary: changed')
  })

  test('ids are left out where other fields say more (the label names what they point at); an entry of ids alone keeps them', () => {
    const tag = [{ field: 'userId', after: 'u1' }, { field: 'clusterIds', after: ['c1', 'c2'] }, { field: 'role', after: 'Engineer' }]
    expect(readableChanges(tag).map(changeText)).toEqual(['role: Engineer'])
    const moved = [{ field: 'categoryId', before: 'a', after: 'b' }]
    expect(readableChanges(moved).map(changeText)).toEqual(['categoryId: a → b'])
    expect(readableChanges([])).toEqual([])
  })

  test("a person's things open their profile; a project's, its screen for that kind of change; the rest, their screen", () => {
    expect(entryHref(entry({ entityType: 'profile', entityId: 'x', subjectId: 'u1', projectId: null }))).toBe('/users/u1/profile')
    expect(entryHref(entry({ entityType: 'leave', entityId: 'l1', subjectId: 'u1', projectId: null }))).toBe('/users/u1/profile')
    expect(entryHref(entry({ entityType: 'tag', subjectId: 'u1' }))).toBe('/user-entity-mapping?projectId=p1')
    expect(entryHref(entry({ entityType: 'project' }))).toBe('/project-resource-planning?projectId=p1')
    expect(entryHref(entry({ entityType: 'project', action: 'removed' }))).toBe('/setup')
    expect(entryHref(entry({ entityType: 'cluster dates' }))).toBe('/project-cluster-timelines?projectId=p1')
    expect(entryHref(entry({ entityType: 'role', projectId: null }))).toBe('/roles')
    expect(entryHref(entry({ entityType: 'template', projectId: null }))).toBe('/resource-planning-template')
  })

  test('the export writes what the screen shows, the time in the zone named, a label that looks like a formula as text', () => {
    const rows = auditRows([entry({ label: '=HYPERLINK("x")', changes: [{ field: 'name', before: 'A', after: 'B' }, { field: 'password', secret: true }] })], 'Asia/Kolkata')
    expect(rows).toEqual([['3/10/2026, 12:00 PM GMT+5:30', 'Asha Rao (asha@example.com)', 'Changed', 'Project', `'=HYPERLINK("x")`, 'name: A → B; password: changed']])
  })
})
