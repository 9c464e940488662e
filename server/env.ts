import { parseEnv, type Env } from '#domain/env'

/**
 * The web process's variables, parsed from process.env once (the only read of it in the web's code;
 * tests/unit/env-reads.test.ts keeps it so). Parsed at first need rather than at import, so a test
 * may set a variable before the first read. One parse for every copy of this module: server/web.ts
 * is bundled apart from React Router's server build (scripts/build-server.mjs), each with its own copy.
 */
const KEY = Symbol.for('workforce-portal.web-env')
const holder = globalThis as { [KEY]?: Env }

export function webEnv(): Env {
  return (holder[KEY] ??= parseEnv(process.env))
}
