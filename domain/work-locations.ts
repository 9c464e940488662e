/** Grouping of the Role & Permissions screen: users by work location, then by role. */

export const UNASSIGNED_LOCATION = 'Unassigned'
// The spec puts these first; the rest follow alphabetically, and users without a location last.
const FIRST = ['Admin', 'Site']

export interface RoleHolder {
  workLocation: string | null
}
export interface RoleWithHolders<U extends RoleHolder> {
  _id: string
  name: string
  permissions: string[]
  users: U[]
}

export const locationOf = (user: RoleHolder) => user.workLocation?.trim() || UNASSIGNED_LOCATION

export function compareLocations(a: string, b: string) {
  const rank = (location: string) => (FIRST.includes(location) ? FIRST.indexOf(location) : location === UNASSIGNED_LOCATION ? 3 : 2)
  return rank(a) - rank(b) || a.localeCompare(b, 'en', { sensitivity: 'base' })
}

/** Locations in screen order, each with the roles held there and their holders at that location. */
export function groupByLocation<U extends RoleHolder>(roles: RoleWithHolders<U>[]) {
  const locations = new Map<string, { role: RoleWithHolders<U>; users: U[] }[]>()
  for (const role of roles) {
    const here = new Map<string, U[]>()
    for (const user of role.users) {
      const location = locationOf(user)
      here.set(location, [...(here.get(location) ?? []), user])
    }
    for (const [location, users] of here) {
      locations.set(location, [...(locations.get(location) ?? []), { role, users }])
    }
  }
  return [...locations.keys()].sort(compareLocations).map((location) => ({ location, roles: locations.get(location)! }))
}
