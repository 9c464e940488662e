import { loadCandidates } from '#app/features/mappings/api.server'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/user-entity-mapping.candidates'

/**
 * GET /user-entity-mapping/candidates?projectId=…&key=<row>&q=…: what the Assign Users popover
 * lists as the user types, one call to the API (GET /api/projects/{id}/mapping/candidates) with the
 * browser's session, rather than the whole page's loader. Answers `{key, candidates}`; none when
 * the call fails, so the list says no users were found.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'add')
  const answer = await loadCandidates(args, args.url.searchParams)
  // A resource route read by the popover's fetcher: plain JSON, never kept (who may be tagged changes).
  return Response.json(answer, { headers: { 'cache-control': 'no-store' } })
}
