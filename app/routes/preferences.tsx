import { redirect } from 'react-router'
import { readSidebar, sidebarCookie } from '#app/lib/cookies.server'
import { safeRedirect } from '#app/lib/redirect'
import { readForm } from '#app/lib/form.server'
import type { Route } from './+types/preferences'

/**
 * Sidebar toggles. Kept in a cookie so the server renders the sidebar as the user left it, with or
 * without JavaScript. A plain form post comes back to the page it was sent from.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  const state = await readSidebar(request)
  if (form.get('intent') === 'sidebar') state.collapsed = form.get('collapsed') === 'true'
  if (form.get('intent') === 'planning') state.planningOpen = form.get('open') === 'true'
  const headers = { 'set-cookie': await sidebarCookie.serialize(state) }
  const back = form.get('redirectTo')
  return back ? redirect(safeRedirect(back, '/dashboard'), { headers }) : Response.json(state, { headers })
}

export const loader = () => redirect('/dashboard')
