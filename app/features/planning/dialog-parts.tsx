import { Link } from 'react-router'
import type { Ref } from '#domain/contracts/common'

/** What a dialog of the chosen entity works on, named above its fields. */
export function ChosenEntity({ category, entity }: { category: Ref; entity: Ref }) {
  return (
    <dl className="details">
      <dt>Category</dt>
      <dd>{category.name}</dd>
      <dt>Entity</dt>
      <dd>{entity.name}</dd>
    </dl>
  )
}

/** Cancel (a link back, so it works without JavaScript) and the dialog's submit, with its busy label while sending. */
export function DialogActions({ closeTo, label, busyLabel, busy, disabled = busy }: { closeTo: string; label: string; busyLabel: string; busy: boolean; disabled?: boolean }) {
  return (
    <div className="actions">
      <Link to={closeTo} className="button secondary">
        Cancel
      </Link>
      <button type="submit" className="button primary" disabled={disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  )
}
