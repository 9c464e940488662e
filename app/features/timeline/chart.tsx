import { Fragment } from 'react'
import { Link } from 'react-router'
import { ScrollRegion } from '#app/components/scroll-region'
import { formatDate } from '#domain/dates'
import { inWindow, windowFor, type TimelineWindow } from '#domain/schedule/window'
import { monthLabel } from '#app/features/capacity/period'
import { LABEL_WIDTH, MONTH_WIDTH, axisFor, barSpan, type BarGroup, type ShownBar } from './layout'

const ROW = 26
const HEAD = 30

const datesLabel = (bar: ShownBar) => (bar.startDate && bar.endDate ? `${formatDate(bar.startDate)}–${formatDate(bar.endDate)}` : 'No dates')

/** The bars the chart draws in a window, by group (undated ones too, as "No dates" rows), and the dated ones it lists instead. */
export function splitByWindow(groups: readonly BarGroup[], window: Pick<TimelineWindow, 'from' | 'to'>) {
  const drawn: BarGroup[] = []
  const outside: { group: BarGroup; bar: ShownBar }[] = []
  for (const group of groups) {
    const bars = group.bars.filter((bar) => {
      const dated = Boolean(bar.startDate && bar.endDate)
      if (dated && !inWindow(bar, window)) outside.push({ group, bar })
      return !dated || inWindow(bar, window)
    })
    if (bars.length > 0) drawn.push({ ...group, bars })
  }
  // Soonest first: what lies before the window, then what lies after it.
  outside.sort((a, b) => (a.bar.startDate! < b.bar.startDate! ? -1 : a.bar.startDate! > b.bar.startDate! ? 1 : 0))
  return { drawn, outside }
}

