import type { Response } from 'express'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet sets for `options`, worked out once. They are the same on every answer, and
 * helmet works them out again for each: a dozen middlewares, the policy rebuilt from its
 * directives (the API's @fastify/helmet even built helmet itself anew per request).
 */
export function helmetHeaders(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>()
  const recorder = {
    setHeader: (name: string, value: string | number) => void headers.set(name, String(value)),
    removeHeader: (name: string) => void headers.delete(name),
    locals: {},
  } as unknown as Response
  helmet(options)({} as never, recorder, () => {})
  return headers
}
