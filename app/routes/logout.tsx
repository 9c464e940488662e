import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { SESSION_COOKIE } from '#domain/constants'
import { api } from '#app/lib/api/http.server'

/** Signs out whether or not the API call succeeds: the cookie is cleared here too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const logout = await api({ request, context }, '/auth/logout', { method: 'POST' })
  const headers = new Headers(logout.headers)
  if (!headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))) {
    headers.append('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
  }
  return redirect('/login', { headers })
}

export const loader = () => redirect('/login')
