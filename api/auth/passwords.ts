import { hash, verify } from '@node-rs/argon2'

// The library's default algorithm is argon2id (DESIGN §4).
export const hashPassword = (password: string) => hash(password)

// Checked against unknown accounts so that they take as long to refuse as known ones.
const decoy = hash('decoy-password-never-matches')

export async function verifyPassword(passwordHash: string | undefined, password: string) {
  const stored = passwordHash ?? (await decoy)
  const ok = await verify(stored, password).catch(() => false)
  return ok && passwordHash !== undefined
}
