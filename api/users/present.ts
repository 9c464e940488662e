import type { User } from '#domain/contracts/users'
import type { users } from '#api/db/schema'

type UserRow = typeof users.$inferSelect

/** The user as every call answers it: the spec's field names, never the password hash. */
export const presentUser = (user: UserRow): User => ({
  _id: user.id,
  email: user.email,
  fullName: user.fullName,
  role: user.role,
  status: user.status,
  permissions: user.permissions,
  emailVerified: user.emailVerifiedAt !== null,
  createdAt: user.createdAt.toISOString(),
})
