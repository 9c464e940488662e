import type { KeyboardEvent } from 'react'

const TABBABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]'

/**
 * Keeps Tab and Shift+Tab inside a dialog: from its last control Tab goes to its first, and
 * Shift+Tab from the first to the last. A modal <dialog> alone makes the page behind it inert but
 * lets the focus leave for the browser's own controls; a popover does not even do that.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return
  const container = event.currentTarget
  const tabbable = [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.matches(':disabled') && isShown(element),
  )
  const active = document.activeElement
  const [first, last] = [tabbable[0], tabbable.at(-1)]
  if (!first || !last) return event.preventDefault()
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

// checkVisibility is recent (Safari 17.4): older browsers fall back to "laid out at all".
const isShown = (element: HTMLElement) =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility({ visibilityProperty: true }) : element.getClientRects().length > 0
