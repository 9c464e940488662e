import { formatPaths, parse } from '@conform-to/dom'
import * as z from 'zod/mini'
import { safeParse, type $ZodType, type output } from 'zod/v4/core'

/**
 * conform's parseWithZod, without its automatic coercion: that module imports full zod (tens of KB
 * in every browser), while our zod/mini schemas already take form values as the strings they are.
 * Used by the browser (useForm's onValidate) and the web action alike.
 */
export function parseWithSchema<Schema extends $ZodType>(payload: FormData | URLSearchParams, { schema }: { schema: Schema }) {
  return parse<output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = safeParse(schema, value)
      if (result.success) return { value: result.data }
      const error: Record<string, string[]> = {}
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((key): key is string | number => typeof key !== 'symbol'))
        ;(error[name] ??= []).push(issue.message)
      }
      return { error }
    },
  })
}

/** A value of conform's payload as `FormData.get` gives it: the first of several, or itself. */
export const firstOf = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value)
/** conform's payload at one level: an object of the names below it, or nothing there. */
export const recordOf = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {})

/** A field as text, as `String(form.get(name) ?? '')` read it: the first of several, '' when absent. */
export const textField = z.transform((value: unknown) => String(firstOf(value) ?? ''))
/** A field as text, trimmed. */
export const trimmedField = z.pipe(textField, z.transform((value: string) => value.trim()))
/** Every value sent under one name, as text (`FormData.getAll`). */
export const listField = z.transform((value: unknown) => (value === undefined ? [] : [value].flat().map(String)))

/**
 * conform's payload of fields numbered from 0 (`row.0.…`, `row.1.…`), up to the first number
 * missing (or, with `field`, the first without that field) and at most `max`: a post with a gap
 * or more than the page can show is read as far as the page wrote it.
 */
export function numbered(value: unknown, max: number, field?: string): unknown[] {
  const all = recordOf(value)
  const entries: unknown[] = []
  for (let at = 0; at < max && Object.hasOwn(all, String(at)) && (field === undefined || Object.hasOwn(recordOf(all[String(at)]), field)); at++) entries.push(all[String(at)])
  return entries
}
