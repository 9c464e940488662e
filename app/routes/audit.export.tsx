import { AUDIT_EXPORT_MAX } from '#domain/audit-query'
import { xlsxDownload } from '#app/lib/download.server'
import { requireAdmin } from '#app/lib/session.server'
import { TIME_ZONE } from '#app/lib/time-zone.server'
import { readAudit } from '#app/features/audit/audit.server'
import { readFilters } from '#app/features/audit/query'
import { auditExportFileName, auditWorkbook } from '#app/features/audit/workbook.server'
import type { Route } from './+types/audit.export'

/**
 * GET /audit/export?person=&entityType=&projectId=&from=&to=: the entries /audit shows for the same
 * filters, every page (the newest AUDIT_EXPORT_MAX), as an .xlsx download. A plain link reaches it,
 * so it works with JavaScript off.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const reading = await readAudit(args, readFilters(args.url.searchParams), { limit: AUDIT_EXPORT_MAX })
  // An empty file would look like "no changes": say why the export failed instead.
  const problem = reading.failed ?? Object.values(reading.problems)[0]
  if (problem) throw new Response(`The export failed: ${problem}. Please try again.`, { status: reading.failed ? 502 : 400 })
  return xlsxDownload(await auditWorkbook(reading.entries, TIME_ZONE), auditExportFileName(new Date()))
}
