import writeExcelFile from 'write-excel-file/node'
import type { AuditEntry } from '#domain/contracts/audit'
import { formatDateTime } from '#domain/dates'
import { neutraliseCell } from '#domain/export'
import { shownText } from '#domain/text'
import { actorText, ACTION_NAMES, changeText, ENTITY_TYPE_NAMES, readableChanges } from './present'

export const AUDIT_EXPORT_COLUMNS = ['When', 'Who', 'Action', 'Kind', 'What', 'Changes'] as const

/** audit_export_{YYYY-MM-DD}.xlsx, dated by the UTC day of the export, as the users' export is. */
export const auditExportFileName = (now: Date) => `audit_export_${now.toISOString().slice(0, 10)}.xlsx`

/**
 * One row per entry, as /audit shows it (times in the organisation's zone, the actor with their
 * email); every cell text, control characters shown as �, neutralised (a label may start with "=").
 */
export const auditRows = (entries: readonly AuditEntry[], timeZone: string) =>
  entries.map((entry) =>
    [
      formatDateTime(entry.at, timeZone) ?? '',
      actorText(entry.actor),
      ACTION_NAMES[entry.action],
      ENTITY_TYPE_NAMES[entry.entityType],
      entry.label,
      readableChanges(entry.changes).map(changeText).join('; '),
    ].map((cell) => neutraliseCell(shownText(cell))),
  )

/** The entries as an .xlsx workbook, built on the server (DESIGN §6) so the library never reaches the browser. */
export async function auditWorkbook(entries: readonly AuditEntry[], timeZone: string) {
  const header = AUDIT_EXPORT_COLUMNS.map((value) => ({ value, fontWeight: 'bold' as const }))
  const body = await writeExcelFile([header, ...auditRows(entries, timeZone).map((row) => row.map((value) => ({ value })))], {
    sheet: 'Audit log',
    columns: AUDIT_EXPORT_COLUMNS.map((name) => ({ width: name === 'Changes' ? 60 : name === 'What' ? 30 : 22 })),
  }).toBuffer()
  return Buffer.from(body)
}
