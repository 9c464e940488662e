import { redirect } from 'react-router'
import { readSidebar, sidebarCookie } from '#app/lib/cookies.server'
import { safeRedirect } from '#app/lib/redirect'
import { readForm } from '#app/lib/form.server'
import { parseWithSchema, textField } from '#app/lib/validation'
import * as z from 'zod/mini'
import type { Route } from './+types/preferences'

/**
 * Sidebar toggles. Kept in a cookie so the server renders the sidebar as the user left it, with or
 * without JavaScript. A plain form post comes back to the page it was sent from.
 */
/** The toggle pressed and where it is now, and the page a plain post came from; every field reads as text, so it always succeeds. */
const toggleSchema = z.object({ intent: textField, collapsed: textField, open: textField, redirectTo: textField })

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithSchema(await readForm(request), { schema: toggleSchema })
  const toggle = submission.status === 'success' ? submission.value : toggleSchema.parse({})
  const state = await readSidebar(request)
  if (toggle.intent === 'sidebar') state.collapsed = toggle.collapsed === 'true'
  if (toggle.intent === 'planning') state.planningOpen = toggle.open === 'true'
  const headers = { 'set-cookie': await sidebarCookie.serialize(state) }
  const back = toggle.redirectTo
  return back ? redirect(safeRedirect(back, '/dashboard'), { headers }) : Response.json(state, { headers })
}

export const loader = () => redirect('/dashboard')
