import { eq } from 'drizzle-orm'
import type { Executor } from '#api/db/client'
import { profiles, roles, users } from '#api/db/schema'
import { personalSchema, professionalSchema, financialSchema, type ProfileSubmission } from '#domain/profile'
import { badRequest } from '#api/http/errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (value: string) => UUID.test(value)

// A user with no profile yet reads as one with every field empty.
const empty = {
  personal: personalSchema.parse({}),
  professional: professionalSchema.parse({}),
  financial: financialSchema.parse({}),
}

/** The profile as GET /form/profile/{id} answers it; null when the user does not exist. */
export async function readProfile(db: Executor, userId: string) {
  if (!isUuid(userId)) return null
  const [row] = await db
    .select({ user: users, profile: profiles, role: { _id: roles.id, name: roles.name } })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(roles, eq(roles.id, profiles.jobRoleId))
    .where(eq(users.id, userId))
  if (!row) return null
  return {
    status: row.user.status,
    roleId: row.role?._id ? row.role : null,
    personal: { ...empty.personal, ...row.profile?.personal, name: row.profile?.personal.name ?? row.user.fullName },
    professional: { ...empty.professional, ...row.profile?.professional },
    financial: { ...empty.financial, ...row.profile?.financial },
  }
}

/** Writes the three sections and the job role; the role's name is taken from the database. */
export async function writeProfile(tx: Executor, userId: string, data: Omit<ProfileSubmission, 'roleId'> & { roleId: string | null }, now: Date) {
  let roleName: string | null = null
  if (data.roleId) {
    const [role] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, data.roleId))
    if (!role) throw badRequest('roleId: Choose a role from the list')
    roleName = role.name
  }
  const values = {
    userId,
    jobRoleId: data.roleId,
    personal: data.personal,
    professional: { ...data.professional, role: roleName },
    financial: data.financial,
    updatedAt: now,
  }
  await tx.insert(profiles).values(values).onConflictDoUpdate({ target: profiles.userId, set: values })
  await tx.update(users).set({ fullName: data.personal.name }).where(eq(users.id, userId))
}
