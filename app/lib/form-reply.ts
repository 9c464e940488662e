import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { SubmissionResult } from '@conform-to/react'

/**
 * A form the server alone validates: the action reads it with conform and the zod schema
 * (parseWithSchema) and answers conform's reply; the page shows that reply as conform's useForm
 * showed it (the same ids, aria-invalid and aria-describedby, the same values typed back), without
 * shipping conform or zod to the browser. With or without JavaScript the same check decides, once,
 * on the server; the page a phone downloads carries only this module.
 */

/** What the field components read of a field: conform's field metadata has the same shape. */
export interface FieldMeta {
  id: string
  name: string
  formId: string
  errorId: string
  errors?: string[]
  initialValue?: unknown
  required?: boolean
  minLength?: number
  maxLength?: number
  min?: string | number
  max?: string | number
  step?: string | number
  pattern?: string
  multiple?: boolean
  accept?: string
}

/** The constraint attributes a field carries (conform's `constraint`, as getZodConstraint gave them). */
export type Constraints = Record<string, { required?: boolean }>

type Reply = SubmissionResult<string[]>

/** A value as conform's `serialize` writes defaults: numbers as text, true as 'on', nothing for null. */
function serialize(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, serialize(item)]))
  if (Array.isArray(value)) return value.map(serialize)
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'boolean') return value ? 'on' : undefined
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString()
  return value ?? undefined
}

/** A value as conform's fields read it: no empty text, null, empty list or empty object. */
function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const kept = Object.entries(value).flatMap(([key, item]) => {
      const normal = normalize(item)
      return normal === undefined ? [] : [[key, normal] as const]
    })
    return kept.length ? Object.fromEntries(kept) : undefined
  }
  return value === '' || value === null ? undefined : value
}

/** The value at a dotted name (`personal.name`), as conform's getPathValue reads its own. */
function valueAt(target: unknown, name: string): unknown {
  let pointer = target
  for (const key of name.split('.')) {
    if (pointer == null || typeof pointer !== 'object' || !Object.hasOwn(pointer, key)) return undefined
    pointer = (pointer as Record<string, unknown>)[key]
  }
  return pointer
}

interface ReplyFormOptions {
  id: string
  /** The action's reply (conform's `submission.reply()`), once there is one. */
  lastResult?: Reply | null
  defaultValue?: Record<string, unknown>
  constraint?: Constraints
  /**
   * What a change to a field clears: that field's error and the form's message (by default, as
   * conform's check on input took them away once the field was fixed), or `all` (every error).
   */
  clearOnInput?: 'field' | 'all'
}

export interface ReplyForm {
  id: string
  errorId: string
  /** The form's own errors (conform's errors under the name ''). */
  errors?: string[]
  /** Every error by field name, for summaries. */
  allErrors: Record<string, string[]>
  /** Spread on the <form>: its id, no browser bubbles (the server's sentences instead), and the clearing on input. */
  props: { id: string; noValidate: true; 'aria-describedby'?: string; onInput: (event: FormEvent<HTMLFormElement>) => void }
  field: (name: string) => FieldMeta
  /** The fields under a name (`personal` → `personal.name`, …), or the top-level ones without: each read as `field` reads it. */
  fieldset: <Names extends string = string>(name?: string) => Record<Names, FieldMeta>
}

/**
 * The reply shown as conform's useForm showed it. After a reply that refused the form arrives in a
 * running page, the first field it names takes the focus, as conform's did; a page loaded with the
 * reply (no JavaScript) keeps its own focus.
 */
export function useReplyForm({ id, lastResult, defaultValue, constraint = {}, clearOnInput = 'field' }: ReplyFormOptions): ReplyForm {
  // Derived rather than reset in an effect: a new reply arrives with nothing cleared, on the server's render as in the browser.
  const [cleared, setCleared] = useState<{ reply: Reply | null | undefined; names: ReadonlySet<string> | 'all' }>({ reply: undefined, names: new Set() })
  const clearedNow = cleared.reply === lastResult ? cleared.names : new Set<string>()
  const errorsOf = (name: string) => {
    const errors = lastResult?.error?.[name]
    if (!errors?.length || clearedNow === 'all' || clearedNow.has(name)) return undefined
    return errors
  }
  const initialValue = normalize(lastResult?.initialValue ?? serialize(defaultValue ?? {}))

  const firstReply = useRef(lastResult)
  useEffect(() => {
    if (!lastResult || lastResult === firstReply.current || lastResult.status !== 'error') return
    firstReply.current = undefined
    const form = document.getElementById(id)
    if (!(form instanceof HTMLFormElement)) return
    for (const element of form.elements) {
      const name = (element as HTMLInputElement).name
      if (/^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(element.tagName) && name && lastResult.error?.[name]?.length) {
        ;(element as HTMLElement).focus()
        break
      }
    }
  }, [id, lastResult])

  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name
    if (!lastResult?.error || !name) return
    setCleared((state) => {
      const before = state.reply === lastResult ? state.names : new Set<string>()
      if (before === 'all' || clearOnInput === 'all') return { reply: lastResult, names: 'all' }
      return before.has(name) && before.has('') ? state : { reply: lastResult, names: new Set([...before, name, '']) }
    })
  }

  const allErrors: Record<string, string[]> = {}
  for (const name of Object.keys(lastResult?.error ?? {})) {
    const errors = errorsOf(name)
    if (errors) allErrors[name] = errors
  }
  const errors = errorsOf('')
  const field = (name: string): FieldMeta => ({
    id: `${id}-${name}`,
    name,
    formId: id,
    errorId: `${id}-${name}-error`,
    errors: errorsOf(name),
    initialValue: valueAt(initialValue, name),
    required: constraint[name]?.required,
  })
  return {
    id,
    errorId: `${id}-error`,
    errors,
    allErrors,
    // As conform's getFormProps: the form is described by its message while it has one.
    props: { id, noValidate: true, ...(errors && { 'aria-describedby': `${id}-error` }), onInput },
    field,
    fieldset: <Names extends string>(prefix?: string) => new Proxy({} as Record<Names, FieldMeta>, { get: (_, key) => (typeof key === 'string' ? field(prefix ? `${prefix}.${key}` : key) : undefined) }),
  }
}
