import { CLUSTER_DESCRIPTION_CACHE_SECONDS } from '#domain/planning/messages'
import { describeClusters } from '#app/lib/api/catalog.server'
import { FALLBACK_MESSAGE } from '#app/lib/errors'
import { requirePermission } from '#app/lib/session.server'
import type { Route } from './+types/resource-planning-template.descriptions'

/**
 * GET /resource-planning-template/descriptions?ids=a,b: what the cluster description popover shows,
 * read from GET /api/clusters/description with the browser's session. Answers `{data}`, or
 * `{error}` with the API's message (null when it gave none) and its status.
 */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, 'view')
  const ids = args.url.searchParams.get('ids') ?? ''
  const result = await describeClusters(args, ids)
  if (!result.ok) {
    const message = result.error.message === FALLBACK_MESSAGE ? null : result.error.message
    return Response.json({ error: message }, { status: result.error.status ?? 502, headers: { 'cache-control': 'no-store' } })
  }
  // spec/administration-planning.md §7: the API may answer a list or {data: list}.
  const data = Array.isArray(result.data) ? result.data : (result.data.data ?? [])
  // A resource route fetched by the popover: plain JSON, the web platform's own way.
  return Response.json({ data }, { headers: { 'cache-control': `private, max-age=${CLUSTER_DESCRIPTION_CACHE_SECONDS}` } })
}
