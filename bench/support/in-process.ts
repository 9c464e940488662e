/**
 * The portal in one process, for benchmarks of server time: a fresh database (in-memory PGlite, or
 * a new PostgreSQL database when DATABASE_URL is set) whose every query goes through a Drizzle
 * logger that counts it, the API listening on a free port, and the web's production React Router
 * build (build/web/server/index.js, `npm run build` first) called in-process with the load context
 * server/web.ts gives it.
 * Requests run one at a time, so every query and API call counted between a request's start and
 * end is its own.
 */
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { buildApi } from '#api/app'
import { openDatabase } from '#api/db/client'
import type { Mail } from '#api/mail/mailer'
import { webRequestContext } from '#app/lib/web-request'
import { Client } from '../../tests/support/api-harness'
import { requireProductionBuild } from './builds'
import { benchDatabase } from './database'
import { seconds } from './stats'

export interface Timing {
  /** Server time of each timed request, in ms. */
  times: number[]
  /** Database queries of each timed request. */
  queries: number[]
  /** The API calls the last request made, in order, as the API saw them. */
  calls: string[]
  /** The SQL of the last request (with `showQueries` only). */
  sql: string[]
  /** Size of the last answer: the HTML page, or the JSON. */
  bytes: number
}

export async function inProcessPortal({ showQueries }: { showQueries: boolean }) {
  const counted = { queries: 0, sql: [] as string[], calls: [] as string[] }
  const logger = {
    logQuery(query: string) {
      counted.queries++
      if (showQueries) counted.sql.push(query)
    },
  }
  const bench = await benchDatabase({ memory: true })
  const database = await openDatabase({ ...bench.options, logger })
  await database.migrate()
  const mails: Mail[] = []
  // Answers unchecked, as production writes them (api/main.ts): the times are the production API's, not the tests' check.
  const api = await buildApi(
    {
      db: database.db,
      mailer: { send: async (mail) => void mails.push(mail) },
      now: () => new Date(),
      publicUrl: 'http://bench.test',
      trustProxy: '127.0.0.1',
    },
    { checkAnswers: false },
  )
  const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' })
  api.server.on('request', (request: { method?: string; url?: string }) => counted.calls.push(`${request.method} ${request.url?.split('?')[0]}`))
  const admin = new Client('127.0.0.1', apiUrl)

  // The npm script makes build/ a module directory for vite-node (VITE_NODE_DEPS_MODULE_DIRECTORIES), so
  // Node itself loads the build: transformed by vite-node, it would load a second copy of
  // react-router, whose React contexts the server render then misses.
  const build = (await import(pathToFileURL(requireProductionBuild()).href)) as ServerBuild
  const handle = createRequestHandler(build, 'production')
  const web = {
    routes: new Set(Object.keys(build.routes)),
    /** A GET as the signed-in admin: its status, and its text once the body is read. */
    async get(path: string) {
      const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ')
      const context = webRequestContext({ cspNonce: 'bench', clientAddress: '127.0.0.1', backendUrl: apiUrl, requestId: 'bench' })
      const response = await handle(new Request(`http://bench.test${path}`, { headers: { cookie } }), context)
      const text = await response.text()
      return { status: response.status, bytes: text.length, text }
    },
  }

  /**
   * A GET of the API as the admin, answering its status and JSON size: the body is read as the text
   * it arrives as, not parsed and written again, which is the client's work and would be timed as
   * the server's (for a megabyte of JSON, more than the server's own).
   */
  async function apiGet(path: string) {
    const cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ')
    const response = await fetch(apiUrl + path, { headers: { cookie, 'x-forwarded-for': admin.forwardedFor } })
    const text = await response.text()
    return { status: response.status, bytes: text.length }
  }

  /** Warm-ups, then timed runs, one request at a time (each after `before`, untimed); queries and API calls counted per request. Any status but 200 stops the bench. */
  async function timed(
    label: string,
    request: () => Promise<{ status: number; bytes: number }>,
    { warmUps, runs, before }: { warmUps: number; runs: number; before?: () => Promise<unknown> },
  ): Promise<Timing> {
    const timing: Timing = { times: [], queries: [], calls: [], sql: [], bytes: 0 }
    for (let run = 0; run < warmUps + runs; run++) {
      // Untimed and uncounted: what each run starts from (a change, for one).
      await before?.()
      counted.queries = 0
      counted.sql = []
      counted.calls = []
      const start = performance.now()
      const { status, bytes } = await request()
      const took = performance.now() - start
      if (status !== 200) throw new Error(`${label} answered ${status}`)
      timing.bytes = bytes
      if (run < warmUps) continue
      timing.times.push(took)
      timing.queries.push(counted.queries)
      // Copies: the logs go on filling until the next request starts.
      timing.calls = [...counted.calls]
      timing.sql = [...counted.sql]
    }
    return timing
  }

  return {
    kind: bench.kind,
    db: database.db,
    admin,
    mails,
    web,
    apiGet,
    timed,
    async close() {
      try {
        await api.close()
        await database.close()
      } finally {
        await bench.drop()
      }
    },
  }
}

/**
 * React Router's single-fetch data request for one route's loader alone, as the browser makes it
 * on a navigation: `/users` and `routes/_app.users._index` give
 * `/users.data?_routes=routes%2F_app.users._index` (`/` gives `/_root.data?…`).
 */
export function loaderRequest(path: string, routeId: string) {
  const url = new URL(path, 'http://bench.test')
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  url.searchParams.set('_routes', routeId)
  return url.pathname + url.search
}

/**
 * The run of a small-against-large bench: the small data made and measured, the large made (added
 * to it) and measured, the report printed, the portal closed, the process ended (the React Router
 * build's modules may keep timers of their own; nothing is left to wait for).
 */
export async function smallThenLarge<Data>(
  portal: Pick<Awaited<ReturnType<typeof inProcessPortal>>, 'close'>,
  what: string,
  steps: { small: () => Promise<Data>; large: () => Promise<Data>; measure: (size: 'small' | 'large', data: Data) => Promise<void>; report: () => void },
  { warmUps, runs, started }: { warmUps: number; runs: number; started: number },
) {
  const elapsed = () => seconds(performance.now() - started)
  const small = await steps.small()
  console.log(`Small ${what} built; measuring (${warmUps} warm-ups, ${runs} runs each)...`)
  await steps.measure('small', small)
  const large = await steps.large()
  console.log(`Large ${what} built in ${elapsed()} s from the start; measuring...`)
  await steps.measure('large', large)
  steps.report()
  await portal.close()
  console.log(`Done in ${elapsed()} s.`)
  process.exit(0)
}
