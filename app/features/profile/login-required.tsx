import { Link } from 'react-router'
import { Modal } from '#app/components/modal'
import { PERSONAL_DETAILS_PATH } from './form'

/** A submit signed out kept the form as a draft: this asks for a login, which comes back to the form. */
export function LoginRequired({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Login required" onClose={onClose}>
      <p>Please log in to submit your details. Your form is saved as draft.</p>
      <div className="actions">
        <Link
          to={PERSONAL_DETAILS_PATH}
          className="button secondary"
          onClick={(event) => {
            event.preventDefault()
            onClose()
          }}
        >
          Close
        </Link>
        <Link to={`/login?${new URLSearchParams({ redirectTo: PERSONAL_DETAILS_PATH })}`} className="button primary">
          Go to login
        </Link>
      </div>
    </Modal>
  )
}
