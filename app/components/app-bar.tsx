import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'
import type { SessionUser } from '#app/lib/session.server'
import { pageName, type ShellLinks } from './shell-links'
import { LinkItems, SignedIn } from './sidebar'

/**
 * The shell on a phone (below 768 px, where the sidebar is hidden): one row with the brand over the
 * screen's name, and a Menu. The menu is a <details>, so it opens without JavaScript; with it, the
 * menu closes when a link in it changes the screen (the document stays) and on Escape.
 */
export function AppBar({ user, links }: { user: SessionUser; links: ShellLinks }) {
  const { pathname, search } = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [pathname, search])

  return (
    <header className="app-bar">
      <div className="app-bar-title">
        <Link to="/dashboard" className="brand">
          {PRODUCT_NAME}
        </Link>
        <span className="app-bar-page">{pageName(links, pathname)}</span>
      </div>
      <details
        ref={menu}
        className="app-menu"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !event.currentTarget.open) return
          event.currentTarget.open = false
          event.currentTarget.querySelector('summary')?.focus()
        }}
      >
        <summary className="button secondary">Menu</summary>
        <div className="app-menu-panel">
          <nav aria-label="Main">
            <ul>
              <LinkItems links={links.main} />
              {links.planning.length > 0 ? (
                <li>
                  <span className="app-menu-group" id="menu-planning">
                    Resource Planning
                  </span>
                  <ul aria-labelledby="menu-planning">
                    <LinkItems links={links.planning} />
                  </ul>
                </li>
              ) : null}
            </ul>
          </nav>
          <div className="app-menu-foot">
            <SignedIn user={user} />
          </div>
        </div>
      </details>
    </header>
  )
}
