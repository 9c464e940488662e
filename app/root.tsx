import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { PRODUCT_NAME, SESSION_COOKIE } from '#domain/constants'
import { RootFlash } from './components/flash'
import { TopBar } from './components/top-bar'
import { getToast } from './lib/toast.server'
import { useNonce } from './lib/nonce'
import { useStylesheetText } from './lib/stylesheet'
import { stylesheetInline } from './lib/stylesheet.server'
import styles from './styles/app.css?url'
import type { Route } from './+types/root'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const meta: Route.MetaFunction = () => [{ title: PRODUCT_NAME }, { name: 'description', content: 'Workforce and resource planning' }]

/**
 * Whether a session cookie is present: enough for the top bar, without a call to the API. The
 * confirmation the last save flashed, read once: its cookie is cleared with this answer. And
 * whether the page writes the stylesheet in (lib/stylesheet.server.ts says when, and why).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get('cookie') ?? ''
  const [{ toast, headers: toastHeaders }, stylesheet] = await Promise.all([getToast(request), stylesheetInline(request, styles)])
  const headers = new Headers(toastHeaders ?? undefined)
  if (stylesheet.setCookie) headers.append('Set-Cookie', stylesheet.setCookie)
  return data({ signedIn: cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`)), toast, inlineStylesheet: stylesheet.inline }, { headers })
}

/** Read on every navigation (it costs no call to the API), so a confirmation goes with the page it was for. */
export const shouldRevalidate = () => true

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const inline = useRouteLoaderData<typeof loader>('root')?.inlineStylesheet ?? false
  // The server's entry gives the text; in the browser it is empty, and React keeps the <style> the server wrote (one per href).
  const stylesheetText = useStylesheetText()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          With a precedence React writes the stylesheet at the top of <head>, before the scripts'
          modulepreloads it hoists there: the first paint waits for this file only, and a phone on a
          slow network fetches it first instead of behind a dozen scripts.
        */}
        {inline ? (
          <>
            {/* No nonce: the policy allows inline styles (helmet's default), and React writes a managed style's nonce only from a render option. */}
            <style href={styles} precedence="app">
              {stylesheetText}
            </style>
            {/* Fetched once the page is idle, so the next page paints from the cached file. */}
            <link rel="prefetch" href={styles} as="style" />
          </>
        ) : (
          <link rel="stylesheet" href={styles} precedence="app" nonce={nonce} />
        )}
        <Meta />
        <Links />
      </head>
      <body>
        {/* First in every page's tab order; each layout's <main> is #main, focusable by script and fragment alone. */}
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <>
      <RootFlash />
      <Outlet />
    </>
  )
}

/** Pages outside the authentication and application paths: the top bar with the brand. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root')
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <>
      <TopBar signedIn={data?.signedIn ?? false} />
      <main id="main" tabIndex={-1} className="page-center">
        <section className="card">
          <h1>{status === 404 ? 'Page not found' : status === 403 ? 'Access denied' : 'Something went wrong'}</h1>
          <p>{isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : 'Please try again, or go back to the start.'}</p>
        </section>
      </main>
    </>
  )
}
