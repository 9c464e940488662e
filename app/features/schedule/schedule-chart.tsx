import type { CSSProperties } from 'react'
import { Link } from 'react-router'
import { formatDate } from '#domain/dates'
import type { ScheduleGroup, ScheduleRow, ScheduleSpan, ScheduleView } from '#domain/contracts/schedule'
import { daysBetween } from '#domain/schedule/calendar'
import { placeLabel, rangeLabel } from '#domain/schedule/describe'
import { monthLabel } from '#app/features/capacity/period'
import { assignHref, clusterHref } from './schedule-choice'

/** Project colours, each dark enough for white text (4.5:1); a project keeps its colour across pages by its place among all projects. */
export const PROJECT_COLOURS = 8
/** A bar shows its words when it covers at least this share of the window; a shorter one is named by its link text for screen readers and its title. */
const LABEL_SHARE = 0.12

/** Where a span sits on the track, in percent of the window's days. */
const at = (span: ScheduleSpan, days: number): CSSProperties => ({ left: `${pct(span.first / days)}%`, width: `${pct((span.last - span.first + 1) / days)}%` })
const pct = (share: number) => Math.round(share * 10000) / 100

/** Lanes of a row, so bars sharing days sit one above the other: each goes to the first lane free on its first day. */
function lanesOf(spans: readonly ScheduleSpan[]) {
  const ends: number[] = []
  return spans.map((span) => {
    let lane = ends.findIndex((end) => end < span.first)
    if (lane < 0) lane = ends.length
    ends[lane] = span.last
    return lane
  })
}

const nameOf = (person: { fullName: string | null; email: string }) => person.fullName?.trim() || person.email

/** The column headings: a week by its Monday ("11/23"), a month by name ("Nov 2026"). */
export const columnLabel = (view: Pick<ScheduleView, 'zoom'>, column: { start: string }) => (view.zoom === 'weeks' ? formatDate(column.start)!.replace(/\/\d+$/, '') : monthLabel(column.start.slice(0, 7)))

/**
 * People × weeks (or months), drawn on the server in HTML and CSS: a track per row, bars placed in
 * percent of the window's days, leave grey, overlaps hatched with words for screen readers, a line
 * for today, unfilled demand as dashed placeholders. Wider than a phone, it scrolls inside its
 * named region, never the page.
 */
export function ScheduleChart({ view, colourOf }: { view: ScheduleView; colourOf: (projectId: string) => number }) {
  const { days } = view.window
  const todayAt = view.today >= view.window.start && view.today <= view.window.end ? (daysBetween(view.window.start, view.today) + 0.5) / days : null
  return (
    <div className="card sched-scroll" role="region" aria-label={`Schedule, ${rangeLabel(view.window)}`} tabIndex={0}>
      <div className="sched" data-zoom={view.zoom} style={{ '--sched-columns': view.columns.length } as CSSProperties}>
        <div className="sched-head" aria-hidden="true">
          <span className="sched-name" />
          <div className="sched-track">
            {view.columns.map((column) => (
              <span key={column.start} className="sched-column-label" style={at({ first: daysBetween(view.window.start, column.start), last: daysBetween(view.window.start, column.end), before: false, after: false }, days)}>
                {columnLabel(view, column)}
              </span>
            ))}
          </div>
        </div>
        <div className="sched-body">
          <div className="sched-lines" aria-hidden="true">
            {view.columns.slice(1).map((column) => (
              <span key={column.start} className="sched-column-line" style={{ left: `${pct(daysBetween(view.window.start, column.start) / days)}%` }} />
            ))}
            {todayAt !== null ? (
              <span className="sched-today" style={{ left: `${pct(todayAt)}%` }}>
                <span className="sched-today-label">Today</span>
              </span>
            ) : null}
          </div>
          {view.groups.map((group) => (
            <GroupRows key={group.key._id ?? 'none'} group={group} days={days} colourOf={colourOf} />
          ))}
        </div>
      </div>
    </div>
  )
}

