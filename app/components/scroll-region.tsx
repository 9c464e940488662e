import type { ReactNode } from 'react'

/**
 * A card that scrolls sideways when its table or chart is wider than the screen (a phone, twelve
 * months): focusable and named, so a keyboard user can scroll it too (axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="card table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
