import { Outlet } from 'react-router'
import { NavigationProgress, useScreenChange } from '#app/components/navigation-progress'
import { Sidebar } from '#app/components/sidebar'
import { readSidebar } from '#app/lib/cookies.server'
import { can } from '#domain/access'
import { requireUser } from '#app/lib/session.server'
import type { Route } from './+types/_app'

/** The protected area: signed-in users only (others go to /login and come back after). */
export async function loader(args: Route.LoaderArgs) {
  const { user, message } = await requireUser(args)
  return { user, message, sidebar: await readSidebar(args.request), canAdminister: can(user, 'view') }
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const { user, sidebar, canAdminister } = loaderData
  const { busy, label } = useScreenChange()
  return (
    <div className="app-shell">
      <Sidebar user={user} state={sidebar} canAdminister={canAdminister} />
      <NavigationProgress busy={busy} label={label} />
      <main className="app-main" aria-busy={busy}>
        <Outlet />
      </main>
    </div>
  )
}
