import { Link, Outlet, useNavigation } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'

/**
 * The authentication screens: one centred card under the product's name. On the way from here into
 * the protected area (signed in, the session being restored), the card reads 'Loading...' as the
 * spec asks; between these screens they simply follow one another.
 */
export default function AuthLayout() {
  const navigation = useNavigation()
  const entering = navigation.state === 'loading' && !AUTH_PATHS.has(navigation.location.pathname)
  return (
    <main id="main" tabIndex={-1} className="auth-page">
      <p className="auth-brand">
        <Link to="/login">{PRODUCT_NAME}</Link>
      </p>
      <section className="card auth-card" aria-busy={entering}>
        {entering ? (
          <p className="loading-card" role="status">
            Loading...
          </p>
        ) : (
          <Outlet />
        )}
      </section>
    </main>
  )
}

/** The screens this layout holds: a navigation to another one is not entering the protected area. */
const AUTH_PATHS = new Set(['/login', '/signup', '/verify-otp', '/forgot-password', '/reset-password'])
