import type { MouseEvent } from 'react'
import { Modal } from '#app/components/modal'
import { useSubmitting } from '#app/lib/submitting'
import { SAVE_CONFIRMATION } from './form'

/**
 * "Save Changes" (spec/administration-planning.md §4), rendered inside the page form: Confirm posts the form's own fields again
 * as `save-force`, so what is confirmed is what the page holds. Cancel closes it in the page with
 * JavaScript; without, it posts `cancel` and the page comes back as typed.
 */
export function SaveConfirmation({ onCancel }: { onCancel: () => void }) {
  const confirming = useSubmitting(undefined, 'save-force')
  return (
    <Modal title="Save Changes" onClose={onCancel}>
      <p>{SAVE_CONFIRMATION}</p>
      <div className="actions">
        <button
          type="submit"
          name="intent"
          value="cancel"
          formNoValidate
          className="button secondary"
          onClick={(event: MouseEvent<HTMLButtonElement>) => {
            event.preventDefault()
            onCancel()
          }}
        >
          Cancel
        </button>
        <button type="submit" name="intent" value="save-force" formNoValidate className="button primary" disabled={confirming}>
          {confirming ? 'Applying Changes...' : 'Confirm'}
        </button>
      </div>
    </Modal>
  )
}
