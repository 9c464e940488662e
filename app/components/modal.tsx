import { useEffect, useId, useRef, type ReactNode } from 'react'
import { keepTabInside } from '#app/lib/focus-trap'

interface ModalProps {
  title: string
  children: ReactNode
  /** Called on Escape once JavaScript runs; without it the dialog's own links and forms close it. */
  onClose?: () => void
  width?: number
}

/**
 * A dialog the server can render open (so it works without JavaScript); once JavaScript runs it
 * becomes modal: Tab and Shift+Tab stay inside it (keepTabInside) and Escape closes it.
 */
export function Modal({ title, children, onClose, width }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    dialog.close()
    dialog.showModal()
  }, [])
  return (
    <dialog
      ref={ref}
      open
      className="modal"
      aria-labelledby={titleId}
      style={width ? { width: `min(${width}px, 94vw)` } : undefined}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault()
        onClose?.()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  )
}
