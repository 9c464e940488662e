import { Fragment } from 'react'
import { Link } from 'react-router'
import { PageLinks } from '#app/components/pages'
import { ScrollRegion } from '#app/components/scroll-region'
import { formatDate } from '#domain/dates'
import { inWindow, windowFor, type TimelineWindow } from '#domain/schedule/window'
import { monthLabel } from '#app/features/capacity/period'
import { LABEL_WIDTH, STAFFING_WIDTH, barSpan, staffingOf, type Axis, type BarGroup, type ShownBar } from './layout'

const ROW = 26
const HEAD = 30

const datesLabel = (bar: ShownBar) => (bar.startDate && bar.endDate ? `${formatDate(bar.startDate)}–${formatDate(bar.endDate)}` : 'No dates')

/**
 * The bars of a window: those the chart draws (dated, sharing a day with it), the dated ones it
 * lists instead, and the undated ones, listed under the chart: a row without a bar
 * read as a plan with nothing to do.
 */
export function splitByWindow(groups: readonly BarGroup[], window: Pick<TimelineWindow, 'from' | 'to'>) {
  const drawn: BarGroup[] = []
  const outside: Listed[] = []
  const undated: Listed[] = []
  for (const group of groups) {
    const bars = group.bars.filter((bar) => {
      if (!bar.startDate || !bar.endDate) undated.push({ group, bar })
      else if (!inWindow(bar, window)) outside.push({ group, bar })
      else return true
      return false
    })
    if (bars.length > 0) drawn.push({ ...group, bars })
  }
  // Soonest first: what lies before the window, then what lies after it.
  outside.sort((a, b) => (a.bar.startDate! < b.bar.startDate! ? -1 : a.bar.startDate! > b.bar.startDate! ? 1 : 0))
  return { drawn, outside, undated }
}
type Listed = { group: BarGroup; bar: ShownBar }

/**
 * The months the chart shows, and links that move the window a year either way (GET parameters:
 * the page works without JavaScript). The months named are the axis's, so they say what
 * is drawn: the window's own when it draws nothing.
 */
