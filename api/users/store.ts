import { eq } from 'drizzle-orm'
import { fieldChanges } from '#domain/audit'
import type { Executor } from '#api/db/client'
import { users } from '#api/db/schema'
import { recordChange, recordChanges } from '#api/audit/record'
import { auditActor, type StoreContext } from '#api/context'

/**
 * Every write of an account: creating one (sign-up, the seed, later an import) and
 * changing one (verification, a password, a status, a role and its permissions). Each records its
 * audit entry in the caller's transaction.
 */

export type Account = typeof users.$inferSelect
export type NewAccount = typeof users.$inferInsert

/**
 * Who creates an account: someone, the system, or the person themselves (a sign-up, whose actor is
 * the account being made: its id, its email as the name).
 */
export type CreatorContext = Omit<StoreContext, 'actor'> & { actor: StoreContext['actor'] | 'self' }

/**
 * What the log shows of an account. The name is left out: it is the profile's (its entry records
 * it); the password is a secret, so only that it was set or changed shows (domain/audit.ts).
 */
const audited = (account: Pick<Account, 'email' | 'passwordHash' | 'status' | 'role' | 'permissions' | 'emailVerifiedAt'>) => ({
  email: account.email,
  password: account.passwordHash,
  status: account.status,
  role: account.role,
  permissions: account.permissions,
  emailVerified: account.emailVerifiedAt !== null,
})
type Audited = keyof ReturnType<typeof audited>

/** Which audited fields a change of these columns touches. */
const AUDITED_BY_COLUMN: Partial<Record<keyof Account, Audited>> = {
  email: 'email',
  passwordHash: 'password',
  status: 'status',
  role: 'role',
  permissions: 'permissions',
  emailVerifiedAt: 'emailVerified',
}

/** How the log names a person: their name, else their email. */
export const personLabel = (account: Pick<Account, 'fullName' | 'email'>) => account.fullName || account.email

/** The account of an email (stored lower-cased), locked for the caller's transaction when asked. */
export async function accountByEmail(db: Executor, email: string, { lock = false } = {}) {
  const query = db.select().from(users).where(eq(users.email, email.toLowerCase()))
  const [account] = lock ? await query.for('update') : await query
  return account
}

/**
 * Creates the accounts whose email is not taken yet (a taken one is skipped, not refused: the seed
 * runs again), one insert, and records a 'created' entry for each. Answers the accounts made.
 */
export async function createUsers(ctx: CreatorContext, accounts: readonly NewAccount[]) {
  const { db: tx, actor, now: at } = ctx
  if (accounts.length === 0) return []
  const created = await tx.insert(users).values([...accounts]).onConflictDoNothing({ target: users.email }).returning()
  if (actor === 'self') {
    for (const account of created) await recordChange(tx, { id: account.id, name: account.email }, at, creation(account))
  } else {
    await recordChanges(tx, auditActor({ ...ctx, actor }), at, created.map(creation))
  }
  return created
}

const creation = (account: Account) => ({
  entityType: 'user' as const,
  entityId: account.id,
  label: personLabel(account),
  action: 'created' as const,
  changes: fieldChanges(null, audited(account)),
  subjectId: account.id,
})

/** Creates one account; undefined when its email is taken. */
export async function createUser(ctx: CreatorContext, account: NewAccount): Promise<Account | undefined> {
  const [created] = await createUsers(ctx, [account])
  return created
}

/**
 * Changes columns of an account and records a 'changed' entry with the audited fields that moved,
 * before → after; none when nothing the log shows moved. `account` is the row as it was (read under
 * the caller's lock). Answers the row as it is now.
 */
export async function updateUser(ctx: StoreContext, account: Account, set: Partial<Omit<Account, 'id'>>) {
  const { db: tx, now: at } = ctx
  if (Object.keys(set).length === 0) return account
  const [updated] = await tx.update(users).set(set).where(eq(users.id, account.id)).returning()
  const fields = new Set(Object.keys(set).flatMap((column) => AUDITED_BY_COLUMN[column as keyof Account] ?? []))
  const only = (view: ReturnType<typeof audited>) => Object.fromEntries(Object.entries(view).filter(([field]) => fields.has(field as Audited)))
  const changes = fieldChanges(only(audited(account)), only(audited(updated!)))
  if (changes.length > 0) {
    await recordChange(tx, auditActor(ctx), at, { entityType: 'user', entityId: account.id, label: personLabel(updated!), action: 'changed', changes, subjectId: account.id })
  }
  return updated!
}
