import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

/**
 * Stores answer values or refusals (api/refusals.ts); only the routes choose HTTP statuses
 * (api/http/errors.ts maps a refusal's kind to one). So no file of the API outside its HTTP layer
 * (api/http, api/routes and the files that build or start the server) imports an HTTP error.
 */

const API = new URL('../../api/', import.meta.url)
const HTTP_LAYER = [/^http\//, /^routes\//, /^app\.ts$/, /^main\.ts$/]
const sources = (readdirSync(API, { recursive: true }) as string[])
  .map((name) => name.replaceAll('\\', '/'))
  .filter((name) => name.endsWith('.ts') && !HTTP_LAYER.some((layer) => layer.test(name)))

describe('the stores', () => {
  test('import no HTTP error: they throw refusals, the routes choose the status', () => {
    expect(sources.length).toBeGreaterThan(40)
    const found = sources.flatMap((name) => {
      const source = readFileSync(new URL(name, API), 'utf8')
      return [...source.matchAll(/from '(?:#api|\.\.?(?:\/\.\.)*)\/http\/errors'|\bHttpError\b/g)].map((hit) => `api/${name}: ${hit[0]}`)
    })
    expect(found).toEqual([])
  })

  test('import nothing of the HTTP layer at all, not even a type: what a save may change is #api/change-check', () => {
    const found = sources.flatMap((name) => {
      const source = readFileSync(new URL(name, API), 'utf8')
      return [...source.matchAll(/from '(?:#api|\.\.?(?:\/\.\.)*)\/(?:http|routes)\/[^']*'/g)].map((hit) => `api/${name}: ${hit[0]}`)
    })
    expect(found).toEqual([])
  })
})
