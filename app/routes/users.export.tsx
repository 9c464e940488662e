import { exportFileName } from '#domain/export'
import { xlsxDownload } from '#app/lib/download.server'
import { FALLBACK_MESSAGE, messageOr } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import { fetchUsers } from '#app/features/users/api.server'
import { readFilters } from '#app/features/users/query'
import { usersWorkbook } from '#app/features/users/workbook.server'
import type { Route } from './+types/users.export'

/**
 * GET /users/export?q=&role=: the users the list shows for the same search and filter, as an
 * .xlsx download. A plain link reaches it, so it works with JavaScript off.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const result = await fetchUsers(args, readFilters(args.url.searchParams))
  // An empty file would look like "no users": say that the export failed instead.
  if (!result.ok) throw new Response(`The export failed: ${messageOr(result.error, FALLBACK_MESSAGE)}. Please try again.`, { status: 502 })
  const body = await usersWorkbook(result.data.users)
  return xlsxDownload(body, exportFileName(new Date()))
}
