import type { MetaFunction } from '@remix-run/node'
import { Link, useRouteLoaderData } from '@remix-run/react'
import { PRODUCT_NAME } from '#domain/constants'
import type { loader as appLoader } from './_app'

export const meta: MetaFunction = () => [{ title: `Dashboard · ${PRODUCT_NAME}` }]

/** The spec's words when the server sends no welcome message. */
const WELCOME_FALLBACK = 'Welcome to your dashboard.'

/** Reads what the protected layout already loaded (GET /landing): no second call. */
export default function Dashboard() {
  const data = useRouteLoaderData<typeof appLoader>('routes/_app')
  if (!data) return null
  const { user, message, canAdminister } = data
  return (
    <div className="stack">
      <header>
        <h1>Welcome to {PRODUCT_NAME}</h1>
        <p className="subtitle">{message || WELCOME_FALLBACK}</p>
      </header>
      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Your account</h2>
        <dl className="details">
          <dt>User ID</dt>
          <dd>{user._id}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Status</dt>
          <dd>
            <span className="badge success">Active</span>
          </dd>
        </dl>
      </section>
      <section className="quick-actions" aria-label="Quick actions">
        {canAdminister ? (
          <>
            <Link to="/users" className="card action-card">
              <strong>Manage Users</strong>
              <span>Review team members, their roles and status.</span>
            </Link>
            <Link to="/roles" className="card action-card">
              <strong>Roles &amp; Permissions</strong>
              <span>See who holds which role and what it allows.</span>
            </Link>
          </>
        ) : (
          <Link to="/personal-details" className="card action-card">
            <strong>Complete Your Profile</strong>
            <span>Keep your personal and professional details up to date.</span>
          </Link>
        )}
      </section>
    </div>
  )
}
