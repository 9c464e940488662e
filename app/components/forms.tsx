import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { useHydrated } from '#app/lib/hydrated'
import { inputProps as inputPropsOf, selectProps as selectPropsOf } from '#app/lib/form-props'
import type { FieldMeta } from '#app/lib/form-reply'
import { ErrorList, FormMessage } from './form-message'

// The messages live apart (./form-message.tsx): a screen with no field component ships without the fields' code.
export { ErrorList, FormMessage }

type InputType = 'text' | 'email' | 'password' | 'number' | 'date' | 'tel' | 'hidden' | 'checkbox'

interface FieldProps {
  label: ReactNode
  meta: FieldMeta
  type?: Exclude<InputType, 'checkbox' | 'hidden'>
  help?: ReactNode
  inputProps?: InputHTMLAttributes<HTMLInputElement>
}

/** A labelled input whose errors are announced and tied to it (aria-invalid, aria-describedby). */
export function Field({ label, meta, type = 'text', help, inputProps }: FieldProps) {
  const helpId = useId()
  const props = inputPropsOf(meta, type)
  const describedBy = [props['aria-describedby'], help ? helpId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} {...inputProps} aria-describedby={describedBy} />
      {help ? (
        <p id={helpId} className="help">
          {help}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/**
 * A password input with the show/hide toggle. The toggle needs JavaScript, so it appears only
 * once the page runs it; without JavaScript the field is an ordinary password field.
 */
export function PasswordField({ label, meta, inputProps }: Omit<FieldProps, 'type' | 'help'>) {
  const [shown, setShown] = useState(false)
  const hydrated = useHydrated()
  const props = inputPropsOf(meta, 'password')
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <div className="password-row">
        <input {...props} {...inputProps} type={shown ? 'text' : 'password'} />
        {hydrated ? (
          <button
            type="button"
            className="button ghost"
            aria-controls={meta.id}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

interface SelectFieldProps {
  label: ReactNode
  meta: FieldMeta
  options: readonly (string | { value: string; label: string })[]
  placeholder?: string
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>
}

export function SelectField({ label, meta, options, placeholder = 'Select', selectProps }: SelectFieldProps) {
  const props = selectPropsOf(meta)
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} {...selectProps}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {text}
            </option>
          )
        })}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

interface ChoiceSelectProps {
  id: string
  label: string
  name: string
  placeholder: string
  /** Records (value = _id) or plain names (value = the name). */
  options: readonly ({ _id: string; name: string } | string)[]
  value: string
  /** What a new server answer must reset the browser's own selection on; the value by default. */
  resetKey?: string
  disabled?: boolean
  onChange?: (value: string) => void
}

/** A labelled select of a GET choice form (category, entity, location...), with a "none" option. */
export function ChoiceSelect({ id, label, name, placeholder, options, value, resetKey = value, disabled, onChange }: ChoiceSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value} key={resetKey} disabled={disabled} onChange={onChange && ((event) => onChange(event.target.value))}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { _id, name: text } = typeof option === 'string' ? { _id: option, name: option } : option
          return (
            <option key={_id} value={_id}>
              {text}
            </option>
          )
        })}
      </select>
    </div>
  )
}
