import type { RouteConfig } from '@react-router/dev/routes'
import { flatRoutes } from '@react-router/fs-routes'

// As the portal finds its routes (../../app/routes.ts): one file, app/routes/_index.tsx.
export default flatRoutes() satisfies RouteConfig
