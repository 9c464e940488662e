import fs from 'node:fs'
import path from 'node:path'

const outputs = ['build/server/api.js', 'build/server/web.js', 'build/web/server/index.js']
const sources = ['app', 'api', 'domain', 'server', 'shared', 'scripts', 'package.json', 'react-router.config.ts', 'vite.config.ts']

const newest = (entry) => {
  if (!fs.existsSync(entry)) return 0
  const stat = fs.statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))))
}

/** True when a build is missing or older than the sources it was made from. */
export function buildIsStale() {
  if (!outputs.every((file) => fs.existsSync(file))) return true
  const built = Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs))
  return Math.max(...sources.map(newest)) > built
}
