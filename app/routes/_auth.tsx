import { Link, Outlet } from '@remix-run/react'
import { PRODUCT_NAME } from '#domain/constants'

/** The authentication screens: one centred card under the product's name. */
export default function AuthLayout() {
  return (
    <main className="auth-page">
      <p className="auth-brand">
        <Link to="/login">{PRODUCT_NAME}</Link>
      </p>
      <section className="card auth-card">
        <Outlet />
      </section>
    </main>
  )
}
