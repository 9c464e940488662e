import type { MouseEvent, RefObject } from 'react'
import { ERROR_SUMMARY_ID, type SummaryEntry } from './form'

/**
 * The failed submit's summary at the top of the form: the form-level message as its title, then
 * each field's error as a link to the field. The form posts to `#error-summary`, so the page moves
 * here without JavaScript; with it, the form focuses the summary (a screen reader reads it out).
 */
interface Props {
  formId: string
  /** The form-level error (conform's form.errorId), if any. */
  title: string | undefined
  titleId: string
  entries: readonly SummaryEntry[]
  summaryRef: RefObject<HTMLDivElement | null>
  /**
   * Focused by the browser as the page loads (`autofocus`), which scrolls it into view: for a form
   * whose post answers its own address, so no fragment follows a successful save's redirect.
   */
  focusOnLoad?: boolean
}

export function ErrorSummary({ formId, title, titleId, entries, summaryRef, focusOnLoad }: Props) {
  if (!title && entries.length === 0) return null
  return (
    <div id={ERROR_SUMMARY_ID} ref={summaryRef} className="error-summary" tabIndex={-1} aria-labelledby={titleId} autoFocus={focusOnLoad}>
      <h2 id={titleId}>{title ?? (entries.length === 1 ? 'Please correct this field:' : 'Please correct these fields:')}</h2>
      {entries.length ? (
        <ul>
          {entries.map((entry) => (
            <li key={entry.name}>
              <a href={`#${formId}-${entry.name}`} onClick={focusField}>
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** With JavaScript the link also focuses its field, opening its section if it was closed since. */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.getElementById(decodeURIComponent(event.currentTarget.hash.slice(1)))
  if (!field) return
  event.preventDefault()
  const section = field.closest('details')
  if (section && !section.open) section.open = true
  // The field with its label above it in view, as the fragment (with the form's scroll margin) puts it.
  field.scrollIntoView({ block: 'start' })
  field.focus({ preventScroll: true })
}
