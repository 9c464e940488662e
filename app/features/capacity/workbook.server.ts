import ExcelJS from 'exceljs'
import type { HireLine, RoleMonths } from '#domain/contracts/schedule'
import { neutraliseCell, spreadsheetDay } from '#domain/export'

/**
 * Capacity and the hire-by queue as one .xlsx workbook, built on the server like the users export.
 * Figures are numbers and dates are date cells, so a planner can sum, sort and filter them.
 */
export async function capacityWorkbook(capacity: RoleMonths, queue: readonly HireLine[]) {
  const workbook = new ExcelJS.Workbook()
  const grid = workbook.addWorksheet('Capacity')
  grid.columns = [
    { header: 'Role', width: 22 },
    { header: 'Month', width: 12, style: { numFmt: 'yyyy-mm' } },
    { header: 'Demand', width: 10 },
    { header: 'Supply', width: 10 },
    { header: 'Gap', width: 10 },
  ]
  for (const row of capacity.roles) {
    for (const cell of row.cells) grid.addRow([neutraliseCell(row.role.name), asDate(`${cell.month}-01`), cell.demand, cell.supply, cell.gap])
  }
  const hires = workbook.addWorksheet('Hire-by queue')
  hires.columns = [
    { header: 'Role', width: 22 },
    { header: 'Project', width: 28 },
    { header: 'Cluster', width: 28 },
    { header: 'People needed', width: 14 },
    { header: 'Hire by', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Days left', width: 10 },
    { header: 'Start date', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
  ]
  for (const line of queue) {
    hires.addRow([neutraliseCell(line.role.name), neutraliseCell(line.project.name), neutraliseCell(line.clusterLabel), line.needed, asDate(line.hireBy), line.daysLeft, asDate(line.startDate)])
  }
  for (const sheet of [grid, hires]) sheet.getRow(1).font = { bold: true }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

const asDate = (day: string) => spreadsheetDay(day)!
