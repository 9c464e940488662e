import ExcelJS from 'exceljs'
import { EXPORT_COLUMNS, EXPORT_SHEET, exportRows, SPREADSHEET_DATE_FORMAT, type ExportedUser } from '#domain/export'

/**
 * The user list as an .xlsx workbook. Built on the server (DESIGN §6: the export is a resource
 * route), so the spreadsheet library never reaches the browser.
 */
export async function usersWorkbook(users: readonly ExportedUser[]) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(EXPORT_SHEET)
  sheet.columns = EXPORT_COLUMNS.map((header) => ({
    header,
    width: header === 'Email' ? 34 : header === 'Full Name' ? 26 : 16,
    ...(header === 'Joined Date' && { style: { numFmt: SPREADSHEET_DATE_FORMAT } }),
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.addRows(exportRows(users))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
