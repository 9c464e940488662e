import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { OTP_LENGTH } from '#domain/constants'

const digitsOf = (text: string) => text.replace(/\D/g, '')

/**
 * Six one-digit boxes posted under one name (the action joins them), so the code submits with
 * JavaScript off. With JavaScript: typing moves on, backspace moves back, arrows move between
 * boxes, a paste spreads over the boxes, and anything but digits is dropped.
 */
export function OtpInput({ name, invalid, describedBy }: { name: string; invalid?: boolean; describedBy?: string }) {
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus()

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
          autoFocus={index === 0}
          onInput={(event) => onInput(index, event.currentTarget)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
        />
      ))}
    </div>
  )
}
