import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { OTP_LENGTH } from '#domain/constants'
import { useHydrated } from '#app/lib/hydrated'

const digitsOf = (text: string) => text.replace(/\D/g, '')

interface Props {
  name: string
  invalid?: boolean
  describedBy?: string
  /** The code the emailed link carries, already in the form (the person still presses Verify). */
  defaultCode?: string
}

/**
 * The verification code. Without JavaScript it is one field with a numeric keyboard, so a person
 * types or pastes the six digits at once (one-character boxes would take only the first). Once
 * JavaScript runs it becomes the spec's six boxes, posted under the same name (the action joins
 * them), and whatever was already typed in the field moves into the boxes.
 */
export function OtpInput({ name, invalid, describedBy, defaultCode = '' }: Props) {
  const hydrated = useHydrated()
  const single = useRef<HTMLInputElement>(null)
  if (hydrated) {
    // Read while the server's field is still on the page (refs detach only when the boxes commit).
    const carried = () => ({ digits: digitsOf(single.current?.value ?? defaultCode), focused: document.activeElement === single.current })
    return <OtpBoxes name={name} invalid={invalid} describedBy={describedBy} carried={carried} />
  }
  return (
    <input
      ref={single}
      className="otp-code"
      name={name}
      aria-label="Verification code"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      inputMode="numeric"
      pattern={`[0-9]{${OTP_LENGTH}}`}
      maxLength={OTP_LENGTH}
      autoComplete="one-time-code"
      defaultValue={defaultCode}
      autoFocus
    />
  )
}

/**
 * Six one-digit boxes: typing moves on, backspace moves back, arrows move between boxes, a paste
 * spreads over the boxes, and anything but digits is dropped.
 */
function OtpBoxes({ name, invalid, describedBy, carried }: Omit<Props, 'defaultCode'> & { carried: () => { digits: string; focused: boolean } }) {
  const [initial] = useState(carried)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus()
  // The first box has the focus on load (spec); a person typing in the field before the swap goes on where they were.
  const focusAt = initial.focused ? Math.min(initial.digits.length, OTP_LENGTH - 1) : 0

  const onInput = (index: number, input: HTMLInputElement) => {
    const digits = digitsOf(input.value)
    if (digits.length > 1) return spread(index, digits)
    input.value = digits
    if (digits) focus(index + 1)
  }
  const spread = (from: number, digits: string) => {
    digits
      .slice(0, OTP_LENGTH - from)
      .split('')
      .forEach((digit, offset) => {
        const box = boxes.current[from + offset]
        if (box) box.value = digit
      })
    focus(from + digits.length)
  }
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !event.currentTarget.value) {
      event.preventDefault()
      const previous = boxes.current[index - 1]
      if (previous) {
        previous.value = ''
        previous.focus()
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(index + 1)
    }
  }
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    spread(index, digitsOf(event.clipboardData.getData('text')))
  }

  return (
    <div className="otp" role="group" aria-label="Verification code" aria-describedby={describedBy}>
      {Array.from({ length: OTP_LENGTH }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          name={name}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          maxLength={1}
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={index === focusAt}
          defaultValue={initial.digits[index] ?? ''}
          onInput={(event) => onInput(index, event.currentTarget)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
        />
      ))}
    </div>
  )
}
