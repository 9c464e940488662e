import type { ReactNode } from 'react'

/** A field's first error, announced. One line, not a list: `role="alert"` on a <ul> took its list semantics away (axe's listitem). */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.find(Boolean)
  if (!shown) return null
  return (
    <p id={id} className="errors" role="alert">
      {shown}
    </p>
  )
}

/** The form-level message area (server refusals, success notes). */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'success'; children: ReactNode }) {
  if (!children) return null
  return (
    <p id={id} className={`form-message ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}
