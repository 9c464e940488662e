import { can, seesPrivate } from '#domain/access'
import type { SessionUser } from '#app/lib/session.server'
import { readPage } from '#domain/pages'
import { listPersonAudit } from '#app/lib/api/audit.server'
import { listOr, okOr, type Caller } from '#app/lib/api/http.server'
import { TIME_ZONE } from '#app/lib/time-zone.server'
import { PERSON_PAGE_SIZE } from '#app/features/schedule/person-lists'
import { CHANGES_PAGE } from './person-changes'

/**
 * A profile's Changes: the page of changes made to the person and their assignments the
 * address asks for (?changes=), for the person and the administrators; null for anyone else, who
 * sees no such section. A failed read shows as an empty list, as the profile's other lists do.
 */
export async function loadPersonChanges(caller: Caller, me: SessionUser, userId: string) {
  if (!seesPrivate(me, userId)) return null
  const page = readPage(new URLSearchParams({ page: caller.url.searchParams.get(CHANGES_PAGE) ?? '' }))
  // As many as the profile's other lists a page: an entry can name many fields before and after, and the profile stays small.
  const result = await listPersonAudit(caller, userId, page, PERSON_PAGE_SIZE)
  return {
    page,
    size: PERSON_PAGE_SIZE,
    entries: listOr(result, (data) => data.entries),
    total: okOr(result, { total: 0 }).total,
    failed: !result.ok,
    timeZone: TIME_ZONE,
    // The screens an entry leads to need `view`: without it, the entries name things without linking to them.
    linked: can(me, 'view'),
  }
}

export type PersonChanges = NonNullable<Awaited<ReturnType<typeof loadPersonChanges>>>
