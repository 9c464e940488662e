import { eq } from 'drizzle-orm'
import type { Permission } from '#domain/constants'
import { users } from '#api/db/schema'
import { signedUpUser, type Api, type Client } from './api-harness'

/** The kinds of caller a permission matrix walks (DESIGN §4). */
export type Persona = 'anonymous' | 'no permissions' | 'view' | 'add' | 'edit' | 'delete' | 'Admin'
export const PERSONAS: Persona[] = ['anonymous', 'no permissions', 'view', 'add', 'edit', 'delete', 'Admin']
const GRANTS: Record<Exclude<Persona, 'anonymous' | 'Admin'>, Permission[]> = {
  'no permissions': [],
  view: ['view'],
  add: ['add'],
  edit: ['edit'],
  delete: ['delete'],
}

/**
 * A signed-in client for each persona: the first account signed up (the administrator), one
 * anonymous caller, and one user holding exactly each permission list; `extra` adds personas of a
 * suite's own, each with its list.
 */
export async function personaClients<Extra extends string = never>(api: Api, extra = {} as Record<Extra, Permission[]>) {
  const clients = new Map<Persona | Extra, Client>()
  clients.set('Admin', (await signedUpUser(api)).client)
  clients.set('anonymous', api.client())
  for (const [persona, permissions] of Object.entries<Permission[]>({ ...GRANTS, ...extra })) {
    const user = await signedUpUser(api)
    await api.db.update(users).set({ permissions }).where(eq(users.id, user.id))
    clients.set(persona as Persona | Extra, user.client)
  }
  return clients
}

/** What a call needing `needs` answers a persona (DESIGN §4): its own success status when allowed. */
export const expectedStatus = (persona: Persona, call: { needs: Permission; ok: number }) =>
  persona === 'anonymous' ? 401 : persona === 'Admin' || (persona !== 'no permissions' && persona === call.needs) ? call.ok : 403
