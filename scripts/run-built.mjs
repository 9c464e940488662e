// `npm run seed` / `npm run migrate`: runs the bundled script, building first if needed.
import './env-file.mjs'
import { spawnSync } from 'node:child_process'
import { buildIsStale } from './build-state.mjs'

const script = process.argv[2]
if (buildIsStale()) {
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
const run = spawnSync(process.execPath, [`build/server/${script}.js`, ...process.argv.slice(3)], { stdio: 'inherit' })
process.exit(run.status ?? 1)
