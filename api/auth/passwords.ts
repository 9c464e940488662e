import { hash, verify } from '@node-rs/argon2'

// The library's default algorithm is argon2id (DESIGN §4).
export const hashPassword = (password: string) => hash(password)

/**
 * What an account holds when no password may sign it in: two sign-ups claimed an unverified address
 * with different passwords, and only the mailbox can say whose it is (a reset then sets one).
 */
export const NO_PASSWORD = ''

// Checked against unknown accounts (and those without a password) so that they take as long to refuse as others.
const decoy = hash('decoy-password-never-matches')

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  const stored = passwordHash || (await decoy)
  const ok = await verify(stored, password).catch(() => false)
  return ok && Boolean(passwordHash)
}
