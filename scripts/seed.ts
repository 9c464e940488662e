import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { PERMISSIONS } from '#domain/constants'
import { parseEnv } from '#domain/env'
import { openDatabase } from '#api/db/client'
import { roles, users } from '#api/db/schema'
import { hashPassword } from '#api/auth/passwords'

/**
 * `npm run seed`: demo data, safe to run again (nothing is duplicated, nothing of yours is
 * overwritten). With the embedded database, stop the app first: one process holds it.
 */
const env = parseEnv(process.env)
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR })
await database.migrate()
const { db } = database
const now = new Date()

const email = env.SEED_ADMIN_EMAIL.toLowerCase()
const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
if (existing && !env.SEED_ADMIN_PASSWORD) {
  console.log(`Administrator ${email} already exists; its password is unchanged.`)
} else {
  const password = env.SEED_ADMIN_PASSWORD ?? `${randomBytes(9).toString('base64url')}7@a`
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Admin'))
  const values = {
    email,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: now,
    status: 'Active' as const,
    role: 'Admin',
    roleId: adminRole.id,
    permissions: [...PERMISSIONS],
    fullName: 'Portal Administrator',
    createdAt: now,
  }
  await db.insert(users).values(values).onConflictDoUpdate({ target: users.email, set: values })
  console.log(`Administrator: sign in at ${env.PUBLIC_URL}/login as ${email} with password ${password}`)
}

await database.close()
