import * as z from 'zod/mini'
import { ACCOUNT_STATUSES, PERMISSIONS } from '../constants'
import type { ListedUser, User } from '../contracts/users'
import type { Role, RoleHistoryPage, RoleWithUsers } from '../contracts/roles'

/**
 * The answers of the accounts, roles and landing calls as zod schemas: what each route declares as
 * its response (api/http/schemas.ts) and the OpenAPI document describes. Each satisfies its
 * interface in domain/contracts, which the web reads; strict, so an answer carrying a field the
 * contract does not name (a hash, a private detail) fails the tests. The web never imports these.
 */

const permissions = z.array(z.enum(PERMISSIONS))
const status = z.enum(ACCOUNT_STATUSES)

export const userAnswer = z.strictObject({
  _id: z.string(),
  email: z.string(),
  fullName: z.nullable(z.string()),
  role: z.string(),
  status,
  permissions,
  emailVerified: z.boolean(),
  createdAt: z.string(),
}) satisfies z.ZodMiniType<User>

export const listedUserAnswer = z.strictObject({
  ...userAnswer.def.shape,
  profile: z.strictObject({
    permissions,
    professional: z.strictObject({
      employId: z.nullable(z.string()),
      role: z.nullable(z.string()),
      workLocation: z.nullable(z.string()),
      designation: z.nullable(z.string()),
    }),
  }),
}) satisfies z.ZodMiniType<ListedUser>

export const userListAnswer = z.strictObject({ users: z.array(listedUserAnswer), total: z.number() })

export const landingAnswer = z.strictObject({ message: z.string(), user: z.nullable(userAnswer) })

export const roleAnswer = z.strictObject({ _id: z.string(), name: z.string(), permissions }) satisfies z.ZodMiniType<Role>

export const roleLeadAnswer = z.strictObject({ ...roleAnswer.def.shape, leadMonths: z.number() })

export const rolesWithUsersAnswer = z.strictObject({
  roles: z.array(
    z.strictObject({
      ...roleAnswer.def.shape,
      users: z.array(
        z.strictObject({
          _id: z.string(),
          fullName: z.nullable(z.string()),
          email: z.string(),
          status,
          permissions,
          designation: z.nullable(z.string()),
          workLocation: z.nullable(z.string()),
        }),
      ),
    }) satisfies z.ZodMiniType<RoleWithUsers>,
  ),
})

export const roleHistoryPageAnswer = z.strictObject({
  histories: z.array(
    z.strictObject({
      _id: z.string(),
      user: z.strictObject({ _id: z.string(), fullName: z.nullable(z.string()) }),
      initialRole: z.strictObject({ name: z.string() }),
      newRole: z.strictObject({ name: z.string() }),
      updatedBy: z.strictObject({ fullName: z.nullable(z.string()), email: z.nullable(z.string()) }),
      updatedAt: z.string(),
    }),
  ),
  total: z.number(),
}) satisfies z.ZodMiniType<RoleHistoryPage>
