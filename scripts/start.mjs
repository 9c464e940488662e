// `npm start`: builds if needed, then runs the API (which migrates the database) and the web
// together. Either one stopping stops the other; Ctrl-C stops both cleanly.
import { spawn, spawnSync } from 'node:child_process'
import { buildIsStale } from './build-state.mjs'
import { SERVER_FLAGS } from './server-flags.mjs'

if (buildIsStale()) {
  console.log('Building the app (first start or changed sources)...')
  // Always a production build: under NODE_ENV=test (the e2e server) Remix would make a development
  // one, which a later production start cannot render.
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const port = process.env.PORT || '3000'
const apiPort = process.env.API_PORT || '3001'
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' }

const api = spawn(process.execPath, [...SERVER_FLAGS, 'build/server/api.js'], { stdio: 'inherit', env })
const apiUrl = process.env.BACKEND_URL || `http://127.0.0.1:${apiPort}`
let web

// The web starts once the API answers, so the first page never meets a missing backend.
for (let i = 0; i < 600 && api.exitCode === null; i++) {
  const ok = await fetch(`${apiUrl}/healthz`).then((r) => r.ok, () => false)
  if (ok) break
  await new Promise((resolve) => setTimeout(resolve, 100))
}
if (api.exitCode === null) {
  web = spawn(process.execPath, [...SERVER_FLAGS, 'build/server/web.js'], { stdio: 'inherit', env })
  web.on('exit', (code) => stop(code ?? 0))
  console.log(`\nThe portal is at ${process.env.PUBLIC_URL || `http://localhost:${port}`}\n`)
}
api.on('exit', (code) => stop(code ?? 0))
if (api.exitCode !== null) stop(api.exitCode)

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of [web, api]) if (child && child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
