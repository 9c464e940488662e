import { Link, isRouteErrorResponse, useRouteError } from 'react-router'

/**
 * The error boundary of the signed-in screens: shown inside the layout, so the sidebar stays.
 * A 403 says the user lacks permission; a 404 that the thing does not exist.
 */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : null
  const title = status === 403 ? 'Access denied' : status === 404 ? 'Not found' : 'Something went wrong'
  return (
    <section className="card" role="alert">
      <h1>{title}</h1>
      <p>{message ?? 'Please try again.'}</p>
      <Link to="/dashboard" className="button secondary">
        Back to Dashboard
      </Link>
    </section>
  )
}
