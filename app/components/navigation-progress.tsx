import { useLocation, useNavigation } from 'react-router'
import { useSpinDelay } from 'spin-delay'

/**
 * Whether the protected area is on its way to another screen, and what to announce meanwhile. The
 * screen on view stays (a fast navigation must not flash a loading card); only a navigation that
 * outlasts DELAY_MS counts, and once shown it stays MIN_MS, as the Epic Stack's progress bar does.
 * A screen reloading itself (search, filters, a form's answer) shows its own state instead.
 */
const DELAY_MS = 300
const MIN_MS = 300

export function useScreenChange() {
  const navigation = useNavigation()
  const location = useLocation()
  const leaving = navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname !== location.pathname
  const busy = useSpinDelay(leaving, { delay: DELAY_MS, minDuration: MIN_MS })
  // The spec's words for User management's loading state; every other screen's are 'Loading...'.
  const label = navigation.location?.pathname === '/users' ? 'Loading users...' : 'Loading...'
  return { busy, label }
}

/** A thin bar across the top of the window, and the same news for screen readers. */
export function NavigationProgress({ busy, label }: { busy: boolean; label: string }) {
  return (
    <>
      <div className="navigation-progress" data-busy={busy} aria-hidden="true" />
      <p role="status" className="visually-hidden">
        {busy ? label : ''}
      </p>
    </>
  )
}
