// `npm start`: builds if needed, then runs the API (which migrates the database) and the web
// together. Either one stopping stops the other; Ctrl-C stops both cleanly.
// `npm run start:production` (`--built`): the same from a built and pruned tree, which has no
// build tools: it never builds, and stops if there is no build.
import './env-file.mjs'
import fs from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { buildIsStale } from './build-state.mjs'
import { SERVER_FLAGS } from './server-flags.mjs'

if (process.argv.includes('--built')) {
  if (!fs.existsSync('build/server/api.js') || !fs.existsSync('build/web/server/index.js')) {
    console.error('No build: run `npm run build` first (it needs the dev dependencies), then `npm prune --omit=dev`.')
    process.exit(1)
  }
} else if (buildIsStale()) {
  console.log('Building the app (first start or changed sources)...')
  // Always a production build: under NODE_ENV=test (the e2e server) Vite would make a development
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

let stopping = false
function stop(code) {
  if (stopping) return
  stopping = true
  for (const child of [web, api]) if (child && child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = code
}
// Listened for before the API is even up: a stop during a first start (migrations can take seconds)
// must reach the API too, not leave it running.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
api.on('exit', (code) => stop(code ?? 0))

// The web starts once the API answers, so the first page never meets a missing backend.
for (let i = 0; i < 600 && api.exitCode === null && !stopping; i++) {
  const ok = await fetch(`${apiUrl}/healthz`).then((r) => r.ok, () => false)
  if (ok) break
  await new Promise((resolve) => setTimeout(resolve, 100))
}
if (api.exitCode === null && !stopping) {
  web = spawn(process.execPath, [...SERVER_FLAGS, 'build/server/web.js'], { stdio: 'inherit', env })
  web.on('exit', (code) => stop(code ?? 0))
  console.log(`\nThe portal is at ${process.env.PUBLIC_URL || `http://localhost:${port}`}\n`)
}
if (api.exitCode !== null) stop(api.exitCode)
