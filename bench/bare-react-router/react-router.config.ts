import type { Config } from '@react-router/dev/config'

/**
 * The benchmarks' baseline: a bare React Router route (no data, no styles) built by the same
 * compiler with the same options as the portal (../../react-router.config.ts: framework mode,
 * server-rendered, every future flag at its default), so "a React Router page" is measured beside
 * ours in the same run. `bench/production.ts` builds it when its build is missing or older than
 * these files: the server bundle to build/server/index.js, the browser's files to build/client.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config
