import { ADMIN_ROLE, PERMISSIONS, type Permission } from './constants'
import { sameId } from './ids'

/** What the access rules read of a person: their one role's name and their own permission list. */
export interface Holder {
  role: string
  permissions: readonly string[]
}
/** A role as it would be granted: its name and the permissions it carries. */
export interface Grant {
  name: string
  permissions: readonly string[]
}

export const ADMIN_ONLY = 'Only an administrator can give or take away the Admin role.'

/** Holding the Admin role is being an administrator (DESIGN §4). */
export const isAdmin = (person: Pick<Holder, 'role'>) => person.role === ADMIN_ROLE

/** Admin has every permission; anyone else, their own list (picking a role grants nothing). */
export const can = (person: Holder, permission: Permission) => isAdmin(person) || person.permissions.includes(permission)

/** Someone acting: what they hold and their id, as the API's account row (`id`) or an answer of the API (`_id`) spells it. */
export type HolderWithId = Holder & ({ id: string } | { _id: string })

const idOf = (actor: HolderWithId) => ('id' in actor ? actor.id : actor._id)

/** Whether `id` is the actor's own, compared canonically (domain/ids.ts). */
export const isSelf = (actor: HolderWithId, id: string | null | undefined) => sameId(idOf(actor), id)

/**
 * "Oneself, or whoever holds the permission" (DESIGN §4): what is the person's own (their profile,
 * their leave) is theirs, and someone else's needs `permission`. Ids compare canonically.
 */
export const ownerOr = (actor: HolderWithId, ownerId: string | null | undefined, permission: Permission) => isSelf(actor, ownerId) || can(actor, permission)

/**
 * Who sees a person's private details (date of birth, family and financial details): the person
 * and the administrators only (DESIGN §4); `view` or `edit` is not enough.
 */
export const seesPrivate = (actor: HolderWithId, ownerId: string | null | undefined) => isSelf(actor, ownerId) || isAdmin(actor)

/** The permissions of a grant that the actor does not hold, in the usual order. */
export const ungrantable = (actor: Holder, permissions: readonly string[]) =>
  PERMISSIONS.filter((permission) => permissions.includes(permission) && !can(actor, permission))

/**
 * No one grants what they do not hold: the refusal (a sentence naming what is missing) for giving
 * `grant` to someone, or null when the actor may. Only an administrator gives the Admin role.
 */
export function grantRefusal(actor: Holder, grant: Grant): string | null {
  if (grant.name === ADMIN_ROLE && !isAdmin(actor)) return ADMIN_ONLY
  const missing = ungrantable(actor, grant.permissions)
  if (missing.length === 0) return null
  const names = missing.join(', ')
  return `You cannot grant the ${names} permission${missing.length > 1 ? 's' : ''}, which you do not hold.`
}

export const canGrant = (actor: Holder, grant: Grant) => grantRefusal(actor, grant) === null

/**
 * The roles a profile form offers: on one's own profile every role but Admin (a pick grants
 * nothing, and nobody picks Admin for themselves), on someone else's the roles the editor may
 * grant. An administrator is offered every role; the role already held always stays offered.
 */
export function offeredRoles<R extends Grant & { _id: string }>(roles: readonly R[], actor: Holder, { own, currentId }: { own: boolean; currentId: string | null }) {
  return roles.filter((role) => role._id === currentId || (own ? role.name !== ADMIN_ROLE || isAdmin(actor) : canGrant(actor, role)))
}
