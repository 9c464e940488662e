import { eq } from 'drizzle-orm'
import { fieldChanges } from '#domain/audit'
import type { Executor } from '#api/db/client'
import { recordChange } from '#api/audit/record'
import { auditActor, type StoreContext } from '#api/context'
import { profiles, roles, users } from '#api/db/schema'
import { isUuid } from '#domain/ids'
import type * as z from 'zod/mini'
import { personalSchema, professionalSchema, financialSchema, PRIVATE_PERSONAL_FIELDS, type PrivatePersonalField, type ProfileSubmission } from '#domain/profile'

// A user with no profile yet reads as one with every field empty.
const empty = {
  personal: personalSchema.parse({}),
  professional: professionalSchema.parse({}),
  financial: financialSchema.parse({}),
}

type Personal = z.infer<typeof personalSchema>

/** The personal section without what only the person and the administrators see. */
const withoutPrivate = (personal: Personal) =>
  Object.fromEntries(Object.entries(personal).filter(([key]) => !(PRIVATE_PERSONAL_FIELDS as readonly string[]).includes(key))) as Omit<Personal, PrivatePersonalField>

/** An edit by someone who may not see the private details: those stay as stored, whatever was sent. */
export const keepPrivate = (edited: Personal, stored: Personal): Personal => ({ ...edited, ...pick(stored, PRIVATE_PERSONAL_FIELDS) })

const pick = <T extends object, K extends keyof T>(source: T, keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, source[key]])) as Pick<T, K>

/**
 * The profile as GET /form/profile/{id} answers it; null when the user does not exist. Financial
 * details, the date of birth and family details are the person's and the administrators' only
 * (DESIGN §4, domain/access.ts `seesPrivate`): left out unless `withPrivate`.
 */
export async function readProfile(db: Executor, userId: string, { withPrivate }: { withPrivate: boolean }) {
  const profile = await readWholeProfile(db, userId)
  if (!profile || withPrivate) return profile
  const { financial: _financial, personal, ...rest } = profile
  return { ...rest, personal: withoutPrivate(personal) }
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

/** A profile's sections as one flat record, `section.field`: what its audit entries compare. */
const flat = (sections: Pick<typeof profiles.$inferSelect, 'personal' | 'professional' | 'financial'>) =>
  Object.fromEntries(
    (['personal', 'professional', 'financial'] as const).flatMap((section) => Object.entries(sections[section]).map(([field, value]) => [`${section}.${field}`, value])),
  )

/**
 * Writes the three sections; the role is the account's and is set by setRole (#api/users/assign-role).
 * Records the fields that moved, in the caller's transaction: 'created' on the first submission,
 * 'changed' after, none when nothing moved; the salary shows only as changed (domain/audit.ts).
 */
export async function writeProfile(ctx: StoreContext, userId: string, data: Omit<ProfileSubmission, 'roleId'>) {
  const { db: tx, now } = ctx
  const values = {
    userId,
    personal: data.personal,
    professional: { ...data.professional, role: null },
    financial: data.financial,
    updatedAt: now,
  }
  const [before] = await tx.select().from(profiles).where(eq(profiles.userId, userId))
  await tx.insert(profiles).values(values).onConflictDoUpdate({ target: profiles.userId, set: values })
  const [person] = await tx.update(users).set({ fullName: data.personal.name }).where(eq(users.id, userId)).returning({ fullName: users.fullName, email: users.email })
  const changes = fieldChanges(before ? flat(before) : null, flat(values))
  if (changes.length === 0) return
  await recordChange(tx, auditActor(ctx), now, {
    entityType: 'profile',
    entityId: userId,
    label: person!.fullName || person!.email,
    action: before ? 'changed' : 'created',
    changes,
    subjectId: userId,
  })
}