/** The window's months, and links that move it a year either way (GET parameters: the page works without JavaScript). */
export function WindowNav({ window, href }: { window: TimelineWindow; href: (from: string) => string }) {
  return (
    <nav className="timeline-window" aria-label="Timeline window">
      {window.earlier ? (
        <Link to={href(window.earlier)} className="button secondary">
          <span aria-hidden="true">← </span>Earlier
        </Link>
      ) : null}
      <p className="timeline-window-months">
        {monthLabel(window.from)} – {monthLabel(window.to)}
      </p>
      {window.later ? (
        <Link to={href(window.later)} className="button secondary">
          Later<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  )
}

/** The dated clusters the window leaves out, each with its dates as a link to a window that shows it. */
export function OutsideWindow({ outside, href }: { outside: readonly { group: BarGroup; bar: ShownBar }[]; href: (from: string) => string }) {
  if (outside.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="timeline-outside">
      <h2 id="timeline-outside">Outside this window</h2>
      <ul className="timeline-outside">
        {outside.map(({ group, bar }, at) => (
          <li key={at}>
            {`${group.instance} · ${bar.role}: ${bar.cluster}, `}
            <Link to={href(windowFor(bar)!)}>{datesLabel(bar)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The project's clusters as bars over a month axis, drawn on the server as SVG (no JavaScript):
 * Site-override bars in their own colour, a mark at each Deployed By date and a line for today.
 * Only the window's months are drawn (at most three years, issue 28): a bar running past it stops
 * at its edge, and `groups` holds only the bars in it (splitByWindow).
 * The table view holds the same data for screen readers; the chart is an image with a summary.
 */
export function TimelineChart({ groups, today, projectName, window, anyDated }: { groups: BarGroup[]; today: string; projectName: string; window: TimelineWindow; anyDated: boolean }) {
  const bars = groups.flatMap((group) => group.bars)
  const axis = axisFor(bars, window)
  if (!axis) return <p className="card empty">{anyDated ? 'No cluster of this project has dates in these months.' : 'No cluster of this project has dates yet.'}</p>
  const rows = groups.reduce((sum, group) => sum + 1 + group.bars.length, 0)
  const width = LABEL_WIDTH + axis.width + 8
  const height = HEAD + rows * ROW + 8
  const todayOnAxis = axis.has(today)
  // A tenth of a pixel is finer than any screen draws: longer numbers only weigh the page.
  const px = (value: number) => Math.round(value * 10) / 10
  let y = HEAD
  return (
    <ScrollRegion label="Timeline chart">
      <svg className="timeline-chart" role="img" aria-label={`Timeline of ${projectName}: ${bars.length} cluster ${bars.length === 1 ? 'bar' : 'bars'}; the table view lists them`} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        {axis.months.map((month, index) => (
          <Fragment key={month}>
            <line className="tl-month" x1={LABEL_WIDTH + index * MONTH_WIDTH} x2={LABEL_WIDTH + index * MONTH_WIDTH} y1={HEAD - 6} y2={height} />
            <text className="tl-axis" x={LABEL_WIDTH + index * MONTH_WIDTH + 3} y={HEAD - 10}>
              {monthLabel(month)}
            </text>
          </Fragment>
        ))}
        {groups.map((group) => {
          const top = y
          y += ROW * (group.bars.length + 1)
          return (
            <Fragment key={top}>
              <text className="tl-group" x={4} y={top + 17}>
                {`${group.heading} · ${group.instance}`}
              </text>
              {group.bars.map((bar, index) => {
                const rowTop = top + ROW * (index + 1)
                const name = `${bar.role}: ${bar.cluster}`
                const span = bar.startDate && bar.endDate ? barSpan(axis, bar.startDate, bar.endDate) : null
                return (
                  <Fragment key={`${bar.role}/${bar.cluster}`}>
                    <text className="tl-name" x={12} y={rowTop + 17}>
                      {name.length > 34 ? `${name.slice(0, 33)}…` : name}
                    </text>
                    {span ? (
                      <>
                        <rect className={bar.overridden ? 'tl-bar tl-override' : 'tl-bar'} x={px(LABEL_WIDTH + span.left)} y={rowTop + 4} width={px(span.width)} height={ROW - 8} rx="3">
                          <title>{`${bar.role}: ${bar.cluster}, ${datesLabel(bar)}${bar.overridden ? ' (Site override)' : ''}, ${bar.tagged}/${bar.requirement} tagged`}</title>
                        </rect>
                        <text className="tl-count" x={px(LABEL_WIDTH + span.left + span.width + 4)} y={rowTop + 17}>
                          {`${bar.tagged}/${bar.requirement}`}
                        </text>
                        {bar.deployedBy && axis.has(bar.deployedBy) ? (
                          <path className="tl-deployed" d={`M${px(LABEL_WIDTH + axis.x(bar.deployedBy))} ${rowTop + 4}l5 8-5 8-5-8z`}>
                            <title>{`Deployed By ${formatDate(bar.deployedBy)}`}</title>
                          </path>
                        ) : null}
                      </>
                    ) : (
                      <text className="tl-axis" x={LABEL_WIDTH + 4} y={rowTop + 17}>
                        No dates · {bar.tagged}/{bar.requirement}
                      </text>
                    )}
                  </Fragment>
                )
              })}
            </Fragment>
          )
        })}
        {todayOnAxis ? (
          <>
            <line className="tl-today" x1={px(LABEL_WIDTH + axis.x(today))} x2={px(LABEL_WIDTH + axis.x(today))} y1={HEAD - 6} y2={height} />
            <text className="tl-today-label" x={px(LABEL_WIDTH + axis.x(today) + 3)} y={height - 2}>
              Today
            </text>
          </>
        ) : null}
      </svg>
      <p className="legend">
        <span>
          <span className="legend-swatch" style={{ background: '#1d4ed8' }} />
          Cluster dates
        </span>
        <span>
          <span className="legend-swatch" style={{ background: '#6941c6' }} />
          Site override
        </span>
        <span>
          <span className="legend-swatch" style={{ background: '#b54708' }} />
          Deployed By
        </span>
        <span>
          <span className="legend-swatch" style={{ background: '#d92d20' }} />
          Today{todayOnAxis ? '' : ` (${formatDate(today)}, outside these months)`}
        </span>
      </p>
    </ScrollRegion>
  )
}

/** The same bars as a table: the accessible view, and what a planner copies from. */
export function TimelineTable({ groups }: { groups: BarGroup[] }) {
  if (groups.length === 0) return <p className="card empty">This project has no planned clusters yet.</p>
  return (
    <ScrollRegion label="Timeline table">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Category / Entity / Type</th>
            <th scope="col">Instance</th>
            <th scope="col">Role</th>
            <th scope="col">Cluster</th>
            <th scope="col">Start date</th>
            <th scope="col">End date</th>
            <th scope="col">Deployed By</th>
            <th scope="col">Tagged / Requirement</th>
            <th scope="col">Dates from</th>
          </tr>
        </thead>
        <tbody>
          {groups.flatMap((group, at) =>
            group.bars.map((bar) => (
              <tr key={`${at}/${bar.role}/${bar.cluster}`}>
                <td>{group.heading}</td>
                <td>{group.instance}</td>
                <td>{bar.role}</td>
                <th scope="row">{bar.cluster}</th>
                <td>{formatDate(bar.startDate) ?? 'No dates'}</td>
                <td>{formatDate(bar.endDate) ?? 'No dates'}</td>
                <td>{formatDate(bar.deployedBy) ?? '—'}</td>
                <td>{`${bar.tagged}/${bar.requirement}`}</td>
                <td>{bar.overridden ? 'Site override' : 'Cluster'}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
