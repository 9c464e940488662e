import { NavLink, useFetcher, useLocation } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import { useHydrated } from '#app/lib/hydrated'
import type { SidebarState } from '#app/lib/cookies.server'
import type { SessionUser } from '#app/lib/session.server'

const planningLinks = [
  { to: '/planning', label: 'Planning' },
  { to: '/resource-planning-template', label: 'Planning Template' },
  { to: '/project-resource-planning', label: 'Project Resource Planning' },
  { to: '/user-entity-mapping', label: 'User Entity Mapping' },
  { to: '/project-cluster-timelines', label: 'Cluster Timelines' },
  { to: '/role-project-clusters', label: 'Role Project Clusters' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/capacity', label: 'Capacity' },
]

interface SidebarProps {
  user: SessionUser
  state: SidebarState
  /** Administration screens are listed only for users who may view them. */
  canAdminister: boolean
}

/**
 * The signed-in area's navigation. Its two toggles are form posts to /preferences: with
 * JavaScript they go through a fetcher and the sidebar changes at once.
 */
export function Sidebar({ user, state, canAdminister }: SidebarProps) {
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
          <li>
            <NavLink to="/dashboard">Dashboard</NavLink>
          </li>
          {canAdminister ? (
            <>
              <li>
                <NavLink to="/users">Users</NavLink>
              </li>
              <li>
                <NavLink to="/roles">Role &amp; Permissions</NavLink>
              </li>
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
                    {planningLinks.map((link) => (
                      <li key={link.to}>
                        <NavLink to={link.to}>{link.label}</NavLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            </>
          ) : null}
        </ul>
      </nav>
      <div className="sidebar-foot">
        <span className="email" title={user.email}>
          {user.email}
        </span>
        <form method="post" action="/logout">
          <button type="submit" className="button secondary">
            Logout
          </button>
        </form>
      </div>
    </aside>
  )
}
