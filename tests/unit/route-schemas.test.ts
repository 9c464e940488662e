import * as z from 'zod/mini'
import { describe, expect, test } from 'vitest'
import { AnswerMismatch, pathIds, serializerCompiler, validatorCompiler } from '#api/http/schemas'
import { PartRefused } from '#api/http/errors'
import { Refusal } from '#api/refusals'

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
