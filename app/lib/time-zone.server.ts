import { webEnv } from '../../server/env'

/**
 * The organisation's time zone (TIME_ZONE, else the server's), in which the screens show times.
 * Checked at start-up (server/web.ts stops on an unknown zone); a loader hands it to its screen, so
 * the server's and the browser's renderings agree.
 */
export const TIME_ZONE = webEnv().TIME_ZONE
