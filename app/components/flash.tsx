import { useMatches, useRouteLoaderData } from 'react-router'
import type { Toast } from '#app/lib/toast.server'

/**
 * The confirmation an action flashed (app/lib/toast.server.ts), at the top of the page it led to.
 * The root's loader reads it once, on every navigation, so it goes with the next one. The region is
 * always there, so one that arrives on a client-side navigation is announced.
 */
export function Flash() {
  const toast = useRouteLoaderData<{ toast: Toast | null }>('root')?.toast
  return (
    <div className="flash-region" role="status">
      {toast ? (
        <p className={`flash ${toast.type}`}>
          <strong>{toast.title}</strong>
          {toast.description ? <span> {toast.description}</span> : null}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The layouts that show the flash themselves, inside their <main> (where the skip link lands, under
 * the shell); under any other the root shows it at the top of the page.
 */
const SHOWN_BY_LAYOUT = new Set(['routes/_app'])

export function RootFlash() {
  const matches = useMatches()
  return matches.some((match) => SHOWN_BY_LAYOUT.has(match.id)) ? null : <Flash />
}
