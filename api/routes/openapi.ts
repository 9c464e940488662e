import * as z from 'zod/mini'
import type { Deps } from '#api/deps'
import { access } from '#api/http/access'
import type { Api } from '#api/http/schemas'

/**
 * The API described for the company's other systems: OpenAPI 3.1, made from the routes' declared
 * schemas (api/http/schemas.ts). Administrators may read it: it names every call and what each
 * takes, which is no one else's business; the web shows it to them as the API reference page.
 */
export async function openApiRoutes(app: Api, _deps: Deps) {
  app.get(
    '/api/openapi.json',
    {
      ...access('admin'),
      schema: {
        summary: 'This document: every route of the API with what it takes and answers',
        response: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => app.swagger() as unknown as { openapi: string; info: { title: string }; paths: Record<string, unknown> },
  )
}
