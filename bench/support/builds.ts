/** The builds a benchmark measures: the portal's (made by `npm run build`) and the bare React Router baseline's. */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BARE_REACT_ROUTER = path.join(ROOT, 'bench/bare-react-router')

/** Where `react-router build` put a build: its server bundle, and the folder served at / (its assets/ at /assets). */
export interface BuildFiles {
  server: string
  client: string
}

export const PORTAL_BUILD: BuildFiles = { server: path.join(ROOT, 'build/web/server/index.js'), client: path.join(ROOT, 'build/web/client') }
export const BARE_BUILD: BuildFiles = { server: path.join(BARE_REACT_ROUTER, 'build/server/index.js'), client: path.join(BARE_REACT_ROUTER, 'build/client') }

/** The portal's web build, refused when missing or made for development (React's dev runtime would make every figure meaningless). */
export function requireProductionBuild() {
  const buildFile = PORTAL_BUILD.server
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(ROOT, 'build/server/api.js')) || !fs.existsSync(path.join(ROOT, 'build/server/web.js'))) throw new Error('No build: run `npm run build` first.')
  if (fs.readFileSync(buildFile, 'utf8').includes('react/jsx-dev-runtime')) throw new Error('build/ is a development build: run `npm run build` first.')
  return buildFile
}

/**
 * Builds the bare React Router page when its build is missing or older than its sources or the
 * portal's build configuration: `react-router build` from the project's node_modules, run in its
 * folder (which has its own vite.config.ts and react-router.config.ts, mirroring the portal's).
 */
export function ensureBareReactRouterBuild() {
  const sources = ['vite.config.ts', 'react-router.config.ts', 'app/root.tsx', 'app/routes.ts', 'app/entry.server.tsx', 'app/routes/_index.tsx', '../../vite.config.ts', '../../react-router.config.ts', '../../node_modules/@react-router/dev/package.json']
  const newest = Math.max(...sources.map((file) => fs.statSync(path.join(BARE_REACT_ROUTER, file)).mtimeMs))
  if (fs.existsSync(BARE_BUILD.server) && fs.statSync(BARE_BUILD.server).mtimeMs > newest) return
  console.log('Building the bare React Router page...')
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: BARE_REACT_ROUTER,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (result.status !== 0) throw new Error('The bare React Router baseline did not build.')
}

/** What the browser is told to load, per route: the server build's `assets` (the manifest React Router writes into every page as `window.__reactRouterManifest`). */
export type ClientManifest = ServerBuild['assets']

/**
 * A build's browser manifest, read from its server bundle. The bundle is imported by Node (the npm
 * scripts make build/ a module directory for vite-node), which loads its route modules once:
 * nothing is rendered or started.
 */
export async function clientManifest(build: BuildFiles): Promise<ClientManifest> {
  const imported = (await import(pathToFileURL(build.server).href)) as ServerBuild
  return imported.assets
}
