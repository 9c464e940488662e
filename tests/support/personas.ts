import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { Permission } from '#domain/constants'
import { users } from '#api/db/schema'
import { signedUpUser, type Answer, type Api, type Client } from './api-harness'
import { expectClientError } from './helpers'

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

/** Gives a user exactly these permissions, written straight to their account (as a role confirmed for them would). */
export const grant = (api: Api, userId: string, permissions: Permission[]) => api.db.update(users).set({ permissions }).where(eq(users.id, userId))

/** A signed-up user (never the first: that one is the administrator) holding exactly these permissions. */
export async function userHolding(api: Api, permissions: Permission[]) {
  const user = await signedUpUser(api)
  await grant(api, user.id, permissions)
  return user
}

/**
 * A caller for each persona, with the id of their account (null for the anonymous one): the first
 * account signed up (the administrator), one anonymous caller, and one user holding exactly each
 * permission list; `extra` adds personas of a suite's own, each with its list.
 */
export async function personaCallers<Extra extends string = never>(api: Api, extra = {} as Record<Extra, Permission[]>) {
  const callers = new Map<Persona | Extra, { client: Client; id: string | null }>()
  callers.set('Admin', await signedUpUser(api))
  callers.set('anonymous', { client: api.client(), id: null })
  for (const [persona, permissions] of Object.entries<Permission[]>({ ...GRANTS, ...extra })) callers.set(persona as Persona | Extra, await userHolding(api, permissions))
  return callers
}

/** personaCallers' clients alone. */
export async function personaClients<Extra extends string = never>(api: Api, extra = {} as Record<Extra, Permission[]>) {
  const callers = await personaCallers(api, extra)
  return new Map([...callers].map(([persona, { client }]) => [persona, client]))
}

/** What a call needing `needs` answers a persona (DESIGN §4): its own success status when allowed. */
export const expectedStatus = (persona: Persona, call: { needs: Permission; ok: number }) =>
  persona === 'anonymous' ? 401 : persona === 'Admin' || (persona !== 'no permissions' && persona === call.needs) ? call.ok : 403

/**
 * The permission matrix of a group of calls: one test per persona and call, named
 * `{persona}: {call} answers {status}`, after one that the matrix has every persona and every call.
 * Each cell makes the call as the persona, expects the status (a refusal: a JSON error, 'Please log
 * in to continue.' for 401, 'You do not have permission to do this.' for 403), then lets the call
 * check its effect: made when allowed, nothing when refused.
 */
export function permissionMatrix<P extends string, C>(
  title: string,
  matrix: {
    personas: readonly P[]
    calls: Record<string, C>
    /** The status this call answers this persona. */
    status: (persona: P, call: C, name: string) => number
    make: (persona: P, call: C) => Promise<Answer>
    check: (persona: P, call: C, answer: Answer, allowed: boolean) => Promise<void>
    /** What the coverage test is called, and how many personas and calls the matrix has. */
    covers: { title: string; personas: number; calls: number }
  },
) {
  const { personas, calls, status, make, check, covers } = matrix
  const cells = personas.flatMap((persona) =>
    Object.entries(calls).map(([name, call]) => [`${persona}: ${name} answers ${status(persona, call, name)}`, { persona, name }] as const),
  )
  describe(title, () => {
    test(covers.title, () => {
      expect(personas).toHaveLength(covers.personas)
      expect(Object.keys(calls)).toHaveLength(covers.calls)
      expect(cells).toHaveLength(covers.personas * covers.calls)
    })

    test.each(cells)('%s', async (_, { persona, name }) => {
      const call = calls[name]
      const expected = status(persona, call, name)
      const answer = await make(persona, call)
      expect(answer.status, JSON.stringify(answer.body)).toBe(expected)
      const allowed = expected < 400
      if (!allowed) {
        expectClientError(answer, expected)
        expect(answer.body.error).toBe(expected === 401 ? 'Please log in to continue.' : 'You do not have permission to do this.')
      }
      await check(persona, call, answer, allowed)
    })
  })
}
