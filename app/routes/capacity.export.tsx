import { periodOf, readChoice } from '#app/features/capacity/period'
import { capacityWorkbook } from '#app/features/capacity/workbook.server'
import { getCapacity } from '#app/lib/api/schedule.server'
import { xlsxDownload } from '#app/lib/download.server'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/capacity.export'

/** GET /capacity/export: the capacity grid and the hire-by queue the page shows, as capacity_{YYYY-MM-DD}.xlsx. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const period = periodOf(readChoice(args.url.searchParams))
  const capacity = await getCapacity(args, period)
  if (!capacity.ok) {
    const { error } = capacity
    throw new Response(`The export failed: ${error.message ?? 'unknown error'}. Please try again.`, { status: error.status && error.status < 500 ? error.status : 502 })
  }
  const body = await capacityWorkbook(capacity.data, capacity.data.hireQueue)
  return xlsxDownload(body, `capacity_${new Date().toISOString().slice(0, 10)}.xlsx`)
}
