import { listOr, type Caller } from '#app/lib/api/http.server'
import { getAvailability } from '#app/lib/api/schedule.server'

/**
 * Assign Users' people with their load over the row's dates and what tagging them would clash
 * with (GET /api/availability), for the popover and the page alike. A failed call leaves them
 * as they were: the dialog still tags, it only says less.
 */
export async function withAvailability(caller: Caller, slot: { projectId: string; projectEntityId: string; roleId: string; clusterIds: string[] }, userIds: string[]) {
  const answer = userIds.length
    ? await getAvailability(caller, { projectId: slot.projectId, instanceId: slot.projectEntityId, roleId: slot.roleId, clusterIds: slot.clusterIds, userIds })
    : null
  const held = new Map(listOr(answer, (data) => data.people).map((person) => [person.userId, person]))
  return <Person extends { _id: string }>(person: Person) => {
    const found = held.get(person._id)
    return found ? { ...person, load: found.load, clashes: found.clashes } : person
  }
}
