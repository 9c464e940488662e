import fs from 'node:fs'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { webRequestContext } from '#app/lib/web-request'
import { webEnv } from './env'
import { requestLog } from './request-log'
import { closeGracefully } from './shutdown'
import { formPostRefusal, refuseUnread } from './form-posts'
import { sameOrigin } from './origin'
import { securityHeaders } from './security-headers'

/**
 * The web process: React Router behind Express. A custom server rather than `react-router-serve`
 * because the API's throttles need the browser's address, which react-router-serve does not hand
 * to loaders.
 */
const env = webEnv()
// build/server/web.js (this file, bundled) sits beside build/web/, which `react-router build` writes.
const BUILD = new URL('../web/', import.meta.url)
const built = (await import(new URL('server/index.js', BUILD).href)) as ServerBuild
// Only the Origin check below decides where a post may come from. React Router repeats it against the
// request's own address, whose Host a proxy in front may rewrite (to internal-web:3000, say): it is
// told that PUBLIC_URL's host is ours too. Set here rather than in react-router.config.ts because
// PUBLIC_URL is known at start, not at build.
const build: ServerBuild = { ...built, allowedActionOrigins: [new URL(env.PUBLIC_URL).host] }

const app = express()
app.disable('x-powered-by')
// The client's address (req.ip) is the connection's, unless WEB_TRUST_PROXY names the proxies in front:
// then it is the one they put in X-Forwarded-For, so the API's per-address limits are each visitor's,
// not the proxy's for everyone. Express's own parse (proxy-addr) decides it, never a header read by hand.
app.set('trust proxy', env.WEB_TRUST_PROXY ?? false)

app.use(requestLog(env.LOG_LEVEL))
app.use(compression())
// React Router flushes the compressor after every chunk React writes, for pages that stream late data.
// Ours are rendered whole (app/entry.server.tsx), and each flush closes a deflate block: a large
// page went out five times its gzipped size, and the flushing cost CPU on every page.
app.use((_req, res, next) => {
  delete (res as { flush?: unknown }).flush
  next()
})

// Fingerprinted build assets never change. Served before the security headers: a page's twenty scripts would
// each carry a kilobyte of page-only headers (CSP and the like); nosniff is the one that matters here.
const nosniff = (res: express.Response) => res.setHeader('X-Content-Type-Options', 'nosniff')
app.use('/assets', express.static(new URL('client/assets', BUILD).pathname, { immutable: true, maxAge: '1y', setHeaders: nosniff }))

app.use(
  securityHeaders((nonce) => ({
    // Secure-context headers only make sense behind https.
    strictTransportSecurity: env.PUBLIC_URL.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it a browser sends `Origin: null` on form posts, and the CSRF check needs the origin.
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", `'nonce-${nonce}'`],
        'connect-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': env.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
  })),
)

// Only the files public/ holds go to the static handler: otherwise every page would first cost a
// failed stat() of its path. Files in public/ may change; the fingerprinted build assets are
// served above, before the security headers.
const publicFiles = express.static('public', { maxAge: '1h' })
const publicPaths = new Set(fs.readdirSync('public').map((name) => `/${name}`))
app.use((req, res, next) => (publicPaths.has(req.path) ? publicFiles(req, res, next) : next()))

app.get('/healthz', async (_req, res) => {
  const api = await fetch(`${env.BACKEND_URL}/healthz`).catch(() => null)
  res.status(api?.ok ? 200 : 503).json({ ok: Boolean(api?.ok) })
})

// A post is a form of ours or nothing: refused from its headers before its body is read, and the
// connection closed, so a large or endless body is never kept.
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const refusal = formPostRefusal(req.headers)
  if (!refusal) return next()
  refuseUnread(req, res, refusal)
})

// CSRF: a form post must come from a page of ours (DESIGN §4); checked once, for every action.
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  if (!sameOrigin(req, env.PUBLIC_URL)) {
    res.status(403).type('text/plain').send('Forbidden: this form was not sent from this site.')
    return
  }
  next()
})

// An address whose percent-encoding is broken names no page: the sender's mistake, told as such
// (Express 4's router refused it; Express 5 passes it on, and React Router would answer 404).
app.use((req, res, next) => {
  try {
    decodeURIComponent(req.path)
  } catch {
    res.status(400).type('text/plain').send('Bad request: this address is not one the site knows.')
    return
  }
  next()
})

app.use(
  createRequestHandler({
    build,
    getLoadContext: (req, res) =>
      webRequestContext({
        cspNonce: res.locals.cspNonce as string,
        clientAddress: req.ip ?? '',
        backendUrl: env.BACKEND_URL,
        requestId: String(req.id),
      }),
  }),
)

// What Express itself refuses before React Router sees it (an address with bad percent-encoding): its status
// and a sentence. Never Express's own error page, which shows the stack unless NODE_ENV is production.
app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (res.headersSent) return next(error)
  const given = error && typeof error === 'object' && 'status' in error ? Number(error.status) : NaN
  const status = given >= 400 && given < 600 ? given : 500
  if (status >= 500) req.log.error({ err: error }, 'request failed')
  res
    .status(status)
    .type('text/plain')
    .send(status < 500 ? 'Bad request: this address is not one the site knows.' : 'Something went wrong. Please try again.')
})

const server = app.listen(env.PORT, () => console.log(`Web listening on ${env.PUBLIC_URL} (port ${env.PORT}), API at ${env.BACKEND_URL}`))
closeGracefully(server, { deadlineMs: env.SHUTDOWN_DEADLINE_MS, log: (line) => console.log(line) })
