import '@remix-run/server-runtime'

// Single fetch (remix.config.js `v3_singleFetch`): loaders' and actions' answers are typed as the
// data they return, as React Router 7 types them.
declare module '@remix-run/server-runtime' {
  interface Future {
    v3_singleFetch: true
  }
}
