import Fastify from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { describe, expect, test } from 'vitest'
import { AnswerMismatch, installUndeclaredStatusCheck, pathIds, serializerCompiler, validatorCompiler } from '#api/http/schemas'
import { JsonText } from '#api/json-text'
import { installErrorHandler, PartRefused } from '#api/http/errors'
import { notFound, Refusal } from '#api/refusals'

/** The compilers every declared route goes through (api/http/schemas.ts). */
const answer = z.strictObject({ _id: z.string(), name: z.string() })
const write = (check: boolean) => serializerCompiler(check)({ schema: answer, method: 'GET', url: '/things', httpStatus: '200' })
const check = (schema: z.ZodMiniType, httpPart: string) => validatorCompiler({ schema, method: 'POST', url: '/things', httpPart }) as (data: unknown) => { value?: unknown; error?: Error }

describe('answers against their declared schema', () => {
  test('an answer that fits is written as the handler gave it', () => {
    expect(write(true)({ _id: 'a', name: 'A' })).toBe('{"_id":"a","name":"A"}')
  })

  test('checked, an answer with a field the schema does not name, or a wrong type, throws: a test fails, the client never reads it', () => {
    expect(() => write(true)({ _id: 'a', name: 'A', passwordHash: 'x' })).toThrow(AnswerMismatch)
    expect(() => write(true)({ _id: 'a', name: 7 })).toThrow('GET /things answered what its response schema does not allow: name')
  })

  test('unchecked (production), the answer is written as it is', () => {
    expect(write(false)({ _id: 'a', name: 7 })).toBe('{"_id":"a","name":7}')
  })

  test('an answer kept as JSON text is sent as it is, and checked as any answer is', () => {
    // Sent as its bytes, encoded once.
    expect(String(write(true)(new JsonText('{"_id":"a","name":"Ä"}')))).toBe('{"_id":"a","name":"Ä"}')
    expect(() => write(true)(new JsonText('{"_id":"a","name":7}'))).toThrow(AnswerMismatch)
    const kept = new JsonText('{"_id":"a","name":7}')
    expect(write(false)(kept)).toBe(write(false)(kept))
    expect(String(write(false)(kept))).toBe('{"_id":"a","name":7}')
  })

  test('the JSON is what is checked: a date leaves as text', () => {
    const dated = serializerCompiler(true)({ schema: z.strictObject({ at: z.string() }), method: 'GET', url: '/x', httpStatus: '200' })
    expect(dated({ at: new Date('2026-01-05T09:00:00Z') })).toBe('{"at":"2026-01-05T09:00:00.000Z"}')
  })
})

describe('request parts against their declared schema', () => {
  const refusal = (result: { error?: Error }) => (result.error as PartRefused).refusal

  test("a body's first problem is a 400 naming its field once, as parse() answered", () => {
    const body = z.strictObject({ name: z.string('Name is required') })
    const refused = refusal(check(body, 'body')({}))
    expect(refused).toMatchObject({ status: 400, message: 'name: Name is required' })
    expect(refusal(check(body, 'body')({ name: 'x', extra: 1 })).message).toBe('extra: Unknown field')
  })

  test('a part left out is read as an empty object', () => {
    expect(check(z.object({ q: z.optional(z.string()) }), 'querystring')(null)).toEqual({ value: {} })
  })

  test("a path id that is no UUID is a 404 with the route's sentence", () => {
    const refused = refusal(check(pathIds({ id: 'Role not found' }), 'params')({ id: 'abc' }))
    expect(refused).toBeInstanceOf(Refusal)
    expect(refused).toMatchObject({ kind: 'not-found', message: 'Role not found' })
    expect(check(pathIds({ id: 'Role not found' }), 'params')({ id: '3f0e8a52-8a0e-4c47-9d1e-1b7d0c7f6a11' })).toEqual({ value: { id: '3f0e8a52-8a0e-4c47-9d1e-1b7d0c7f6a11' } })
  })
})

describe('a route of an API whose answers are checked, as buildApi makes it', () => {
  /** Fastify with the API's compilers, error handler and status check, and routes that answer well and badly. */
  async function api(check: boolean) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>()
    installErrorHandler(app)
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler(check))
    if (check) installUndeclaredStatusCheck(app)
    app.get('/fits', { schema: { response: { 200: answer } } }, async () => ({ _id: 'a', name: 'A' }))
    app.get('/extra', { schema: { response: { 200: answer } } }, async () => ({ _id: 'a', name: 'A', passwordHash: 'x' }) as z.infer<typeof answer>)
    app.post('/created', { schema: { response: { 201: answer } } }, async (_request, reply) => reply.status(201).send({ _id: 'a', name: 'A' }))
    // The type provider refuses an undeclared status where it is written out; a status worked out at run time it cannot see.
    app.post('/undeclared', { schema: { response: { 200: answer } } }, async (_request, reply) => reply.status(201 as 200).send({ _id: 'a', name: 'A' }))
    app.get('/refused', { schema: { response: { 200: answer } } }, async () => {
      throw notFound('Not here')
    })
    await app.ready()
    return app
  }

  test('an answer that fits goes out with its status; a refusal is no answer to check', async () => {
    const app = await api(true)
    expect((await app.inject({ method: 'GET', url: '/fits' })).json()).toEqual({ _id: 'a', name: 'A' })
    expect((await app.inject({ method: 'POST', url: '/created' })).statusCode).toBe(201)
    const refused = await app.inject({ method: 'GET', url: '/refused' })
    expect([refused.statusCode, refused.json()]).toEqual([404, { error: 'Not here' }])
    await app.close()
  })

  test('a field the schema does not name, or a success status it does not declare, is a 500 the test sees', async () => {
    const app = await api(true)
    for (const [method, url] of [['GET', '/extra'], ['POST', '/undeclared']] as const) {
      const answered = await app.inject({ method, url })
      expect([answered.statusCode, answered.json()], `${method} ${url}`).toEqual([500, { error: 'Something went wrong' }])
    }
    await app.close()
  })

  test('unchecked (production), both go out as the handler gave them', async () => {
    const app = await api(false)
    expect((await app.inject({ method: 'GET', url: '/extra' })).json()).toEqual({ _id: 'a', name: 'A', passwordHash: 'x' })
    expect((await app.inject({ method: 'POST', url: '/undeclared' })).statusCode).toBe(201)
    await app.close()
  })
})
