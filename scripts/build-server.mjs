// Bundles the two server processes and the database scripts into build/server/ (dependencies stay
// in node_modules). React Router builds the web app itself (`react-router build`, into build/web/).
import { build } from 'esbuild'

await build({
  entryPoints: {
    api: 'api/main.ts',
    web: 'server/web.ts',
    seed: 'scripts/seed.ts',
    migrate: 'scripts/migrate.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
    'copy-to-postgres': 'scripts/copy-to-postgres.ts',
  },
  outdir: 'build/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
