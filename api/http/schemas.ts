import type { FastifyBaseLogger, FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { safeParse, type $ZodType } from 'zod/v4/core'
import { UUID_PATTERN } from '#domain/ids'
import { HttpError, PartRefused, problemSentence } from './errors'
import { notFound } from '#api/refusals'
import { JsonText } from '#api/json-text'

/**
 * What a route declares (DESIGN §5): its path parameters, query, body and each answer, as the
 * domain's zod schemas. Fastify checks what comes in with them before the handler runs (the handler
 * is given the parsed values, typed), the answers are checked against them in the tests, and the
 * OpenAPI document (/api/openapi.json) is made from them.
 */

/** The API's routes, typed by their schemas. */
export type Api = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>

/**
 * Checks a request's part with its schema, answering exactly what the handlers answered when they
 * parsed for themselves: 400 with the first problem as `field: sentence` (problemSentence). A path
 * parameter that does not fit is a 404 with the route's sentence (an id that is no UUID names
 * nothing: pathIds). A part left out is an empty object, as the handlers read it.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, data ?? {})
    if (result.success) return { value: result.data }
    const issue = result.error.issues[0]!
    return { error: new PartRefused(httpPart === 'params' ? notFound(issue.message) : new HttpError(400, problemSentence(issue))) }
  }


/** A route's answer as JSON written before: typed as the answer it is the text of, which the check reads back where answers are checked. */
export const jsonAnswer = <Answer>(json: string | JsonText): Answer => (json instanceof JsonText ? json : new JsonText(json)) as unknown as Answer

/** An answer that does not fit its declared schema: a bug of the API, never the client's. */
export class AnswerMismatch extends Error {}

/**
 * Writes an answer as JSON. With `check`, the JSON is read back against the route's declared
 * response schema first, and a mismatch throws (a 500 in a test, with the problem logged): what the
 * client reads is what the document promises. Without it (production) the answer is written
 * unchecked: the tests have checked every declared answer, and the check would cost the large
 * answers time. Either way the answer is the handler's value as it is, never the schema's parse of
 * it (a transform or a dropped field would change what clients read).
 */
export const serializerCompiler =
  (check: boolean): FastifySerializerCompiler<$ZodType> =>
  ({ schema, method, url }) => {
    const checked = (json: string) => {
      const result = safeParse(schema, json === undefined ? undefined : JSON.parse(json))
      if (!result.success) {
        const issue = result.error.issues[0]!
        throw new AnswerMismatch(`${method} ${url} answered what its response schema does not allow: ${issue.path.join('.') || '(the answer)'}: ${issue.message} (${issue.code})`)
      }
      return json
    }
    return (data) => {
      if (!(data instanceof JsonText)) return check ? checked(JSON.stringify(data)) : JSON.stringify(data)
      if (check) checked(data.text)
      // Its bytes, encoded once: Fastify sends a buffer as it is (a serializer's answer is a string in the common case, not by rule).
      return data.bytes as unknown as string
    }
  }

/**
 * With the answers checked, a success answered with a status its route declares no schema for is
 * an AnswerMismatch too: Fastify would write it with plain JSON, past the check above, and the
 * document would not say that status exists.
 */
export function installUndeclaredStatusCheck(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined
    const status = reply.statusCode
    if (response && status < 300 && ![String(status), '2xx', 'default'].some((declared) => declared in response)) {
      throw new AnswerMismatch(`${request.method} ${request.routeOptions.url} answered ${status}, which its response schema does not declare`)
    }
    return payload
  })
}

/**
 * Path ids, each with the sentence of its 404: `pathIds({ id: 'Role not found' })`. Anything but a
 * UUID names nothing (never a 500, never a query); ids arrive lower-cased (./params.ts).
 */
export const pathIds = <K extends string>(messages: Record<K, string>) =>
  z.object(Object.fromEntries(Object.entries<string>(messages).map(([name, message]) => [name, z.string().check(z.regex(UUID_PATTERN, message))])) as Record<K, z.ZodMiniString<string>>)

/** The answer of a route that only says it was done: `{ message }`. */
export const messageAnswer = z.strictObject({ message: z.string() })


declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the parts it declares a schema for (params, querystring, body, response), as registered. */
    schemaTable: RouteSchemas[]
  }
}

export interface RouteSchemas {
  method: string
  url: string
  declared: string[]
}

/** Keeps which schemas each route declares: what the test that every route declares its parts reads (tests/api/openapi.test.ts). */
export function installSchemaTable(app: FastifyInstance) {
  const table: RouteSchemas[] = []
  app.decorate('schemaTable', table)
  app.addHook('onRoute', (route) => {
    const declared = Object.keys(route.schema ?? {}).filter((part) => ['params', 'querystring', 'body', 'response'].includes(part))
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, declared })
  })
}
