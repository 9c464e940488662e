import { Form, Link, useNavigate } from 'react-router'
import { FormMessage } from '#app/components/forms'
import { Modal } from '#app/components/modal'
import { useSubmitting } from '#app/lib/submitting'
import type { Deletion } from './form'

interface DeleteConfirmationProps extends Deletion {
  message: string | null
  /** The page without ?confirmDelete=. */
  closeTo: string
}

/** "Delete this cluster?" (spec/administration-planning.md §7), opened by ?confirmDelete= so the server can render it. */
export function DeleteConfirmation({ templateId, roleId, clusterItemId, description, message, closeTo }: DeleteConfirmationProps) {
  const navigate = useNavigate()
  const deleting = useSubmitting(undefined, 'delete')
  return (
    <Modal title="Delete this cluster?" onClose={() => navigate(closeTo, { preventScrollReset: true })}>
      {description ? <p>{description}</p> : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="templateId" value={templateId} />
        <input type="hidden" name="roleId" value={roleId} />
        <input type="hidden" name="clusterItemId" value={clusterItemId} />
        <FormMessage tone="error">{message}</FormMessage>
        <div className="actions">
          <Link to={closeTo} preventScrollReset className="button secondary">
            Cancel
          </Link>
          <button type="submit" name="intent" value="delete" className="button primary danger" disabled={deleting}>
            Delete
          </button>
        </div>
      </Form>
    </Modal>
  )
}
