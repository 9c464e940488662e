import { createCookie } from 'react-router'
import { webEnv } from '../../server/env'

const base = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: webEnv().PUBLIC_URL.startsWith('https:') }

/** The email waiting for its code (the spec's browser-kept pendingEmail), read by /verify-otp. */
export const pendingEmailCookie = createCookie('pending_email', { ...base, maxAge: 60 * 60 * 24 })

/** Sidebar collapsed and the Resource Planning group open: kept so the server renders them right. */
export const sidebarCookie = createCookie('sidebar', { ...base, maxAge: 60 * 60 * 24 * 365 })

export interface SidebarState {
  collapsed: boolean
  planningOpen: boolean
}

export async function readSidebar(request: Request): Promise<SidebarState> {
  const value = (await sidebarCookie.parse(request.headers.get('cookie'))) as Partial<SidebarState> | null
  return { collapsed: value?.collapsed === true, planningOpen: value?.planningOpen !== false }
}
