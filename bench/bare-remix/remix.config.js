/**
 * The benchmarks' baseline: a bare Remix 2 route (no data, no styles) built with the same classic
 * compiler and future flags as the app, so "a Remix page" is measured beside ours in the same run.
 * `bench/production.ts` builds it when its build is missing or older than these files.
 */
import app from '../../remix.config.js'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: app.serverModuleFormat,
  serverBuildPath: 'build/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: app.publicPath,
  future: app.future,
}
