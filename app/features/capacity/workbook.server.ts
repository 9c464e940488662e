import writeExcelFile, { type Cell } from 'write-excel-file/node'
import type { HireLine, RoleMonths } from '#domain/contracts/schedule'
import { neutraliseCell, spreadsheetDay } from '#domain/export'
import { NO_DATES } from './period'

/**
 * Capacity and the hire-by queue as one .xlsx workbook, built on the server like the users export.
 * Figures are numbers and dates are date cells, so a planner can sum, sort and filter them.
 */
export async function capacityWorkbook(capacity: RoleMonths, queue: readonly HireLine[]) {
  const grid = [
    { header: 'Role', width: 22 },
    { header: 'Month', width: 12 },
    { header: 'Demand', width: 10 },
    { header: 'Supply', width: 10 },
    { header: 'Gap', width: 10 },
  ]
  const hires = [
    { header: 'Role', width: 22 },
    { header: 'Project', width: 28 },
    { header: 'Cluster', width: 28 },
    { header: 'People needed', width: 14 },
    { header: 'Hire by', width: 12 },
    { header: 'Days left', width: 10 },
    { header: 'Start date', width: 12 },
  ]
  const body = await writeExcelFile([
    {
      sheet: 'Capacity',
      columns: grid.map(({ width }) => ({ width })),
      data: [
        headerRow(grid),
        ...capacity.roles.flatMap((row) => [
          ...row.cells.map((cell): Cell[] => [neutraliseCell(row.role.name), day(`${cell.month}-01`, 'yyyy-mm'), cell.demand, cell.supply, cell.gap]),
          // The requirement of clusters without dates, in no month: a row of its own, never dropped.
          ...(row.undated.demand + row.undated.supply > 0 ? [[neutraliseCell(row.role.name), NO_DATES, row.undated.demand, row.undated.supply, row.undated.gap] satisfies Cell[]] : []),
        ]),
      ],
    },
    {
      sheet: 'Hire-by queue',
      columns: hires.map(({ width }) => ({ width })),
      data: [
        headerRow(hires),
        ...queue.map((line): Cell[] => [
          neutraliseCell(line.role.name),
          neutraliseCell(line.project.name),
          neutraliseCell(line.clusterLabel),
          line.needed,
          day(line.hireBy, 'yyyy-mm-dd'),
          line.daysLeft,
          day(line.startDate, 'yyyy-mm-dd'),
        ]),
      ],
    },
  ]).toBuffer()
  return Buffer.from(body)
}

const headerRow = (columns: readonly { header: string }[]): Cell[] => columns.map(({ header }) => ({ value: header, fontWeight: 'bold' }))

/** A date cell of that day (midnight UTC) in `format`; an empty cell for no valid day. */
const day = (value: string, format: string): Cell => ({ value: spreadsheetDay(value) ?? undefined, type: Date, format })
