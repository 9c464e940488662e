import type { Config } from '@react-router/dev/config'

/**
 * React Router 7 in framework mode, server-rendered: every screen must work without JavaScript.
 * The server bundle goes to build/web/server, the browser's files to build/web/client
 * (server/web.ts serves them).
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build/web',
  ssr: true,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_splitRouteModules: true,
  },
} satisfies Config
