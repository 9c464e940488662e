import { eq } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { profiles, roles, users } from '#api/db/schema'
import { isUuid } from '#domain/ids'
import { personalSchema, professionalSchema, financialSchema, type ProfileSubmission } from '#domain/profile'


// A user with no profile yet reads as one with every field empty.
const empty = {
  personal: personalSchema.parse({}),
  professional: professionalSchema.parse({}),
  financial: financialSchema.parse({}),
}

/**
 * The profile as GET /form/profile/{id} answers it; null when the user does not exist. Financial
 * details and the date of birth are the person's and the administrators' only (DESIGN §4): left
 * out unless `withPrivate`.
 */
export async function readProfile(db: Executor, userId: string, { withPrivate }: { withPrivate: boolean }) {
  const profile = await readWholeProfile(db, userId)
  if (!profile || withPrivate) return profile
  const { financial: _financial, personal: { dob: _dob, ...personal }, ...rest } = profile
  return { ...rest, personal }
}

/** The whole stored profile, for the API's own use. */
export async function readWholeProfile(db: Executor, userId: string) {
  if (!isUuid(userId)) return null
  const [row] = await db
    .select({ user: users, profile: profiles, role: { _id: roles.id, name: roles.name } })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
  if (!row) return null
  return {
    status: row.user.status,
    roleId: row.role?._id ? row.role : null,
    personal: { ...empty.personal, ...row.profile?.personal, name: row.profile?.personal.name ?? row.user.fullName },
    // The role name is the person's one role as it is now (DESIGN §4), not a copy kept in the profile.
    professional: { ...empty.professional, ...row.profile?.professional, role: row.role?.name ?? null },
    financial: { ...empty.financial, ...row.profile?.financial },
  }
}

/** Writes the three sections; the role is the account's and is set by setRole (#api/users/assign-role). */
export async function writeProfile(tx: Executor, userId: string, data: Omit<ProfileSubmission, 'roleId'>, now: Date) {
  const values = {
    userId,
    personal: data.personal,
    professional: { ...data.professional, role: null },
    financial: data.financial,
    updatedAt: now,
  }
  await tx.insert(profiles).values(values).onConflictDoUpdate({ target: profiles.userId, set: values })
  await tx.update(users).set({ fullName: data.personal.name }).where(eq(users.id, userId))
}