export function WindowNav({ window, shown, href }: { window: TimelineWindow; shown: { from: string; to: string }; href: (from: string) => string }) {
  return (
    <nav className="timeline-window" aria-label="Timeline window">
      {window.earlier ? (
        <Link to={href(window.earlier)} className="button secondary">
          <span aria-hidden="true">← </span>Earlier
        </Link>
      ) : null}
      <p className="timeline-window-months">{shown.from === shown.to ? monthLabel(shown.from) : `${monthLabel(shown.from)} – ${monthLabel(shown.to)}`}</p>
      {window.later ? (
        <Link to={href(window.later)} className="button secondary">
          Later<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  )
}

const listedLabel = ({ group, bar }: Listed) => `${group.instance} · ${bar.role}: ${bar.cluster}`

/** The dated clusters the window leaves out, each with its dates as a link to a window that shows it. */
export function OutsideWindow({ outside, href }: { outside: readonly Listed[]; href: (from: string) => string }) {
  if (outside.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="timeline-outside">
      <h2 id="timeline-outside">Outside this window</h2>
      <ul className="timeline-outside">
        {outside.map((listed, at) => (
          <li key={at}>
            {`${listedLabel(listed)}, `}
            <Link to={href(windowFor(listed.bar)!)}>{datesLabel(listed.bar)}</Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The clusters without dates, with their staffing, and where their dates are set. */
export function WithoutDates({ undated, datesHref }: { undated: readonly Listed[]; datesHref: string }) {
  if (undated.length === 0) return null
  return (
    <section className="card stack" aria-labelledby="timeline-undated">
      <h2 id="timeline-undated">Without dates</h2>
      <p className="muted">
        These clusters have no start or end date for this project, so the chart cannot place them. <Link to={datesHref}>Set their dates in Project Cluster Timelines</Link>.
      </p>
      <ul className="timeline-outside">
        {undated.map((listed, at) => (
          <li key={at}>{`${listedLabel(listed)}, ${staffingLabel(listed.bar)}`}</li>
        ))}
      </ul>
    </section>
  )
}

/** A bar's staffing in words: "1/3 part". */
const staffingLabel = (bar: ShownBar) => `${bar.tagged}/${bar.requirement} ${staffingOf(bar)}`

/**
 * The project's clusters as bars over a month axis, drawn on the server as SVG (no JavaScript):
 * Site-override bars in their own colour, a mark at each Deployed By date and a line for today.
 * Only the window's months are drawn (at most three years): a bar running past it stops
 * at its edge, and `groups` holds only the bars in it (splitByWindow). A bar shows its staffing
 * by how much of it is filled (none: an empty dashed outline; part: filled in the
 * share tagged; full: filled) and in words in the column at its right, so not by colour alone.
 * Everything is drawn within the chart's width, which the axis keeps to AXIS_WIDTH.
 * The table view holds the same data for screen readers; the chart is an image with a summary.
 */
export function TimelineChart({ groups, axis, today, projectName }: { groups: BarGroup[]; axis: Axis; today: string; projectName: string }) {
  const bars = groups.flatMap((group) => group.bars)
  const rows = groups.reduce((sum, group) => sum + 1 + group.bars.length, 0)
  const staffingX = LABEL_WIDTH + axis.width + 12
  const width = staffingX + STAFFING_WIDTH
  const height = HEAD + rows * ROW + 18
  const todayOnAxis = axis.has(today)
  const todayX = LABEL_WIDTH + axis.x(today)
  // A tenth of a pixel is finer than any screen draws: longer numbers only weigh the page.
  const px = (value: number) => Math.round(value * 10) / 10
  let y = HEAD
  return (
    <ScrollRegion label="Timeline chart">
      <svg className="timeline-chart" role="img" aria-label={`Timeline of ${projectName}: ${bars.length} cluster ${bars.length === 1 ? 'bar' : 'bars'}; the table view lists them`} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        {axis.months.map((month, index) => (
          <Fragment key={month}>
            <line className="tl-month" x1={px(LABEL_WIDTH + index * axis.monthWidth)} x2={px(LABEL_WIDTH + index * axis.monthWidth)} y1={HEAD - 6} y2={height - 18} />
            {index % axis.labelEvery === 0 ? (
              <text className="tl-axis" x={px(LABEL_WIDTH + index * axis.monthWidth + 3)} y={HEAD - 10}>
                {monthLabel(month)}
              </text>
            ) : null}
          </Fragment>
        ))}
        <text className="tl-axis" x={staffingX} y={HEAD - 10}>
          Staffing
        </text>
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
                const span = barSpan(axis, bar.startDate!, bar.endDate!)
                const staffing = staffingOf(bar)
                const share = bar.requirement > 0 ? Math.min(1, bar.tagged / bar.requirement) : 1
                return (
                  <Fragment key={`${bar.role}/${bar.cluster}`}>
                    <text className="tl-name" x={12} y={rowTop + 17}>
                      {name.length > 28 ? `${name.slice(0, 27)}…` : name}
                    </text>
                    <rect className={`tl-bar tl-${staffing}${bar.overridden ? ' tl-override' : ''}`} x={px(LABEL_WIDTH + span.left)} y={rowTop + 4} width={px(span.width)} height={ROW - 8} rx="3">
                      <title>{`${bar.role}: ${bar.cluster}, ${datesLabel(bar)}${bar.overridden ? ' (Site override)' : ''}, ${bar.tagged}/${bar.requirement} tagged`}</title>
                    </rect>
                    {staffing === 'part' ? <rect className={`tl-filled${bar.overridden ? ' tl-override' : ''}`} x={px(LABEL_WIDTH + span.left)} y={rowTop + 4} width={px(Math.max(2, span.width * share))} height={ROW - 8} rx="3" /> : null}
                    {bar.deployedBy && axis.has(bar.deployedBy) ? (
                      <path className="tl-deployed" d={`M${px(LABEL_WIDTH + axis.x(bar.deployedBy))} ${rowTop + 4}l5 8-5 8-5-8z`}>
                        <title>{`Deployed By ${formatDate(bar.deployedBy)}`}</title>
                      </path>
                    ) : null}
                    <text className={`tl-count tl-count-${staffing}`} x={staffingX} y={rowTop + 17}>
                      {staffingLabel(bar)}
                    </text>
                  </Fragment>
                )
              })}
            </Fragment>
          )
        })}
        {todayOnAxis ? (
          <>
            <line className="tl-today" x1={px(todayX)} x2={px(todayX)} y1={HEAD - 6} y2={height - 18} />
            {/* Past the middle, the label reads leftwards from the line, so it stays on the chart. */}
            <text className="tl-today-label" x={px(todayX)} y={height - 4} textAnchor={todayX > width / 2 ? 'end' : 'start'}>
              Today
            </text>
          </>
        ) : null}
      </svg>
      <p className="legend">
        <span>
          <span className="legend-swatch tl-swatch-full" />
          Full: every person tagged
        </span>
        <span>
          <span className="legend-swatch tl-swatch-part" />
          Part: filled as far as tagged
        </span>
        <span>
          <span className="legend-swatch tl-swatch-none" />
          None: nobody tagged
        </span>
        <span>
          <span className="legend-swatch tl-swatch-override" />
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

/** Which page of a large project's clusters this is (layout.ts BARS_PER_PAGE), and links to the pages either side; nothing for one page. */
export function GroupPages({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  return <PageLinks page={page} status={`Page ${page} of ${pages}`} hasPrevious={page > 1} hasNext={page < pages} href={href} />
}
