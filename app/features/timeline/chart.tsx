import { ScrollRegion } from '#app/components/scroll-region'
import { formatDate } from '#domain/dates'
import { monthLabel } from '#app/features/capacity/period'
import { LABEL_WIDTH, MONTH_WIDTH, axisFor, barSpan, type BarGroup, type ShownBar } from './layout'

const ROW = 26
const HEAD = 30

const datesLabel = (bar: ShownBar) => (bar.startDate && bar.endDate ? `${formatDate(bar.startDate)}–${formatDate(bar.endDate)}` : 'No dates')

/**
 * The project's clusters as bars over a month axis, drawn on the server as SVG (no JavaScript):
 * Site-override bars in their own colour, a mark at each Deployed By date and a line for today.
 * The table view holds the same data for screen readers; the chart is an image with a summary.
 */
export function TimelineChart({ groups, today, projectName }: { groups: BarGroup[]; today: string; projectName: string }) {
  const bars = groups.flatMap((group) => group.bars)
  const axis = axisFor(bars)
  if (!axis) return <p className="card empty">No cluster of this project has dates yet.</p>
  const rows = groups.reduce((sum, group) => sum + 1 + group.bars.length, 0)
  const width = LABEL_WIDTH + axis.width + 8
  const height = HEAD + rows * ROW + 8
  const todayOnAxis = today >= axis.start && today <= `${axis.months.at(-1)}-31`
  let y = HEAD
  return (
    <ScrollRegion label="Timeline chart">
      <svg className="timeline-chart" role="img" aria-label={`Timeline of ${projectName}: ${bars.length} cluster bars; the table view lists them`} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        {axis.months.map((month, index) => (
          <g key={month}>
            <line x1={LABEL_WIDTH + index * MONTH_WIDTH} x2={LABEL_WIDTH + index * MONTH_WIDTH} y1={HEAD - 6} y2={height} stroke="#d0d5dd" />
            <text x={LABEL_WIDTH + index * MONTH_WIDTH + 3} y={HEAD - 10} fontSize="11" fill="#4b5565">
              {monthLabel(month)}
            </text>
          </g>
        ))}
        {groups.map((group) => {
          const top = y
          y += ROW * (group.bars.length + 1)
          return (
            <g key={top}>
              <text x={4} y={top + 17} fontSize="12" fontWeight="600" fill="#101828">
                {`${group.heading} · ${group.instance}`}
              </text>
              {group.bars.map((bar, index) => {
                const rowTop = top + ROW * (index + 1)
                const name = `${bar.role}: ${bar.cluster}`
                return (
                  <g key={`${bar.role}/${bar.cluster}`}>
                    <text x={12} y={rowTop + 17} fontSize="11" fill="#344054">
                      {name.length > 34 ? `${name.slice(0, 33)}…` : name}
                    </text>
                    {bar.startDate && bar.endDate ? (
                      <Bar bar={bar} left={LABEL_WIDTH + barSpan(axis, bar.startDate, bar.endDate).left} width={barSpan(axis, bar.startDate, bar.endDate).width} top={rowTop} />
                    ) : (
                      <text x={LABEL_WIDTH + 4} y={rowTop + 17} fontSize="11" fill="#4b5565">
                        No dates · {bar.tagged}/{bar.requirement}
                      </text>
                    )}
                    {bar.deployedBy && bar.startDate && bar.endDate ? (
                      <path d={`M ${LABEL_WIDTH + axis.x(bar.deployedBy)} ${rowTop + 4} l 5 8 l -5 8 l -5 -8 z`} fill="#b54708">
                        <title>{`Deployed By ${formatDate(bar.deployedBy)}`}</title>
                      </path>
                    ) : null}
                  </g>
                )
              })}
            </g>
          )
        })}
        {todayOnAxis ? (
          <g>
            <line x1={LABEL_WIDTH + axis.x(today)} x2={LABEL_WIDTH + axis.x(today)} y1={HEAD - 6} y2={height} stroke="#d92d20" strokeWidth="2" />
            <text x={LABEL_WIDTH + axis.x(today) + 3} y={height - 2} fontSize="10" fill="#d92d20">
              Today
            </text>
          </g>
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

function Bar({ bar, left, width, top }: { bar: ShownBar; left: number; width: number; top: number }) {
  return (
    <g>
      <rect x={left} y={top + 4} width={width} height={ROW - 8} rx="3" fill={bar.overridden ? '#6941c6' : '#1d4ed8'}>
        <title>{`${bar.role}: ${bar.cluster}, ${datesLabel(bar)}${bar.overridden ? ' (Site override)' : ''}, ${bar.tagged}/${bar.requirement} tagged`}</title>
      </rect>
      <text x={left + width + 4} y={top + 17} fontSize="11" fill="#101828">
        {`${bar.tagged}/${bar.requirement}`}
      </text>
    </g>
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
