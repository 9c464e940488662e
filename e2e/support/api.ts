import { expect } from '@playwright/test'
import { E2E_ADMIN, E2E_API_URL } from '../../playwright.config'

const API = E2E_API_URL

/** Who signs in: an email and a password. */
export type Credentials = { email: string; password: string }

/** A JSON call to the API in one session: any answer but a success fails the test with its body. */
export type ApiCall = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>

/** A session opened through the API: its caller, and the user it belongs to. */
export interface ApiSession {
  call: ApiCall
  user: { _id: string; email: string; fullName: string | null }
}

/** Signs in through the API (the administrator unless told), for setting up data as that user. */
export async function apiSession(user: Credentials = E2E_ADMIN): Promise<ApiSession> {
  const response = await fetch(`${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  })
  expect(response.ok, `API sign-in of ${user.email}: ${await response.clone().text()}`).toBe(true)
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const answer = await fetch(`${API}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    expect(answer.ok, `${init.method ?? 'GET'} ${path}: ${await answer.clone().text()}`).toBe(true)
    return answer.json() as Promise<T>
  }
  return { call, user: ((await response.json()) as { user: ApiSession['user'] }).user }
}
