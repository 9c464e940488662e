import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { Sidebar } from '#app/components/sidebar'
import { readSidebar } from '#app/lib/cookies.server'
import { can } from '#domain/access'
import { requireUser } from '#app/lib/session.server'

/** The protected area: signed-in users only (others go to /login and come back after). */
export async function loader(args: LoaderFunctionArgs) {
  const { user, message } = await requireUser(args)
  return json({ user, message, sidebar: await readSidebar(args.request), canAdminister: can(user, 'view') })
}

export default function AppLayout() {
  const { user, sidebar, canAdminister } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const location = useLocation()
  // Entering another screen shows the loading card; a screen reloading itself (search, filters) keeps its content.
  const loading = navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname !== location.pathname
  const loadingText = navigation.location?.pathname === '/users' ? 'Loading users...' : 'Loading...'
  return (
    <div className="app-shell">
      <Sidebar user={user} state={sidebar} canAdminister={canAdminister} />
      <main className="app-main">
        {loading ? (
          <section className="card loading-card" role="status">
            {loadingText}
          </section>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  )
}