function GroupRows({ group, days, colourOf }: { group: ScheduleGroup; days: number; colourOf: (projectId: string) => number }) {
  return (
    <section className="sched-group" aria-label={group.key.name}>
      <h3 className="sched-group-name">{group.key.name}</h3>
      <ul className="sched-rows">
        {group.rows.map((row) => (
          <PersonRow key={row.person._id} row={row} days={days} colourOf={colourOf} />
        ))}
        {group.placeholders.map((line) => (
          <li key={`${line.instance._id}/${line.role._id}/${line.clusterIds.join(',')}`} className="sched-row sched-placeholder-row">
            <Link className="sched-name sched-placeholder-name" to={assignHref(line)}>
              {`${line.role.name} × ${line.needed} needed`}
              <span className="visually-hidden">{line.label.slice(`${line.role.name} × ${line.needed} needed`.length)}</span>
            </Link>
            <div className="sched-track">
              <span className={line.daysLeft < 0 ? 'sched-bar sched-placeholder late' : 'sched-bar sched-placeholder'} style={at(line.span, days)} title={line.label} aria-hidden="true">
                {`${placeLabel({ project: line.project.name, instance: line.instance.name, cluster: line.clusterLabel })} · hire by ${formatDate(line.hireBy)}`}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function PersonRow({ row, days, colourOf }: { row: ScheduleRow; days: number; colourOf: (projectId: string) => number }) {
  const lanes = lanesOf([...row.bars.map((bar) => bar.span), ...row.leave.map((period) => period.span)])
  const height = Math.max(1, ...lanes.map((lane) => lane + 1))
  return (
    <li className="sched-row">
      <Link className="sched-name" to={`/users/${row.person._id}/profile`}>
        {nameOf(row.person)}
      </Link>
      <div className="sched-track" style={{ '--sched-lanes': height } as CSSProperties}>
        {row.bars.map((bar, index) => {
          const place = `${bar.project.name} / ${bar.clusterLabel}`
          const long = `${placeLabel({ project: bar.project.name, instance: bar.instance.name, cluster: bar.clusterLabel })}, ${rangeLabel({ start: bar.startDate, end: bar.endDate })}`
          const shown = (bar.span.last - bar.span.first + 1) / days >= LABEL_SHARE
          return (
            <Link
              key={`${bar.instance._id}/${bar.role._id}/${bar.clusterIds.join(',')}`}
              to={clusterHref(bar)}
              className={`sched-bar sched-c${colourOf(bar.project._id)}${bar.span.before ? ' cut-before' : ''}${bar.span.after ? ' cut-after' : ''}`}
              style={{ ...at(bar.span, days), '--sched-lane': lanes[index] } as CSSProperties}
              title={long}
            >
              {shown ? <span aria-hidden="true">{place}</span> : null}
              <span className="visually-hidden">{long}</span>
            </Link>
          )
        })}
        {row.leave.map((period, index) => (
          <span
            key={period.startDate}
            className="sched-bar sched-leave"
            style={{ ...at(period.span, days), '--sched-lane': lanes[row.bars.length + index] } as CSSProperties}
            title={`Leave${period.note ? ` (${period.note})` : ''}, ${rangeLabel({ start: period.startDate, end: period.endDate })}`}
          >
            <span aria-hidden="true">Leave</span>
            <span className="visually-hidden">{`Leave${period.note ? ` (${period.note})` : ''}, ${rangeLabel({ start: period.startDate, end: period.endDate })}`}</span>
          </span>
        ))}
        {row.overlaps.map((mark) => (
          <span key={`${mark.kind}/${mark.startDate}`} className="sched-overlap" style={at(mark.span, days)} title={overlapText(mark)}>
            <span className="visually-hidden">{overlapText(mark)}</span>
          </span>
        ))}
      </div>
    </li>
  )
}

/** An overlap in words: "Overlap of assignments, 2/10/2026–2/15/2026" or "Overlap with leave, …". */
export const overlapText = (mark: { kind: 'assignment' | 'leave'; startDate: string; endDate: string }) =>
  `${mark.kind === 'leave' ? 'Overlap with leave' : 'Overlap of assignments'}, ${rangeLabel({ start: mark.startDate, end: mark.endDate })}`

/** What the colours and marks mean: the projects on this page, leave, overlaps, unfilled demand, today. */
export function ScheduleLegend({ view, colourOf }: { view: ScheduleView; colourOf: (projectId: string) => number }) {
  const shown = new Map<string, string>()
  for (const group of view.groups) for (const row of group.rows) for (const bar of row.bars) shown.set(bar.project._id, bar.project.name)
  return (
    <ul className="legend sched-legend" aria-label="Legend">
      {[...shown].sort((a, b) => a[1].localeCompare(b[1])).map(([id, name]) => (
        <li key={id}>
          <span className={`legend-swatch sched-c${colourOf(id)}`} />
          {name}
        </li>
      ))}
      <li>
        <span className="legend-swatch sched-leave" />
        Leave
      </li>
      <li>
        <span className="legend-swatch sched-overlap-swatch" />
        Overlap
      </li>
      <li>
        <span className="legend-swatch sched-placeholder-swatch" />
        Unfilled demand
      </li>
      <li>
        <span className="legend-swatch sched-today-swatch" />
        Today{view.today >= view.window.start && view.today <= view.window.end ? '' : ` (${formatDate(view.today)}, outside these dates)`}
      </li>
    </ul>
  )
}
