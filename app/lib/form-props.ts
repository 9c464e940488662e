import type { FieldMeta } from './form-reply'

/**
 * conform's getInputProps, getSelectProps and getTextareaProps for a field (conform's own metadata,
 * or form-reply.ts's): the same attributes in the same order, without conform's client. Apart
 * from form-reply.ts, so a form that writes its inputs itself (Record leave) ships without them.
 */

/** conform's getInputProps for a field: the same attributes, in the same order. */
export function inputProps(meta: FieldMeta, type: string) {
  return simplify({
    required: meta.required || undefined,
    ...controlProps(meta),
    type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
    accept: meta.accept,
    ...(type === 'checkbox' || type === 'radio'
      ? { value: 'on', defaultChecked: Array.isArray(meta.initialValue) ? meta.initialValue.includes('on') : meta.initialValue === 'on' }
      : typeof meta.initialValue === 'string'
        ? { defaultValue: meta.initialValue }
        : {}),
  })
}

/** conform's getSelectProps for a field. */
export function selectProps(meta: FieldMeta) {
  const value = meta.initialValue
  return simplify({
    required: meta.required || undefined,
    ...controlProps(meta),
    multiple: meta.multiple,
    defaultValue: Array.isArray(value) ? value.map((item) => `${item ?? ''}`) : value == null ? undefined : String(value),
  })
}

/** conform's getTextareaProps for a field. */
export function textareaProps(meta: FieldMeta) {
  const value = meta.initialValue
  return simplify({
    required: meta.required || undefined,
    ...controlProps(meta),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue: value == null ? undefined : String(value),
  })
}

/** A control's id, name and form, and, when it has an error, aria-invalid and the error as its description. */
function controlProps(meta: FieldMeta) {
  const invalid = meta.errors !== undefined
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? meta.errorId : undefined,
  }
}

function simplify<Props extends Record<string, unknown>>(props: Props): Props {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key]
  return props
}
