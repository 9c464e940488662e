// The bare React Router page served the way the portal's web is (server/web.ts: Express 5 with
// React Router's request handler, gzip, the fingerprinted files of build/client/assets at /assets),
// without the portal's own middleware (logging, security headers, form checks, the compressor's
// flush taken away): the baseline a React Router page can reach on this machine, as React Router
// ships it.
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'

const build = await import(new URL('./build/server/index.js', import.meta.url).href)
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static(new URL('./build/client/assets', import.meta.url).pathname, { immutable: true, maxAge: '1y' }))
app.use(createRequestHandler({ build, mode: 'production' }))
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare React Router on ${process.env.PORT}`))
