import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { SESSION_COOKIE } from '#api/auth/sessions'
import { roles, users } from '#api/db/schema'
import type { AccountStatus } from '#domain/constants'
import type { Answer, Api, Client } from './api-harness'

export { SESSION_COOKIE }
export const DRAFT_COOKIE = 'portal_draft'

/** The session token the client's cookie jar holds (undefined when signed out). */
export const sessionToken = (client: Client) => client.cookies.get(SESSION_COOKIE)

/** A new caller presenting a token seen earlier: how a copied or stale cookie is replayed. */
export function clientWithSession(api: Api, token: string) {
  const client = api.client()
  client.cookies.set(SESSION_COOKIE, token)
  return client
}

/** The user /landing restores for this client: null when the session is gone. */
export async function landingUser(client: Client) {
  const answer = await client.get<{ user: { _id: string; email: string; role: string; permissions: string[] } | null }>('/landing')
  expect(answer.status).toBe(200)
  return answer.body.user
}

/** A six-digit code that is certainly not the given one. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Adds a role to the list the profile form offers (the seed does this in a real install). */
export async function addRole(api: Api, name: string) {
  const [role] = await api.db.insert(roles).values({ name, createdAt: new Date() }).returning()
  return { _id: role.id, name: role.name }
}

export const setStatus = (api: Api, userId: string, status: AccountStatus) => api.db.update(users).set({ status }).where(eq(users.id, userId))

/** A complete submission of the profile form, as the JSON the form sends. */
export function profilePayload(roleId: string | null, over: { personal?: object; professional?: object; financial?: object } = {}) {
  return {
    personal: {
      name: 'Ana Rao',
      dob: '1990-04-12',
      phone: '+91 98765 43210',
      email: 'ana.personal@example.com',
      qualification: 'B.Tech',
      maritalStatus: 'Single',
      bloodGroup: 'O+',
      fatherName: 'Ravi Rao',
      fatherOccupation: 'Teacher',
      motherName: 'Meena Rao',
      motherOccupation: 'Doctor',
      siblings: 'One brother',
      ...over.personal,
    },
    professional: {
      employId: 'E-1001',
      designation: 'Engineer',
      role: 'Developer',
      workLocation: 'Hyderabad',
      asblExperience: 1.5,
      previousExperience: 2.5,
      totalExperience: 4,
      reportingManager: 'Kiran',
      dateOfJoining: '2024-07-01',
      dateOfLeaving: '',
      previousEmployer: 'Acme',
      previousDesignation: 'Intern',
      ...over.professional,
    },
    financial: { previousOrgSalary: 600000, currency: 'USD', ...over.financial },
    roleId,
  }
}

/**
 * What an error body must never show: a stack frame, or the SQL, the errors and the names of the
 * database underneath. None of them can match a message of the product's (none says "select … from",
 * "update … set", "violates" or names the database).
 */
export const INTERNALS: readonly RegExp[] = [
  /^\s+at /m,
  /\bat .+:\d+:\d+/,
  /\.(ts|tsx|js|mjs|cjs):\d+/,
  /\bstack\b/i,
  /\bselect\b.+\bfrom\b/i,
  /\binsert into\b/i,
  /\bupdate\b.+\bset\b/i,
  /\bdelete from\b/i,
  /syntax error/i,
  /relation "/i,
  /violates/i,
  /duplicate key/i,
  /failed query/i,
  /drizzle|pglite|postgres/i,
]

/** Every key and string of a JSON body, one a line: its text as a person would read it. */
const textOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...textOf(inner)]) : [String(value)]

/** Fails with `where` and the pattern when a body (text or parsed JSON) shows any of INTERNALS. */
export function expectNoInternals(body: unknown, where = '') {
  const text = textOf(body).join('\n')
  for (const pattern of INTERNALS) expect(text, `${where} shows ${pattern}`).not.toMatch(pattern)
}

/** Every refusal of the API: a 4xx status and a JSON body `{ error: <message> }` without internals. */
export function expectClientError(answer: Answer, status?: number) {
  if (status !== undefined) expect(answer.status).toBe(status)
  expect(answer.status).toBeGreaterThanOrEqual(400)
  expect(answer.status).toBeLessThan(500)
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
  expect(answer.body).toEqual(refusalShape(answer.body))
  const error = (answer.body as { error: string }).error
  expect(error.length).toBeGreaterThan(0)
  expectNoInternals(error)
}

/** A refusal's body: a sentence, and a code where the API gives one for a client to branch on. */
export const refusalShape = (body: unknown) => ({
  error: expect.any(String),
  ...(typeof body === 'object' && body !== null && 'code' in body ? { code: expect.stringMatching(/^[a-z_]+$/) } : {}),
})
