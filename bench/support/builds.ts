/** The builds a benchmark measures: the portal's (made by `npm run build`) and the bare Remix baseline's. */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BARE_REMIX = path.join(ROOT, 'bench/bare-remix')

/** The portal's web build, refused when missing or made for development (React's dev runtime would make every figure meaningless). */
export function requireProductionBuild() {
  const buildFile = path.join(ROOT, 'build/web/index.js')
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(ROOT, 'build/server/api.js'))) throw new Error('No build: run `npm run build` first.')
  if (fs.readFileSync(buildFile, 'utf8').includes('react/jsx-dev-runtime')) throw new Error('build/ is a development build (the e2e server makes one): run `npm run build` first.')
  return buildFile
}

/** Builds the bare Remix page when its build is missing or older than its sources. */
export function ensureBareRemixBuild() {
  const built = path.join(BARE_REMIX, 'build/index.js')
  const sources = ['remix.config.js', 'app/root.tsx', 'app/entry.server.tsx', 'app/routes/_index.tsx', '../../remix.config.js'].map((file) => fs.statSync(path.join(BARE_REMIX, file)).mtimeMs)
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > Math.max(...sources)) return
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin/remix'), ['build'], { cwd: BARE_REMIX, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The bare Remix baseline did not build.')
}

/** The browser manifest a build serves: `window.__remixManifest = {...}` in public/build/manifest-*.js. */
export function remixManifest(serverBuild: string, publicDir: string): RemixManifest {
  const url = fs.readFileSync(serverBuild, 'utf8').match(/"(\/build\/manifest-[A-Z0-9]+\.js)"/)?.[1]
  if (!url) throw new Error(`no manifest named in ${serverBuild}`)
  const text = fs.readFileSync(path.join(publicDir, url), 'utf8')
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as RemixManifest
}

export interface RemixManifest {
  entry: { module: string; imports?: string[] }
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>
}
