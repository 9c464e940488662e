// The bare Remix page served the way the app's web is (Express with Remix's request handler, gzip),
// without the app's own middleware: the baseline a Remix page can reach on this machine.
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

const build = await import(new URL('./build/index.js', import.meta.url).href)
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/build', express.static(new URL('./public/build', import.meta.url).pathname, { immutable: true, maxAge: '1y' }))
app.all('*', createRequestHandler({ build, mode: 'production' }))
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`bare Remix on ${process.env.PORT}`))
