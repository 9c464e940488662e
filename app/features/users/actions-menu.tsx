import { useEffect, useRef, useState, type ReactNode } from 'react'

const GROUP = 'row-actions'

/**
 * A row's actions menu: a <details> so it opens without JavaScript. Menus share one `name`, so a
 * current browser keeps only one open even without JavaScript; with it, opening one closes the
 * others, and a click outside the open menu or on one of its items closes it.
 */
export function ActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!open) return
    const closeOnOutsideClick = (event: MouseEvent) => {
      const menu = ref.current
      if (menu && !menu.contains(event.target as Node)) menu.open = false
    }
    document.addEventListener('click', closeOnOutsideClick)
    return () => document.removeEventListener('click', closeOnOutsideClick)
  }, [open])

  return (
    <details
      ref={ref}
      name={GROUP}
      className="actions-menu"
      onToggle={(event) => {
        const menu = event.currentTarget
        setOpen(menu.open)
        if (!menu.open) return
        for (const other of document.querySelectorAll<HTMLDetailsElement>(`details.actions-menu[open]`)) {
          if (other !== menu) other.open = false
        }
      }}
    >
      <summary aria-label={label} title={label}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div
        className="actions-menu-items"
        onClick={() => {
          if (ref.current) ref.current.open = false
        }}
      >
        {children}
      </div>
    </details>
  )
}
