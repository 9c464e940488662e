import type { LoaderFunctionArgs } from '@remix-run/node'
import { periodOf, readChoice } from '#app/features/capacity/period'
import { capacityWorkbook } from '#app/features/capacity/workbook.server'
import { getCapacity, getHireQueue } from '#app/lib/api/schedule.server'
import { xlsxDownload } from '#app/lib/download.server'
import { requirePermission } from '#app/lib/session.server'

/** GET /capacity/export: the capacity grid and the hire-by queue the page shows, as capacity_{YYYY-MM-DD}.xlsx. */
export async function loader(args: LoaderFunctionArgs) {
  await requirePermission(args, 'view')
  const period = periodOf(readChoice(new URL(args.request.url).searchParams))
  const [capacity, queue] = await Promise.all([getCapacity(args, period), getHireQueue(args, { projectId: period.projectId, roleId: period.roleId })])
  if (!capacity.ok || !queue.ok) {
    const error = !capacity.ok ? capacity.error : !queue.ok ? queue.error : null
    throw new Response(`The export failed: ${error?.message ?? 'unknown error'}. Please try again.`, { status: error?.status && error.status < 500 ? error.status : 502 })
  }
  const body = await capacityWorkbook(capacity.data, queue.data)
  return xlsxDownload(body, `capacity_${new Date().toISOString().slice(0, 10)}.xlsx`)
}
