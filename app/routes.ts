import type { RouteConfig } from '@react-router/dev/routes'
import { flatRoutes } from '@react-router/fs-routes'

// The route files keep Remix 2's flat names (`_app.users.$userId.profile.tsx`): one file, one URL.
export default flatRoutes({ ignoredRouteFiles: ['**/.*', '**/*.test.*'] }) satisfies RouteConfig
