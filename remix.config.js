/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  serverModuleFormat: 'esm',
  serverBuildPath: 'build/web/index.js',
  assetsBuildDirectory: 'public/build',
  publicPath: '/build/',
}
