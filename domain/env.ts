import { compile } from 'proxy-addr'
import { z } from 'zod'
import { DEFAULT_SHUTDOWN_DEADLINE_MS, DEFAULT_SIGNUPS_PER_ADDRESS_PER_HOUR } from './constants'
import { isTimeZone, systemTimeZone } from './dates'

/**
 * The operating contract's variables (DESIGN §2), parsed once at start by both processes.
 * A bad value stops start-up with a message naming it.
 */
const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback)
const url = z.url().transform((value) => value.replace(/\/+$/, ''))

/** TIME_ZONE: the organisation's zone, in which the screens show times; the server's own when unset. */
export const timeZoneSchema = z
  .string()
  .refine(isTimeZone, { error: (issue) => `unknown time zone "${String(issue.input)}" (use an IANA name such as Asia/Kolkata)` })
  .default(systemTimeZone)

export const envSchema = z
  .object({
    PORT: port(3000),
    API_PORT: port(3001),
    API_HOST: z.string().default('127.0.0.1'),
    BACKEND_URL: url.optional(),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
    DATA_DIR: z.string().default('./data'),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    MAIL_FROM: z.string().default('portal@localhost'),
    PUBLIC_URL: url.optional(),
    SEED_ADMIN_EMAIL: z.email().default('admin@example.com'),
    SEED_ADMIN_PASSWORD: z.string().optional(),
    /** Addresses (or CIDR ranges) whose X-Forwarded-For the API believes: the web processes. */
    TRUST_PROXY: z.string().default('127.0.0.1,::1'),
    /**
     * The proxies in front of the web (a load balancer, a TLS terminator) whose X-Forwarded-For it
     * believes: the client's address is then the one they name, for the API's per-address limits.
     * Unset: none, and the address is the connection's. The list is Express's `trust proxy` syntax.
     */
    WEB_TRUST_PROXY: z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
      .superRefine((entries, context) => {
        try {
          compile(entries)
        } catch (error) {
          context.addIssue({ code: 'custom', message: `${(error as Error).message} (use addresses, CIDR ranges or loopback, linklocal, uniquelocal)` })
        }
      })
      .optional(),
    /** Sign-ups, reset requests and new profile drafts one address may make in an hour, each. */
    SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_SIGNUPS_PER_ADDRESS_PER_HOUR),
    NODE_ENV: z.string().default('production'),
    /** pino's level for both processes' logs: one JSON line per request at `info`. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** On SIGTERM, how long requests in flight may take before their connections are closed. */
    SHUTDOWN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_SHUTDOWN_DEADLINE_MS),
    TIME_ZONE: timeZoneSchema,
    /**
     * What signs the web's flash cookie (comma-separated: the first signs, the others still verify, for a
     * rotation). Unset: a secret kept in DATA_DIR, made on first need, so processes sharing it agree.
     */
    SESSION_SECRET: z
      .string()
      .transform((value) => value.split(',').map((secret) => secret.trim()).filter(Boolean))
      .refine((secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 16), 'each secret needs at least 16 characters')
      .optional(),
  })
  .transform((env) => ({
    ...env,
    BACKEND_URL: env.BACKEND_URL ?? `http://127.0.0.1:${env.API_PORT}`,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  }))

export type Env = z.infer<typeof envSchema>

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "unset", as in most shells' `VAR= cmd`.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
  const result = envSchema.safeParse(defined)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid environment: ${problems.join('; ')}`)
}
