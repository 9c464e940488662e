import type { RouterContextProvider } from 'react-router'
import { request as send } from 'undici'
import { normalizeError, type ApiError } from '../errors'
import { hrefOf, type SearchValues } from '../search'
import { webRequest } from '../web-request'

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; error: ApiError; headers: Headers }

export interface Caller {
  request: Request
  /** The address asked for, without React Router's data-request suffix and parameters (`request.url` has them). */
  url: URL
  context: Readonly<RouterContextProvider>
}

/**
 * The web's one way to the API: forwards the browser's cookies and address, and hands back the
 * API's Set-Cookie headers for the response to pass on. Never throws: failures come back
 * normalised, with no timeout (spec/access-session-profile-shell.md §7).
 *
 * undici's `request` rather than `fetch`: a page makes one to three calls, and fetch's Request,
 * Headers, AbortSignal and web stream per call cost the web about two thirds as much CPU as
 * rendering the dashboard (docs/decisions.md). Connections are kept alive by undici's pool either way.
 */
export async function api<T = Record<string, unknown>>(
  { request, context }: Caller,
  path: string,
  { method = 'GET', body }: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  const { clientAddress, requestId, backendUrl } = context.get(webRequest)
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-forwarded-for': clientAddress,
    'x-request-id': requestId,
  }
  const cookie = request.headers.get('cookie')
  if (cookie) headers.cookie = cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const passOn = new Headers()
  try {
    const response = await send(backendUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    for (const line of [response.headers['set-cookie'] ?? []].flat()) passOn.append('set-cookie', line)
    const data = await response.body.json().catch(() => null)
    const ok = response.statusCode >= 200 && response.statusCode < 300
    if (ok) return { ok: true, status: response.statusCode, data: data as T, headers: passOn }
    return { ok: false, error: normalizeError(response.statusCode, data), headers: passOn }
  } catch (networkError) {
    return { ok: false, error: normalizeError(null, null, networkError), headers: passOn }
  }
}

/** Headers for a response that passes on several results' cookies plus any of its own. */
export function mergeHeaders(...sources: (Headers | undefined)[]) {
  const merged = new Headers()
  for (const source of sources) {
    if (!source) continue
    source.forEach((value, key) => {
      if (key !== 'set-cookie') merged.append(key, value)
    })
    for (const line of source.getSetCookie()) merged.append('set-cookie', line)
  }
  return merged
}

/** A query string with its `?`, without the empty values (`{ categoryId: '' }` asks for everything); '' when none is left. */
export const queryString = (params: SearchValues = {}) => hrefOf('', params)

/**
 * A failed call's list is an empty list: the page still renders and says what failed elsewhere.
 * With `pick`, the list inside the answer (`{ roles: [...] }`). A call not made (`undefined`) is empty too.
 */
export function listOr<T>(result: ApiResult<readonly T[]> | ApiResult<T[]> | null | undefined): T[]
export function listOr<T, Item>(result: ApiResult<T> | null | undefined, pick: (data: T) => Item[]): Item[]
export function listOr(result: ApiResult<unknown> | null | undefined, pick?: (data: unknown) => unknown[]): unknown[] {
  if (!result?.ok) return []
  return pick ? pick(result.data) : (result.data as unknown[])
}

/** The answer's data, or `fallback` when the call failed or was not made. */
export const okOr = <T, Fallback>(result: ApiResult<T> | null | undefined, fallback: Fallback): T | Fallback => (result?.ok ? result.data : fallback)
