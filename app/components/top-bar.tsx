import { Form, Link } from 'react-router'
import { PRODUCT_NAME } from '#domain/constants'

/** The brand bar of pages that are neither authentication nor application screens. */
export function TopBar({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="top-bar">
      <Link to={signedIn ? '/' : '/login'} className="brand">
        {PRODUCT_NAME}
      </Link>
      {signedIn ? (
        <Form method="post" action="/logout">
          <button type="submit" className="button secondary">
            Logout
          </button>
        </Form>
      ) : null}
    </header>
  )
}
