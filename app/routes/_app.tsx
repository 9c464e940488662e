import { Outlet } from 'react-router'
import { AppBar } from '#app/components/app-bar'
import { Flash } from '#app/components/flash'
import { NavigationProgress, useScreenChange } from '#app/components/navigation-progress'
import { shellLinks } from '#app/components/shell-links'
import { Sidebar } from '#app/components/sidebar'
import { readSidebar } from '#app/lib/cookies.server'
import { can } from '#domain/access'
import { requireUser } from '#app/lib/session.server'
import { profilePath } from '#app/features/profile/form'
import type { Route } from './+types/_app'

/**
 * The protected area: signed-in users only (others go to /login and come back after). The shell
 * lists only the screens the person can open, worked out here so the browser gets the list alone.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, message } = await requireUser(args)
  return {
    user,
    message,
    sidebar: await readSidebar(args.request),
    canAdminister: can(user, 'view'),
    links: shellLinks(user, profilePath(user._id)),
  }
}

/** The sidebar on wider screens, the top bar on a phone (CSS shows one); the skip link (root) lands on main. */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { user, sidebar, links } = loaderData
  const { busy, label } = useScreenChange()
  return (
    <div className="app-shell">
      <AppBar user={user} links={links} />
      <Sidebar user={user} state={sidebar} links={links} />
      <NavigationProgress busy={busy} label={label} />
      <main id="main" tabIndex={-1} className="app-main" aria-busy={busy}>
        <Flash />
        <Outlet />
      </main>
    </div>
  )
}
