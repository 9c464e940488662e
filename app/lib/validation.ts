import { formatPaths, parse } from '@conform-to/dom'
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
