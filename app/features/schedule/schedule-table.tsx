import { Link } from 'react-router'
import type { ScheduleView } from '#domain/contracts/schedule'
import { placeLabel, rangeLabel } from '#domain/schedule/describe'
import { overlapText } from './schedule-chart'
import { assignHref, clusterHref } from './schedule-choice'

/**
 * The Schedule as a table: the same rows, bars, leave, overlaps and placeholders in words, for
 * screen readers and for copying. Behind a disclosure, so the chart stays what the page opens on.
 */
export function ScheduleTable({ view }: { view: ScheduleView }) {
  const lines = view.groups.flatMap((group) => [
    ...group.rows.flatMap((row) => {
      const who = row.person.fullName?.trim() || row.person.email
      const items = [
        ...row.bars.map((bar) => ({ what: <Link to={clusterHref(bar)}>{placeLabel({ project: bar.project.name, instance: bar.instance.name, cluster: bar.clusterLabel })}</Link>, start: bar.startDate, end: bar.endDate })),
        ...row.leave.map((period) => ({ what: <>{`Leave${period.note ? ` (${period.note})` : ''}`}</>, start: period.startDate, end: period.endDate })),
        ...row.overlaps.map((mark) => ({ what: <>{overlapText(mark).split(',')[0]}</>, start: mark.startDate, end: mark.endDate })),
      ]
      if (items.length === 0) items.push({ what: <>Nothing in these dates</>, start: '', end: '' })
      return items.map((item, index) => ({ key: `${group.key._id}/${row.person._id}/${index}`, group: group.key.name, who: <Link to={`/users/${row.person._id}/profile`}>{who}</Link>, ...item }))
    }),
    ...group.placeholders.map((line, index) => ({
      key: `${group.key._id}/need/${index}`,
      group: group.key.name,
      who: <>Unfilled</>,
      what: <Link to={assignHref(line)}>{line.label}</Link>,
      start: line.startDate,
      end: line.endDate,
    })),
  ])
  return (
    <details className="card sched-table">
      <summary>Schedule as a table</summary>
      <div className="table-scroll" role="region" aria-label="Schedule table" tabIndex={0}>
        <table className="table">
          <caption className="visually-hidden">{`Schedule, ${rangeLabel(view.window)}`}</caption>
          <thead>
            <tr>
              <th scope="col">{view.group === 'role' ? 'Role' : 'Project'}</th>
              <th scope="col">Person</th>
              <th scope="col">What</th>
              <th scope="col">Dates</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key}>
                <td>{line.group}</td>
                <th scope="row">{line.who}</th>
                <td>{line.what}</td>
                <td>{line.start ? rangeLabel({ start: line.start, end: line.end }) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
