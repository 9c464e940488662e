import { redirect } from 'react-router'
import { SESSION_COOKIE } from '#domain/constants'
import { logOut } from '#app/lib/api/auth.server'
import type { Route } from './+types/logout'

/** Signs out whether or not the API call succeeds: the cookie is cleared here too. */
export async function action(args: Route.ActionArgs) {
  const logout = await logOut(args)
  const headers = new Headers(logout.headers)
  if (!headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`))) {
    headers.append('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
  }
  return redirect('/login', { headers })
}

export const loader = () => redirect('/login')
