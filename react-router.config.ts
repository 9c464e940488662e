import type { Config } from '@react-router/dev/config'

/**
 * React Router 8 in framework mode, server-rendered: every screen must work without JavaScript.
 * The server bundle goes to build/web/server, the browser's files to build/web/client
 * (server/web.ts serves them). React Router 7's v8_* future flags are v8's defaults: middleware
 * (loaders get a RouterContextProvider, app/lib/web-request.ts), pass-through requests (read the
 * address from the `url` argument), trailing-slash-aware data addresses, Vite's environment API and
 * split route modules.
 */
export default {
  appDirectory: 'app',
  buildDirectory: 'build/web',
  ssr: true,
} satisfies Config
