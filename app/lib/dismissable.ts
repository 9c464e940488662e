import { useState } from 'react'

const NONE = Symbol('none')

/**
 * Whether the user has dismissed this server answer (by editing the form, or closing its
 * dialog). A new answer arrives undismissed. Derived rather than reset in an effect, so the
 * server's render and the first client render agree.
 */
export function useDismissable<T>(answer: T) {
  const [dismissed, setDismissed] = useState<T | typeof NONE>(NONE)
  return [dismissed === answer, () => setDismissed(() => answer)] as const
}
