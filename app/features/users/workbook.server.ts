import writeExcelFile from 'write-excel-file/node'
import { EXPORT_COLUMNS, EXPORT_SHEET, exportRows, SPREADSHEET_DATE_FORMAT, type ExportedUser } from '#domain/export'

/**
 * The user list as an .xlsx workbook. Built on the server (DESIGN §6: the export is a resource
 * route), so the spreadsheet library never reaches the browser.
 */
export async function usersWorkbook(users: readonly ExportedUser[]) {
  const header = EXPORT_COLUMNS.map((value) => ({ value, fontWeight: 'bold' as const }))
  const body = await writeExcelFile(
    [header, ...exportRows(users)],
    {
      sheet: EXPORT_SHEET,
      columns: EXPORT_COLUMNS.map((name) => ({ width: name === 'Email' ? 34 : name === 'Full Name' ? 26 : 16 })),
      // Joined Date: a date cell, shown as the screens write dates.
      dateFormat: SPREADSHEET_DATE_FORMAT,
    },
  ).toBuffer()
  return Buffer.from(body)
}
