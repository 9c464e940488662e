import { parseEnv, type Env } from '#domain/env'

/**
 * The API process's variables, parsed from process.env once (the only read of it in the API's code;
 * tests/unit/env-reads.test.ts keeps it so). Parsed at first need rather than at import, so a test
 * may set a variable before the first read.
 */
let parsed: Env | undefined

export function apiEnv(): Env {
  return (parsed ??= parseEnv(process.env))
}
