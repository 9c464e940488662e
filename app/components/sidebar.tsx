import { NavLink, useFetcher, useLocation } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { useHydrated } from '#app/lib/hydrated'
import type { SidebarState } from '#app/lib/cookies.server'
import type { SessionUser } from '#app/lib/session.server'
import type { ShellLink, ShellLinks } from './shell-links'

interface SidebarProps {
  user: SessionUser
  state: SidebarState
  links: ShellLinks
}

/**
 * The signed-in area's navigation. Its two toggles are form posts to /preferences: with
 * JavaScript they go through a fetcher and the sidebar changes at once.
 */
export function Sidebar({ user, state, links }: SidebarProps) {
  const location = useLocation()
  const sidebar = useFetcher({ key: 'sidebar' })
  const planning = useFetcher({ key: 'planning' })
  // Without JavaScript the post returns to this page; with it, the fetcher needs no redirect.
  const back = useHydrated() ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
  const collapsed = sidebar.formData ? sidebar.formData.get('collapsed') === 'true' : state.collapsed
  const planningOpen = planning.formData ? planning.formData.get('open') === 'true' : state.planningOpen

  return (
    <aside className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Sidebar">
      <div className="sidebar-head">
        <span className="brand">{PRODUCT_NAME}</span>
        <sidebar.Form method="post" action="/preferences">
          <input type="hidden" name="intent" value="sidebar" />
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          {back}
          <button type="submit" className="button ghost" aria-expanded={!collapsed} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
            {collapsed ? '»' : '«'}
          </button>
        </sidebar.Form>
      </div>
      <nav aria-label="Main">
        <ul>
          <LinkItems links={links.main} />
          {links.planning.length > 0 ? (
            <li>
              <planning.Form method="post" action="/preferences">
                <input type="hidden" name="intent" value="planning" />
                <input type="hidden" name="open" value={String(!planningOpen)} />
                {back}
                <button type="submit" className="group-toggle" aria-expanded={planningOpen} aria-controls="planning-links">
                  Resource Planning <span aria-hidden="true">{planningOpen ? '▾' : '▸'}</span>
                </button>
              </planning.Form>
              {planningOpen ? (
                <ul id="planning-links">
                  <LinkItems links={links.planning} />
                </ul>
              ) : null}
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <SignedIn user={user} />
      </div>
    </aside>
  )
}

export function LinkItems({ links }: { links: ShellLink[] }) {
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === '/users'}>
        {link.label}
      </NavLink>
    </li>
  ))
}

/** Who is signed in, and the way out. */
export function SignedIn({ user }: { user: SessionUser }) {
  return (
    <>
      <span className="email" title={user.email}>
        {user.email}
      </span>
      <form method="post" action="/logout">
        <button type="submit" className="button secondary">
          Logout
        </button>
      </form>
    </>
  )
}
