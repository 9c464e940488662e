import { Form, Link } from 'react-router'
import { ChoiceSelect } from '#app/components/forms'
import type { Ref } from '#domain/contracts/common'
import { FIRST_YEAR, LAST_YEAR } from '#domain/dates'
import { rangeLabel } from '#domain/schedule/describe'
import { SCHEDULE_PATH, scheduleHref, type ScheduleChoice } from './schedule-choice'

/** How many columns a window may show: four fit a phone without scrolling (docs/decisions.md). */
const SPANS = ['4', '8', '12', '26']

/**
 * The Schedule's choices as one GET form: the window (a date, weeks or months, how many columns),
 * the grouping and the filters. Apply is always there, so it works without JavaScript.
 */
export function ScheduleFilters({ choice, projects, roles, locations, invalid, describedBy }: { choice: ScheduleChoice; projects: Ref[]; roles: Ref[]; locations: string[]; invalid: string | null; describedBy: string }) {
  const marked = (name: string) => (invalid === name ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {})
  return (
    <Form method="get" action={SCHEDULE_PATH} className="card filters sched-filters" aria-label="Window and filters">
      <div className="field">
        <label htmlFor="schedule-from">Date</label>
        <input id="schedule-from" type="date" name="from" defaultValue={choice.from} min={`${FIRST_YEAR}-01-01`} max={`${LAST_YEAR}-12-31`} {...marked('from')} />
      </div>
      <div className="field">
        <label htmlFor="schedule-zoom">Columns of</label>
        <select id="schedule-zoom" name="zoom" defaultValue={choice.zoom || 'weeks'} {...marked('zoom')}>
          <option value="weeks">Weeks</option>
          <option value="months">Months</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="schedule-span">How many</label>
        <select id="schedule-span" name="span" defaultValue={choice.span || '12'} {...marked('span')}>
          {SPANS.map((span) => (
            <option key={span} value={span}>
              {span}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="schedule-group">Group by</label>
        <select id="schedule-group" name="group" defaultValue={choice.group || 'role'} {...marked('group')}>
          <option value="role">Role</option>
          <option value="project">Project</option>
        </select>
      </div>
      <ChoiceSelect id="schedule-project" label="Project" name="projectId" placeholder="All projects" options={projects} value={choice.projectId} />
      <ChoiceSelect id="schedule-role" label="Role" name="roleId" placeholder="All roles" options={roles} value={choice.roleId} />
      <ChoiceSelect id="schedule-location" label="Location" name="location" placeholder="All locations" options={locations} value={choice.location} />
      <div className="sched-checks">
        <label>
          <input type="checkbox" name="conflictsOnly" value="1" defaultChecked={choice.conflictsOnly === '1'} /> Only people with conflicts
        </label>
        <label>
          <input type="checkbox" name="unfilledOnly" value="1" defaultChecked={choice.unfilledOnly === '1'} /> Only unfilled
        </label>
      </div>
      <button type="submit" className="button secondary">
        Apply
      </button>
    </Form>
  )
}

/** Previous and Next a window away, the window's dates, and back to this week. */
export function WindowNav({ choice, window }: { choice: ScheduleChoice; window: { start: string; end: string; previous: string | null; next: string | null } }) {
  return (
    <nav className="sched-window" aria-label="Schedule window">
      {window.previous ? (
        <Link to={scheduleHref(choice, { from: window.previous })} className="button secondary" rel="prev">
          <span aria-hidden="true">← </span>Previous
        </Link>
      ) : null}
      <p className="sched-window-dates">{rangeLabel(window)}</p>
      {window.next ? (
        <Link to={scheduleHref(choice, { from: window.next })} className="button secondary" rel="next">
          Next<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
      {choice.from ? (
        <Link to={scheduleHref(choice, { from: '' })} className="button secondary">
          Today
        </Link>
      ) : null}
    </nav>
  )
}
