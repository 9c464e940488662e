import { Form, Link, useNavigate } from 'react-router'
import { FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { useAnswer, useBusy } from './answer'
import { KINDS, type Kind } from './form'

/** The delete question, rendered by the server from ?confirm=&id= so it works without JavaScript. */
export function ConfirmDelete({ kind, id, name }: { kind: Kind; id: string; name: string }) {
  const { word, Word } = KINDS[kind]
  const navigate = useNavigate()
  const answer = useAnswer('confirm-delete')
  const deleting = useBusy('delete', kind, id)
  return (
    <Modal title={`Delete this ${word}?`} onClose={() => navigate('/setup')}>
      <p>
        {Word} <strong>{name}</strong> will be deleted. This cannot be undone.
      </p>
      <FormMessage tone="error">{answer?.error}</FormMessage>
      <Form method="post" action={`/setup?${new URLSearchParams({ confirm: kind, id })}`}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirmed" value="yes" />
        <div className="actions">
          <Link to="/setup" className="button secondary">
            Cancel
          </Link>
          <button type="submit" className="button primary danger" disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}
