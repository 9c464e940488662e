// The app as the e2e tests use it: its own empty database and outbox (never a developer's), an
// administrator seeded first, then `npm start`'s launcher. Settings come from playwright.config.ts.
import fs from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'

const dataDir = process.env.DATA_DIR
if (!dataDir || !dataDir.includes('e2e')) throw new Error('DATA_DIR must be the e2e data folder')
fs.rmSync(dataDir, { recursive: true, force: true })
const seed = spawnSync(process.execPath, ['build/server/seed.js'], { stdio: 'inherit' })
if (seed.status !== 0) process.exit(seed.status ?? 1)
const app = spawn(process.execPath, ['scripts/start.mjs'], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal))
app.on('exit', (code) => process.exit(code ?? 0))
